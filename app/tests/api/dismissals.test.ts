/**
 * Dismissals (spec §3, §7; GitLab's Rails routes): a broadcast message until `expires_at`
 * (`POST /-/users/broadcast_message_dismissals`), callouts globally, per group and per project
 * (`POST /-/users/callouts`, `/group_callouts`, `/project_callouts`): 200 with an empty body, 400
 * when it cannot be saved, 401 anonymous; cookie sessions must send their CSRF token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroadcastMessage, dismissedBroadcastMessageIds } from '../../server/domain/dismissals.ts';
import { createSession } from '../../server/domain/sessions.ts';
import { SESSION_COOKIE } from '../../server/http/auth.ts';
import { DISMISSAL_PATHS } from '../../server/web/dismissals.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let user: { id: number; token: string };
let messageId: number;
let groupId: number;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  const created = await server.createUser('reader');
  user = { id: created.user.id, token: created.token };
  messageId = (
    await createBroadcastMessage(server.database.db, { message: 'Maintenance', endsAt: new Date(Date.now() + DAY_MS) })
  ).id;
  groupId = (
    (await server.request('/api/v4/groups', { method: 'POST', token: user.token, json: { name: 'G', path: 'g' } }))
      .body as { id: number }
  ).id;
});
afterAll(() => server.close());

describe('broadcast message dismissal', () => {
  it('records the dismissal until its expiry', async () => {
    const expiresAt = new Date(Date.now() + DAY_MS).toISOString();
    const response = await server.request(DISMISSAL_PATHS.broadcastMessage, {
      method: 'POST',
      token: user.token,
      json: { broadcast_message_id: messageId, expires_at: expiresAt },
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect(await dismissedBroadcastMessageIds(server.database.db, user.id)).toEqual([messageId]);
  });

  it('forgets an expired dismissal; refuses unknown messages, missing parameters and anonymous users', async () => {
    const past = new Date(Date.now() - DAY_MS).toISOString();
    const post = (json: object, token: string | undefined = user.token) =>
      server.request(DISMISSAL_PATHS.broadcastMessage, { method: 'POST', json, ...(token ? { token } : {}) });
    expect((await post({ broadcast_message_id: messageId, expires_at: past })).status).toBe(200);
    expect(await dismissedBroadcastMessageIds(server.database.db, user.id)).toEqual([]);
    expect((await post({ broadcast_message_id: messageId + 1000, expires_at: past })).status).toBe(400);
    expect(await post({ expires_at: past })).toMatchObject({
      status: 400,
      body: { error: 'broadcast_message_id is missing' },
    });
    expect((await post({ broadcast_message_id: messageId, expires_at: 'soon' })).status).toBe(400);
    expect((await post({ broadcast_message_id: messageId, expires_at: past }, '')).status).toBe(401);
  });

  it('requires the CSRF token with a session cookie', async () => {
    const { sessionId, csrfToken } = await createSession(server.database.db, user.id);
    const json = { broadcast_message_id: messageId, expires_at: new Date(Date.now() + DAY_MS).toISOString() };
    const cookie = `${SESSION_COOKIE}=${sessionId}`;
    expect(
      (await server.request(DISMISSAL_PATHS.broadcastMessage, { method: 'POST', json, headers: { cookie } })).status,
    ).toBe(403);
    const ok = await server.request(DISMISSAL_PATHS.broadcastMessage, {
      method: 'POST',
      json,
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(ok.status).toBe(200);
  });
});

describe('callouts', () => {
  it('dismisses a callout for the user, a group and a project', async () => {
    const post = (path: string, json: object) => server.request(path, { method: 'POST', token: user.token, json });
    expect((await post(DISMISSAL_PATHS.callout, { feature_name: 'web_ide_alert_dismissed' })).status).toBe(200);
    expect((await post(DISMISSAL_PATHS.callout, { feature_name: 'web_ide_alert_dismissed' })).status).toBe(200);
    expect(
      (await post(DISMISSAL_PATHS.groupCallout, { feature_name: 'invite_members_banner', group_id: groupId })).status,
    ).toBe(200);
    const db = server.database.db;
    expect(
      await db.selectFrom('user_callouts').select('feature_name').where('user_id', '=', user.id).execute(),
    ).toEqual([{ feature_name: 'web_ide_alert_dismissed' }]);
    expect(await db.selectFrom('user_group_callouts').select(['group_id', 'feature_name']).execute()).toEqual([
      { group_id: groupId, feature_name: 'invite_members_banner' },
    ]);
    expect((await post(DISMISSAL_PATHS.projectCallout, { feature_name: 'x', project_id: 999_999 })).status).toBe(404);
    expect(await post(DISMISSAL_PATHS.callout, {})).toMatchObject({
      status: 400,
      body: { error: 'feature_name is missing' },
    });
    expect(
      (await server.request(DISMISSAL_PATHS.callout, { method: 'POST', json: { feature_name: 'a' } })).status,
    ).toBe(401);
  });
});
