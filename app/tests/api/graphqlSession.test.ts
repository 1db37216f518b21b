/**
 * GraphQL with the session cookie, as the product's pages call it: a read answers for the signed-in
 * user, and a POST (GitLab's GraphQL requests are POSTs, reads and mutations alike) must carry the
 * session's CSRF token (`X-CSRF-Token`, or the `XSRF-TOKEN` cookie echoed as `X-XSRF-TOKEN`), as
 * every non-GET cookie request must; a token request needs none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADERS, CSRF_MESSAGE } from '../../server/http/auth.ts';
import { ROOT_PASSWORD, ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

const CURRENT_USER = '{ currentUser { username } }';

let server: TestServer;
let cookie: string;
let csrf: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await server.request<{ csrf_token: string }>('/users/sign_in', {
    method: 'POST',
    json: { user: { login: 'root', password: ROOT_PASSWORD } },
  });
  expect(signedIn.status).toBe(201);
  cookie = signedIn.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  csrf = signedIn.body.csrf_token;
});
afterAll(() => server.close());

/** A POST of `query` with the session cookie and `headers`. */
function post(query: string, headers: Record<string, string> = {}) {
  return server.request<{ data?: { currentUser: { username: string } | null } }>('/api/graphql', {
    method: 'POST',
    json: { query },
    headers: { cookie, ...headers },
  });
}

describe('GraphQL with the session cookie', () => {
  it('answers a GET for the signed-in user without the CSRF token', async () => {
    const response = await server.request<{ data: { currentUser: { username: string } } }>(
      `/api/graphql?query=${encodeURIComponent(CURRENT_USER)}`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.currentUser).toEqual({ username: 'root' });
  });

  it('refuses a POST without the CSRF token, or with a wrong one, with 403', async () => {
    const attempts: Record<string, string>[] = [{}, { 'x-csrf-token': 'not-the-token' }];
    for (const headers of attempts) {
      const response = await post(CURRENT_USER, headers);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: `403 Forbidden - ${CSRF_MESSAGE}` });
    }
  });

  it.each(CSRF_HEADERS)('answers a POST with the token in %s', async (header) => {
    const response = await post(CURRENT_USER, { [header]: csrf });
    expect(response.status).toBe(200);
    expect(response.body.data!.currentUser).toEqual({ username: 'root' });
  });

  it('needs no CSRF token with a personal access token', async () => {
    const response = await server.request<{ data: { currentUser: { username: string } } }>('/api/graphql', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: { query: CURRENT_USER },
    });
    expect(response.body.data.currentUser).toEqual({ username: 'root' });
  });
});
