/**
 * Personal access tokens contract (GitLab's personal_access_tokens.md): one's own tokens listed
 * and filtered, `/self`, one by id, revocation (then refused at sign-in), administrators seeing
 * everyone's, others' tokens a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPersonalAccessToken } from '../../server/domain/tokens.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const people = { ann: { id: 0, token: '' }, bob: { id: 0, token: '' } };

interface TokenJson {
  id: number;
  name: string;
  revoked: boolean;
  active: boolean;
  scopes: string[];
  user_id: number;
  expires_at: string | null;
  token?: string;
}

const api = <T>(path: string, token?: string, init: { method?: string } = {}) =>
  server.request<T>(`/api/v4${path}`, { token, ...init });

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['ann', 'bob'] as const) {
    const { user, token } = await server.createUser(name);
    people[name] = { id: user.id, token };
  }
  await createPersonalAccessToken(server.database.db, {
    userId: people.ann.id,
    name: 'ci reader',
    scopes: ['read_api'],
    expiresAt: '2020-01-01',
  });
});
afterAll(() => server.close());

describe('reading', () => {
  it("lists one's own tokens, newest first, never their values", async () => {
    const list = await api<TokenJson[]>('/personal_access_tokens', people.ann.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject([
      { name: 'ci reader', scopes: ['read_api'], active: false, revoked: false, expires_at: '2020-01-01' },
      { name: 'test', scopes: ['api'], active: true, user_id: people.ann.id, expires_at: null },
    ]);
    expect(list.body[0]).not.toHaveProperty('token');
    expect((await api('/personal_access_tokens')).status).toBe(401);
  });

  it('filters by state, revoked and search', async () => {
    const names = async (query: string) =>
      (await api<TokenJson[]>(`/personal_access_tokens?${query}`, people.ann.token)).body.map((t) => t.name);
    expect(await names('state=active')).toEqual(['test']);
    expect(await names('state=inactive')).toEqual(['ci reader']);
    expect(await names('search=READ')).toEqual(['ci reader']);
    expect(await names('revoked=true')).toEqual([]);
  });

  it('shows the token of the request (/self) and one by id; others get a 404', async () => {
    const self = await api<TokenJson>('/personal_access_tokens/self', people.ann.token);
    expect(self.body).toMatchObject({ name: 'test', user_id: people.ann.id, active: true });
    expect((await api<TokenJson>(`/personal_access_tokens/${self.body.id}`, people.ann.token)).body.id).toBe(
      self.body.id,
    );
    expect(await api(`/personal_access_tokens/${self.body.id}`, people.bob.token)).toMatchObject({
      status: 404,
      body: { message: '404 Personal Access Token Not Found' },
    });
    expect((await api<TokenJson>(`/personal_access_tokens/${self.body.id}`, ROOT_TOKEN)).status).toBe(200);
  });

  it("lets administrators list everyone's tokens, or one user's", async () => {
    const all = await api<TokenJson[]>('/personal_access_tokens', ROOT_TOKEN);
    expect(new Set(all.body.map((t) => t.user_id)).size).toBe(3);
    const bobs = await api<TokenJson[]>(`/personal_access_tokens?user_id=${people.bob.id}`, ROOT_TOKEN);
    expect(bobs.body.map((t) => t.user_id)).toEqual([people.bob.id]);
    // user_id is ignored for others: still only their own.
    const own = await api<TokenJson[]>(`/personal_access_tokens?user_id=${people.bob.id}`, people.ann.token);
    expect(own.body.every((t) => t.user_id === people.ann.id)).toBe(true);
  });
});

describe('revoking', () => {
  it("revokes one's own token (204), which then no longer signs in; not someone else's", async () => {
    const extra = await createPersonalAccessToken(server.database.db, {
      userId: people.bob.id,
      name: 'spare',
      scopes: ['api'],
    });
    expect((await api(`/personal_access_tokens/${extra.id}`, people.ann.token, { method: 'DELETE' })).status).toBe(404);
    expect((await api(`/personal_access_tokens/${extra.id}`, people.bob.token, { method: 'DELETE' })).status).toBe(204);
    expect(await api('/user', extra.token)).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    expect((await api(`/personal_access_tokens/${extra.id}`, people.bob.token, { method: 'DELETE' })).status).toBe(400);
    const [revoked] = (await api<TokenJson[]>('/personal_access_tokens?revoked=true', people.bob.token)).body;
    expect(revoked).toMatchObject({ name: 'spare', revoked: true, active: false });
  });

  it('revokes the token of the request with DELETE /self', async () => {
    expect((await api('/personal_access_tokens/self', people.bob.token, { method: 'DELETE' })).status).toBe(204);
    expect((await api('/user', people.bob.token)).status).toBe(401);
  });
});
