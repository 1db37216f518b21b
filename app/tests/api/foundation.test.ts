/**
 * The generic conventions every resource inherits (http/ and api/v4/pagination): error shapes,
 * exact content type, `.json` suffix, booleans, request ids, bad input, pagination headers,
 * authentication (tokens, scopes, blocked users, sessions, CSRF, sign-in rate limit), health.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/http/auth.ts';
import { createSession } from '../../server/domain/sessions.ts';
import { ROOT_PASSWORD, ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** Sign-in attempts allowed per minute in this file (the tests below use all of them). */
const SIGN_IN_LIMIT = 4;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ signInRateLimit: { limit: SIGN_IN_LIMIT, windowSeconds: 60 } });
});
afterAll(() => server.close());

describe('response conventions', () => {
  it('answers JSON with exactly application/json and a request id', async () => {
    const response = await server.request('/api/v4/user', { token: ROOT_TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).toMatchObject({ username: 'root', is_admin: true });
  });

  it('accepts the optional .json suffix', async () => {
    const response = await server.request('/api/v4/user.json', { token: ROOT_TOKEN });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ username: 'root' });
  });

  it('answers unknown routes with GitLab 404 body', async () => {
    const response = await server.request('/api/v4/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: '404 Not Found' });
  });

  it('answers a missing user with 404 User Not Found', async () => {
    const response = await server.request('/api/v4/users/424242', { token: ROOT_TOKEN });
    expect(response).toMatchObject({ status: 404, body: { message: '404 User Not Found' } });
  });
});

describe('bad input', () => {
  it('refuses malformed JSON with 400, not 500', async () => {
    const response = await server.request('/api/v4/user/status', {
      method: 'PUT',
      token: ROOT_TOKEN,
      body: '{"message": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: '400 Bad request - invalid JSON' });
  });

  it('refuses invalid UTF-8 with 400', async () => {
    const response = await server.request('/api/v4/user/status', {
      method: 'PUT',
      token: ROOT_TOKEN,
      body: new Uint8Array([0x7b, 0x22, 0x6d, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toMatchObject({ status: 400, body: { message: '400 Bad request - invalid UTF-8' } });
  });

  it('refuses a body over the limit with 413 in GitLab shape', async () => {
    const response = await server.request('/api/v4/user/status', {
      method: 'PUT',
      token: ROOT_TOKEN,
      json: { message: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response).toMatchObject({ status: 413, body: { message: '413 Request Entity Too Large' } });
  });

  it('maps schema errors to Grape messages', async () => {
    const negative = await server.request('/api/v4/users?per_page=-1', { token: ROOT_TOKEN });
    expect(negative).toMatchObject({ status: 400, body: { error: 'per_page is invalid' } });
    const missing = await server.request('/api/v4/users', { method: 'POST', token: ROOT_TOKEN, json: { name: 'x' } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'email is missing' } });
    const notNumber = await server.request('/api/v4/users/abc', { token: ROOT_TOKEN });
    expect(notNumber).toMatchObject({ status: 400, body: { error: 'id is invalid' } });
    const huge = await server.request('/api/v4/users/99999999999999999999', { token: ROOT_TOKEN });
    expect(huge).toMatchObject({ status: 400, body: { error: 'id is invalid' } });
  });

  it('refuses a broken URL encoding with 400', async () => {
    const response = await server.request('/api/v4/users/%FF', { token: ROOT_TOKEN });
    expect(response).toMatchObject({ status: 400, body: { message: '400 Bad request - invalid URL encoding' } });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('treats SQL metacharacters in search as text', async () => {
    const response = await server.request(`/api/v4/users?search=${encodeURIComponent("%' OR 1=1; --_\\")}`, {
      token: ROOT_TOKEN,
    });
    expect(response).toMatchObject({ status: 200, body: [] });
  });

  it('accepts GETs with a JSON content type and no body or {} (python-gitlab), and ignores unknown parameters', async () => {
    const noBody = await server.request('/api/v4/users?unknown=1', {
      token: ROOT_TOKEN,
      headers: { 'content-type': 'application/json' },
    });
    expect(noBody.status).toBe(200);
    // fetch refuses a GET body: send it over a raw socket request.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        `${server.url}/api/v4/users`,
        {
          method: 'GET',
          headers: { 'private-token': ROOT_TOKEN, 'content-type': 'application/json', 'content-length': '2' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on('error', reject);
      request.end('{}');
    });
    expect(status).toBe(200);
  });

  it('reads booleans as true, True and 1', async () => {
    const { user } = await server.createUser('blocked-for-bools', { state: 'blocked' });
    for (const value of ['true', 'True', '1']) {
      const response = await server.request<{ id: number }[]>(`/api/v4/users?blocked=${value}`, { token: ROOT_TOKEN });
      expect(response.body.map((u) => u.id)).toEqual([user.id]);
    }
    const invalid = await server.request('/api/v4/users?blocked=maybe', { token: ROOT_TOKEN });
    expect(invalid).toMatchObject({ status: 400, body: { error: 'blocked is invalid' } });
  });
});

describe('pagination', () => {
  beforeAll(async () => {
    for (const name of ['page-a', 'page-b', 'page-c']) await server.createUser(name);
  });

  it('writes x- headers and a Link from the request host, sorted query', async () => {
    const response = await server.request<{ username: string }[]>('/api/v4/users?search=page-&per_page=2', {
      token: ROOT_TOKEN,
    });
    expect(response.body.map((u) => u.username)).toEqual(['page-c', 'page-b']);
    const h = response.headers;
    expect([h.get('x-page'), h.get('x-per-page'), h.get('x-total'), h.get('x-total-pages')]).toEqual([
      '1',
      '2',
      '3',
      '2',
    ]);
    expect([h.get('x-next-page'), h.get('x-prev-page')]).toEqual(['2', '']);
    const base = `${server.url}/api/v4/users`;
    expect(h.get('link')).toBe(
      [
        `<${base}?page=2&per_page=2&search=page->; rel="next"`,
        `<${base}?page=1&per_page=2&search=page->; rel="first"`,
        `<${base}?page=2&per_page=2&search=page->; rel="last"`,
      ].join(', '),
    );
  });

  it('gives prev on the last page, no next, and [] past it', async () => {
    const last = await server.request<unknown[]>('/api/v4/users?search=page-&per_page=2&page=2', { token: ROOT_TOKEN });
    expect(last.body).toHaveLength(1);
    expect(last.headers.get('x-next-page')).toBe('');
    expect(last.headers.get('x-prev-page')).toBe('1');
    expect(last.headers.get('link')).not.toContain('rel="next"');
    const past = await server.request('/api/v4/users?search=page-&per_page=2&page=9', { token: ROOT_TOKEN });
    expect(past).toMatchObject({ status: 200, body: [] });
  });

  it('clamps per_page to 100 and defaults to 20', async () => {
    const huge = await server.request('/api/v4/users?per_page=100000', { token: ROOT_TOKEN });
    expect(huge.headers.get('x-per-page')).toBe('100');
    const plain = await server.request('/api/v4/users', { token: ROOT_TOKEN });
    expect(plain.headers.get('x-per-page')).toBe('20');
  });
});

describe('authentication', () => {
  it('accepts PRIVATE-TOKEN, Bearer and private_token', async () => {
    const header = await server.request('/api/v4/user', { headers: { authorization: `Bearer ${ROOT_TOKEN}` } });
    expect(header.status).toBe(200);
    const query = await server.request(`/api/v4/user?private_token=${ROOT_TOKEN}`);
    expect(query.status).toBe(200);
  });

  it('answers 401 to anonymous requests that need a user and to unknown tokens', async () => {
    expect(await server.request('/api/v4/user')).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    expect(await server.request('/api/v4/user', { token: 'glpat-wrong' })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    });
  });

  it('lets read_api tokens read but not write', async () => {
    const { token } = await server.createUser('reader', { scopes: ['read_api'] });
    expect((await server.request('/api/v4/user', { token })).status).toBe(200);
    const write = await server.request('/api/v4/user/status', { method: 'PUT', token, json: { message: 'hi' } });
    expect(write).toMatchObject({ status: 403, body: { error: 'insufficient_scope', scope: 'api' } });
  });

  it('refuses expired tokens', async () => {
    const { user } = await server.createUser('expired-holder');
    const { token } = await (
      await import('../../server/domain/tokens.ts')
    ).createPersonalAccessToken(server.database.db, {
      userId: user.id,
      name: 'old',
      scopes: ['api'],
      expiresAt: '2020-01-01',
    });
    expect(await server.request('/api/v4/user', { token })).toMatchObject({
      status: 401,
      body: { error: 'invalid_token', error_description: 'Token has expired.' },
    });
  });

  it('refuses a blocked user token', async () => {
    const { token } = await server.createUser('blocked-token', { state: 'blocked' });
    expect(await server.request('/api/v4/user', { token })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Your account has been blocked.' },
    });
  });
});

describe('sessions and CSRF', () => {
  async function signIn(login: string, password: string) {
    return server.request<{ csrf_token: string }>('/users/sign_in', {
      method: 'POST',
      json: { user: { login, password } },
    });
  }
  function cookieHeader(response: { headers: Headers }) {
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }

  it('signs in with an HttpOnly SameSite=Lax cookie and requires the CSRF token to write', async () => {
    const signedIn = await signIn('root', ROOT_PASSWORD);
    expect(signedIn.status).toBe(201);
    const [session, xsrf] = signedIn.headers.getSetCookie();
    expect(session).toMatch(/^_forgekit_session=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(xsrf).toMatch(/^XSRF-TOKEN=/);
    expect(xsrf).not.toContain('HttpOnly');
    const cookie = cookieHeader(signedIn);

    expect((await server.request('/api/v4/user', { headers: { cookie } })).body).toMatchObject({ username: 'root' });
    const noToken = await server.request('/api/v4/user/status', { method: 'PUT', json: {}, headers: { cookie } });
    expect(noToken).toMatchObject({ status: 403, body: { message: '403 Forbidden - Invalid CSRF token.' } });
    const csrf = signedIn.body.csrf_token;
    for (const header of ['x-csrf-token', 'x-xsrf-token']) {
      const ok = await server.request('/api/v4/user/status', {
        method: 'PUT',
        json: { message: header },
        headers: { cookie, [header]: csrf },
      });
      expect(ok.status).toBe(200);
    }
    const out = await server.request('/users/sign_out', { method: 'POST', headers: { cookie, 'x-csrf-token': csrf } });
    expect(out.status).toBe(204);
    expect((await server.request('/api/v4/user', { headers: { cookie } })).status).toBe(401);
  });

  it('signs out from the user menu’s plain form: the CSRF token in the body, then home', async () => {
    // A session made directly: the sign-in endpoint's rate limit belongs to the tests around.
    const root = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    const { sessionId, csrfToken } = await createSession(server.database.db, root.id);
    const cookie = `${SESSION_COOKIE}=${sessionId}`;
    const form = (token: string) => ({
      method: 'POST' as const,
      body: `authenticity_token=${encodeURIComponent(token)}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await server.request('/users/sign_out', form('not-the-token'))).status).toBe(403);
    expect((await server.request('/api/v4/user', { headers: { cookie } })).status).toBe(200);
    const out = await server.request('/users/sign_out', form(csrfToken));
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect((await server.request('/api/v4/user', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses wrong passwords and blocked users', async () => {
    expect(await signIn('root', 'wrong')).toMatchObject({
      status: 401,
      body: { message: 'Invalid login or password.' },
    });
    await server.createUser('blocked-signin', { state: 'blocked', password: 'a-password-123' });
    expect(await signIn('blocked-signin', 'a-password-123')).toMatchObject({
      status: 401,
      body: { message: 'Your account has been blocked.' },
    });
  });

  it('signs in from an HTML form body too', async () => {
    const response = await server.request('/users/sign_in', {
      method: 'POST',
      body: `user%5Blogin%5D=root&user%5Bpassword%5D=${encodeURIComponent(ROOT_PASSWORD)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(201);
  });

  it('rate limits sign-in attempts with 429 and Retry-After', async () => {
    let response = await signIn('root', 'wrong');
    for (let attempt = 0; attempt < SIGN_IN_LIMIT && response.status !== 429; attempt += 1)
      response = await signIn('root', 'wrong');
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.body).toEqual({ message: 'Retry later' });
  });
});

describe('health', () => {
  it('is ready', async () => {
    expect(await server.request('/-/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
