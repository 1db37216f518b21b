/** Users API contract: /user, /users, status, follow, counts (GitLab's users.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
beforeAll(async () => {
  server = await startTestServer();
  const a = await server.createUser('alice', { name: 'Alice Liddell' });
  const b = await server.createUser('bob');
  alice = { id: a.user.id, token: a.token };
  bob = { id: b.user.id, token: b.token };
});
afterAll(() => server.close());

const USER_BASIC_KEYS = ['avatar_url', 'id', 'locked', 'name', 'state', 'username', 'web_url'];

describe('GET /user', () => {
  it('shows the signed-in user with private fields, without is_admin for non-admins', async () => {
    const { status, body } = await server.request<Record<string, unknown>>('/api/v4/user', { token: alice.token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: alice.id,
      username: 'alice',
      name: 'Alice Liddell',
      email: 'alice@example.com',
      state: 'active',
      web_url: `${server.url}/alice`,
      followers: 0,
      following: 0,
    });
    expect(body).not.toHaveProperty('is_admin');
  });
});

describe('GET /users', () => {
  it('searches by username or name and shows UserBasic to non-admins', async () => {
    const { body } = await server.request<Record<string, unknown>[]>('/api/v4/users?search=liddell', {
      token: bob.token,
    });
    expect(body.map((u) => u.username)).toEqual(['alice']);
    expect(Object.keys(body[0]!).sort()).toEqual(USER_BASIC_KEYS);
  });

  it('is readable anonymously (public profiles) and finds by exact username', async () => {
    const { status, body } = await server.request<{ id: number }[]>('/api/v4/users?username=ALICE');
    expect(status).toBe(200);
    expect(body.map((u) => u.id)).toEqual([alice.id]);
  });

  it('shows administrators the admin fields', async () => {
    const { body } = await server.request<Record<string, unknown>[]>('/api/v4/users?username=alice', {
      token: ROOT_TOKEN,
    });
    expect(body[0]).toMatchObject({ is_admin: false, email: 'alice@example.com' });
  });

  it('gets one user as the User entity', async () => {
    const { body } = await server.request<Record<string, unknown>>(`/api/v4/users/${alice.id}`);
    expect(body).toMatchObject({ id: alice.id, username: 'alice', bio: '', work_information: null, followers: 0 });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('is_followed');
  });
});

describe('user status', () => {
  it('sets a status with PUT (omitted fields cleared) and PATCH (omitted fields kept)', async () => {
    const put = await server.request('/api/v4/user/status', {
      method: 'PUT',
      token: alice.token,
      json: { emoji: 'coffee', message: 'busy <b>now</b>', availability: 'busy', clear_status_after: '30_minutes' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      emoji: 'coffee',
      message: 'busy <b>now</b>',
      availability: 'busy',
      message_html: 'busy &#60;b&#62;now&#60;/b&#62;',
    });
    const clearAt = Date.parse((put.body as { clear_status_at: string }).clear_status_at);
    expect(clearAt - Date.now()).toBeGreaterThan(29 * 60 * 1000);
    expect(clearAt - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);

    const patch = await server.request('/api/v4/user/status', {
      method: 'PATCH',
      token: alice.token,
      json: { message: 'still busy' },
    });
    expect(patch.body).toMatchObject({ emoji: 'coffee', message: 'still busy', availability: 'busy' });

    const replace = await server.request('/api/v4/user/status', {
      method: 'PUT',
      token: alice.token,
      json: { message: 'hi' },
    });
    expect(replace.body).toMatchObject({
      emoji: 'speech_balloon',
      message: 'hi',
      availability: 'not_set',
      clear_status_at: null,
    });

    const other = await server.request(`/api/v4/users/${alice.id}/status`);
    expect(other.body).toMatchObject({ emoji: 'speech_balloon', message: 'hi' });
  });

  it('refuses unknown clear_status_after values and over-long messages', async () => {
    const bad = await server.request('/api/v4/user/status', {
      method: 'PUT',
      token: alice.token,
      json: { clear_status_after: '2_minutes' },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'clear_status_after is invalid' } });
    const long = await server.request('/api/v4/user/status', {
      method: 'PUT',
      token: alice.token,
      json: { message: 'x'.repeat(101) },
    });
    expect(long).toMatchObject({ status: 400, body: { error: 'message is invalid' } });
  });
});

describe('follow', () => {
  it('follows with 201 and UserBasic, 304 when unchanged, lists followers and following', async () => {
    const follow = await server.request(`/api/v4/users/${bob.id}/follow`, {
      method: 'POST',
      token: alice.token,
      json: {},
    });
    expect(follow.status).toBe(201);
    expect(follow.body).toMatchObject({ id: bob.id, username: 'bob' });
    const again = await server.request(`/api/v4/users/${bob.id}/follow`, { method: 'POST', token: alice.token });
    expect(again.status).toBe(304);

    const followers = await server.request<{ id: number }[]>(`/api/v4/users/${bob.id}/followers`);
    expect(followers.body.map((u) => u.id)).toEqual([alice.id]);
    expect(followers.headers.get('x-total')).toBe('1');
    const following = await server.request<{ id: number }[]>(`/api/v4/users/${alice.id}/following`);
    expect(following.body.map((u) => u.id)).toEqual([bob.id]);
    const bobSeen = await server.request(`/api/v4/users/${bob.id}`, { token: alice.token });
    expect(bobSeen.body).toMatchObject({ followers: 1, is_followed: true });

    const unfollow = await server.request(`/api/v4/users/${bob.id}/unfollow`, {
      method: 'POST',
      token: alice.token,
      json: {},
    });
    expect(unfollow.status).toBe(201);
    expect(
      (await server.request(`/api/v4/users/${bob.id}/unfollow`, { method: 'POST', token: alice.token })).status,
    ).toBe(304);
  });

  it('cannot follow oneself and needs a user', async () => {
    expect(
      (await server.request(`/api/v4/users/${alice.id}/follow`, { method: 'POST', token: alice.token })).status,
    ).toBe(304);
    expect((await server.request(`/api/v4/users/${bob.id}/follow`, { method: 'POST' })).status).toBe(401);
  });
});

describe('counts', () => {
  it('GET /user_counts has GitLab keys', async () => {
    const { body } = await server.request('/api/v4/user_counts', { token: alice.token });
    expect(body).toEqual({
      merge_requests: 0,
      assigned_issues: 0,
      assigned_merge_requests: 0,
      review_requested_merge_requests: 0,
      todos: 0,
    });
  });

  it('associations_count is for oneself and administrators only', async () => {
    await server.request('/api/v4/groups', {
      method: 'POST',
      token: alice.token,
      json: { name: 'A', path: 'alice-g' },
    });
    const own = await server.request(`/api/v4/users/${alice.id}/associations_count`, { token: alice.token });
    expect(own.body).toEqual({ groups_count: 1, projects_count: 0, issues_count: 0, merge_requests_count: 0 });
    expect((await server.request(`/api/v4/users/${alice.id}/associations_count`, { token: ROOT_TOKEN })).status).toBe(
      200,
    );
    expect(await server.request(`/api/v4/users/${alice.id}/associations_count`, { token: bob.token })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
  });
});

describe('administration', () => {
  it('creates users, blocks them (token refused) and issues tokens, for administrators only', async () => {
    const created = await server.request<{ id: number }>('/api/v4/users', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { username: 'carol', name: 'Carol', email: 'carol@example.com', password: 'carol-password' },
    });
    expect(created.status).toBe(201);
    const taken = await server.request('/api/v4/users', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { username: 'carol', name: 'Carol', email: 'carol2@example.com' },
    });
    expect(taken).toMatchObject({ status: 400, body: { message: { username: ['has already been taken'] } } });
    const forbidden = await server.request('/api/v4/users', {
      method: 'POST',
      token: alice.token,
      json: { username: 'dave', name: 'Dave', email: 'dave@example.com' },
    });
    expect(forbidden.status).toBe(403);

    const token = await server.request<{ token: string; scopes: string[] }>(
      `/api/v4/users/${created.body.id}/personal_access_tokens`,
      { method: 'POST', token: ROOT_TOKEN, json: { name: 'ci', scopes: ['read_api'] } },
    );
    expect(token.status).toBe(201);
    expect(token.body.scopes).toEqual(['read_api']);
    expect((await server.request('/api/v4/user', { token: token.body.token })).body).toMatchObject({
      username: 'carol',
    });

    expect(
      (await server.request(`/api/v4/users/${created.body.id}/block`, { method: 'POST', token: ROOT_TOKEN })).status,
    ).toBe(201);
    expect((await server.request('/api/v4/user', { token: token.body.token })).status).toBe(403);
    await server.request(`/api/v4/users/${created.body.id}/unblock`, { method: 'POST', token: ROOT_TOKEN });
    expect((await server.request('/api/v4/user', { token: token.body.token })).status).toBe(200);
  });
});

describe('GET /version', () => {
  it('needs a user and reads {version, revision}', async () => {
    expect((await server.request('/api/v4/version')).status).toBe(401);
    const { body } = await server.request('/api/v4/version', { token: alice.token });
    expect(body).toMatchObject({ version: expect.any(String), revision: expect.any(String) });
  });
});
