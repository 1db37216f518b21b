/**
 * The signed-in user's settings (GitLab's Rails forms as JSON, and `PUT /user/preferences`):
 * profile, colour mode and time format, creating a personal access token (shown once, then
 * usable), GitLab's refusals, and the CSRF token that cookie sessions must send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesOf } from '../../server/domain/preferences.ts';
import { createSession } from '../../server/domain/sessions.ts';
import { SESSION_COOKIE } from '../../server/http/auth.ts';
import { USER_SETTINGS_MESSAGES, USER_SETTINGS_PATHS, userSettingsRoutes } from '../../server/web/user_settings.ts';
import { startTestServer, type RequestOptions, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let user = { id: 0, token: '' };
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({
    webRoutes: [{ plugin: userSettingsRoutes, probe: { method: 'PUT', url: USER_SETTINGS_PATHS.profile } }],
  });
  const created = await server.createUser('pat');
  user = { id: created.user.id, token: created.token };
});
afterAll(() => server.close());

const send = <T>(path: string, method: string, json: unknown, options: RequestOptions = { token: user.token }) =>
  server.request<T>(path, { method, json, ...options });

describe('profile', () => {
  it('updates the profile and shows it in the API', async () => {
    const saved = await send(USER_SETTINGS_PATHS.profile, 'PUT', {
      user: {
        name: 'Pat Doe',
        bio: 'Builds things',
        location: 'Lyon',
        website_url: 'https://pat.example',
        pronouns: 'they/them',
      },
    });
    expect(saved).toMatchObject({ status: 200, body: { message: USER_SETTINGS_MESSAGES.profileUpdated } });
    const shown = await server.request(`/api/v4/users/${user.id}`);
    expect(shown.body).toMatchObject({
      name: 'Pat Doe',
      bio: 'Builds things',
      location: 'Lyon',
      website_url: 'https://pat.example',
      pronouns: 'they/them',
    });
  });

  it('keeps what the form does not send', async () => {
    await send(USER_SETTINGS_PATHS.profile, 'PUT', { user: { public_email: 'pat@example.com' } });
    await send(USER_SETTINGS_PATHS.profile, 'PUT', { user: { job_title: 'Engineer' } });
    const shown = await server.request(`/api/v4/users/${user.id}`);
    expect(shown.body).toMatchObject({ public_email: 'pat@example.com', job_title: 'Engineer', name: 'Pat Doe' });
  });

  it("refuses a blank name, a long bio and a website that isn't http(s), saving nothing", async () => {
    const refused = await send(USER_SETTINGS_PATHS.profile, 'PUT', {
      user: { name: ' ', bio: 'x'.repeat(256), website_url: 'javascript:alert(1)' },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: "Name can't be blank, Bio is too long (maximum is 255 characters), Website url is not a valid URL",
      },
    });
    expect((await server.request<{ name: string }>(`/api/v4/users/${user.id}`)).body.name).toBe('Pat Doe');
    expect((await send(USER_SETTINGS_PATHS.profile, 'PUT', { user: { name: 'x' } }, {})).status).toBe(401);
  });

  it('needs the CSRF token with a session cookie', async () => {
    const { sessionId, csrfToken } = await createSession(server.database.db, user.id);
    const cookie = `${SESSION_COOKIE}=${sessionId}`;
    const json = { user: { location: 'Paris' } };
    expect((await send(USER_SETTINGS_PATHS.profile, 'PUT', json, { headers: { cookie } })).status).toBe(403);
    const saved = await send(USER_SETTINGS_PATHS.profile, 'PUT', json, {
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(saved.status).toBe(200);
  });
});

describe('preferences', () => {
  it('saves colour mode and time format (the form), diff settings (the API)', async () => {
    const db = server.database.db;
    expect(await preferencesOf(db, user.id)).toMatchObject({ color_mode_id: 1, time_display_format: 0 });
    const saved = await send(USER_SETTINGS_PATHS.preferences, 'PUT', {
      user: { color_mode_id: 2, time_display_format: 2 },
    });
    expect(saved).toMatchObject({ status: 200, body: { type: 'notice', message: 'Preferences saved.' } });
    expect(await preferencesOf(db, user.id)).toMatchObject({ color_mode_id: 2, time_display_format: 2 });
    expect((await send(USER_SETTINGS_PATHS.preferences, 'PUT', { user: { color_mode_id: 4 } })).status).toBe(400);

    const api = await send('/api/v4/user/preferences', 'PUT', { view_diffs_file_by_file: true });
    expect(api.body).toEqual({
      id: user.id,
      user_id: user.id,
      view_diffs_file_by_file: true,
      show_whitespace_in_diffs: true,
      pass_user_identities_to_ci_jwt: false,
    });
    expect((await server.request('/api/v4/user/preferences', { token: user.token })).body).toEqual(api.body);
    expect(await preferencesOf(db, user.id)).toMatchObject({ color_mode_id: 2, view_diffs_file_by_file: true });
    expect(await send('/api/v4/user/preferences', 'PUT', {})).toMatchObject({ status: 400 });
    expect((await server.request('/api/v4/user/preferences')).status).toBe(401);
  });
});

describe('personal access tokens', () => {
  it('creates a token shown once, listed among the active ones, that works', async () => {
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    const created = await send<{ new_token: string; active_access_tokens: Array<Record<string, unknown>> }>(
      USER_SETTINGS_PATHS.personalAccessTokens,
      'POST',
      { personal_access_token: { name: 'laptop', scopes: ['read_api'], expires_at: expiresAt } },
    );
    expect(created.status).toBe(200);
    expect(created.body.new_token).toMatch(/^glpat-/);
    expect(created.body.active_access_tokens).toMatchObject([
      { name: 'laptop', scopes: ['read_api'], expires_at: expiresAt, expired: false, expires_soon: true, active: true },
      { name: 'test', expires_soon: false },
    ]);
    expect(JSON.stringify(created.body.active_access_tokens)).not.toContain(created.body.new_token);
    const me = await server.request<{ username: string }>('/api/v4/user', { token: created.body.new_token });
    expect(me.body.username).toBe('pat');
    // read_api: reads only.
    expect(
      (
        await send(
          '/api/v4/user/preferences',
          'PUT',
          { view_diffs_file_by_file: false },
          { token: created.body.new_token },
        )
      ).status,
    ).toBe(403);
  });

  it("refuses a token without a name or scopes, or expiring today or before (422, GitLab's messages)", async () => {
    const refused = await send(USER_SETTINGS_PATHS.personalAccessTokens, 'POST', {
      personal_access_token: { name: '', scopes: [], expires_at: new Date().toISOString().slice(0, 10) },
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: ["Name can't be blank", "Scopes can't be blank", 'Expiration date must be in the future'] },
    });
    const unknownScope = await send(USER_SETTINGS_PATHS.personalAccessTokens, 'POST', {
      personal_access_token: { name: 'x', scopes: ['sudo'] },
    });
    expect(unknownScope.status).toBe(400);
  });
});
