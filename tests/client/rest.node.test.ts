// The REST client against a real HTTP server on loopback (spec sections 4, 7, 8 and 9).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurePage, resetPageConfig } from '../../src/client/config';
import {
  CAPTCHA_RESPONSE_HEADER,
  HttpError,
  NO_BASE_URL_MESSAGE,
  NO_CAPTCHA_SOLVER_MESSAGE,
  NO_FETCHER_MESSAGE,
  SPAM_LOG_ID_HEADER,
  STARTUP_CALL_FAILED_MESSAGE,
  createRestClient,
  isHttpError,
  parsePageInfo,
  parsePaginationHeaders,
  restClient,
  setCaptchaSolver,
  type CaptchaChallenge,
} from '../../src/client/rest';
import { REQUEST_HEADERS } from '../../src/client/transport';
import { formBody, jsonBody, startRestServer, type RestServer } from './helpers/restServer';

let server: RestServer;

beforeAll(async () => {
  server = await startRestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle(() => ({ body: { ok: true } }));
});
afterEach(() => {
  resetPageConfig();
  setCaptchaSolver(undefined);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Settles `promise` against a fresh macrotask: 'pending' when it has not settled by then. */
async function stateOf(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  const pending = Symbol('pending');
  const outcome = await Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<symbol>((resolve) => setTimeout(() => resolve(pending), 50)),
  ]);
  return outcome === pending ? 'pending' : (outcome as 'resolved' | 'rejected');
}

/** A fetch that reports what it was called with and how it ended, and otherwise is the real one. */
function watchedFetch() {
  const calls: RequestInit[] = [];
  let failures = 0;
  let responses = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push(init ?? {});
    const sent = globalThis.fetch(input, init);
    sent.then(
      () => {
        responses += 1;
      },
      () => {
        failures += 1;
      },
    );
    return sent;
  };
  return { fetch, calls, failures: () => failures, responses: () => responses };
}

describe('every request (spec section 7, "Common")', () => {
  it('carries the CSRF token, X-Requested-With, the version and feature category, under the relative root', async () => {
    configurePage({
      csrfToken: 'tok123',
      relativeUrlRoot: '/forge/',
      apiVersion: 'v4',
      version: '18.1.0',
      featureCategory: 'team_planning',
    });
    const watched = watchedFetch();
    const client = createRestClient({ baseUrl: server.origin, fetch: watched.fetch });
    await client.get('/api/:version/user', { params: { a: 1 } });
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/forge/api/v4/user?a=1');
    expect(request?.headers).toMatchObject({
      'x-csrf-token': 'tok123',
      'x-requested-with': 'XMLHttpRequest',
      'x-gitlab-version': '18.1.0',
      'x-gitlab-feature-category': 'team_planning',
      accept: 'application/json, text/plain, */*',
    });
    expect(watched.calls[0]?.credentials).toBe('same-origin');
  });

  it('sends no CSRF, version or category header when the page names none, and no XSRF header outside a page', async () => {
    configurePage({});
    await createRestClient({ baseUrl: server.origin }).get('/x');
    const headers = server.requests[0]?.headers ?? {};
    expect(headers['x-csrf-token']).toBeUndefined();
    expect(headers['x-gitlab-version']).toBeUndefined();
    expect(headers['x-gitlab-feature-category']).toBeUndefined();
    expect(headers['x-xsrf-token']).toBeUndefined();
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('names its header constants exactly', () => {
    expect(REQUEST_HEADERS).toEqual({
      csrfToken: 'X-CSRF-Token',
      requestedWith: 'X-Requested-With',
      xsrfToken: 'X-XSRF-TOKEN',
      version: 'X-GitLab-Version',
      featureCategory: 'X-GitLab-Feature-Category',
      requestId: 'X-Request-Id',
      fromCache: 'x-gitlab-from-cache',
    });
  });

  it('sends JSON bodies as JSON, forms as multipart, and a body on DELETE', async () => {
    const client = createRestClient({ baseUrl: server.origin });
    await client.post('/json', { title: 'x', labels: ['a'] });
    const form = new FormData();
    form.append('file', new Blob(['png-bytes'], { type: 'image/png' }), 'a.png');
    await client.post('/form', form);
    await client.delete('/delete', { body: { commits: ['abc'] } });
    const [json, multipart, deletion] = server.requests;
    expect(json?.headers['content-type']).toBe('application/json');
    expect(jsonBody(json!)).toEqual({ title: 'x', labels: ['a'] });
    expect(multipart?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const file = (await formBody(multipart!)).get('file') as File;
    expect([file.name, await file.text()]).toEqual(['a.png', 'png-bytes']);
    expect(deletion?.method).toBe('DELETE');
    expect(jsonBody(deletion!)).toEqual({ commits: ['abc'] });
  });

  it('sends arrays Rails-style and leaves out null and undefined parameters', async () => {
    await createRestClient({ baseUrl: server.origin }).get('/list?x=1', {
      params: { ids: [1, 2], search: 'a b', none: null, unset: undefined, simple: true },
    });
    expect(server.requests[0]?.url).toBe('/list?x=1&ids%5B%5D=1&ids%5B%5D=2&search=a+b&simple=true');
  });

  it('resolves relative URLs against the page only: without one it says what is missing', async () => {
    await expect(createRestClient().get('/x')).rejects.toThrow(`${NO_BASE_URL_MESSAGE} /x`);
  });
});

describe('responses', () => {
  it('expose status, data, headers, X-Request-Id as the correlation id, x-gitlab-from-cache; the page info parses from the headers', async () => {
    server.handle(() => ({
      status: 200,
      body: [{ id: 1 }],
      headers: {
        'X-Request-Id': '01JREQ',
        'X-Gitlab-From-Cache': 'true',
        'X-Page': '2',
        'X-Per-Page': '20',
        'X-Total': '45',
        'X-Total-Pages': '3',
        'X-Next-Page': '3',
        'X-Prev-Page': '1',
      },
    }));
    const response = await createRestClient({ baseUrl: server.origin }).get<{ id: number }[]>('/items');
    expect(response.status).toBe(200);
    expect(response.data).toEqual([{ id: 1 }]);
    expect(response.headers.get('x-total')).toBe('45');
    expect(response.correlationId).toBe('01JREQ');
    expect(response.isFromCache).toBe(true);
    expect(parsePaginationHeaders(response.headers)).toMatchObject({
      page: 2,
      perPage: 20,
      total: 45,
      totalPages: 3,
      nextPage: 3,
      previousPage: 1,
    });
    expect(parsePageInfo(response.headers)).toEqual({ page: 2, totalPages: 3, hasNextPage: true });
  });

  it('leaves totalPages out when the server skipped the counts, and knows the last page', async () => {
    server.handle(() => ({ body: [], headers: { 'X-Page': '7', 'X-Next-Page': '', 'X-Prev-Page': '6' } }));
    const response = await createRestClient({ baseUrl: server.origin }).get('/items');
    expect(response.isFromCache).toBe(false);
    expect(response.correlationId).toBeUndefined();
    expect(parsePageInfo(response.headers)).toEqual({ page: 7, hasNextPage: false });
  });

  it('reads empty bodies as null, JSON as data whatever its label, other text as text', async () => {
    const client = createRestClient({ baseUrl: server.origin });
    server.handle(() => ({ status: 204 }));
    expect((await client.delete('/x')).data).toBeNull();
    server.handle(() => ({ body: 'plain words', headers: { 'Content-Type': 'text/plain' } }));
    expect((await client.get('/x')).data).toBe('plain words');
    await expect(client.get('/x', { responseType: 'json' })).rejects.toThrow(SyntaxError);
    server.handle(() => ({ body: '{"a":1}', headers: { 'Content-Type': 'text/plain' } }));
    expect((await client.get('/x')).data).toEqual({ a: 1 });
    expect((await client.get('/x', { responseType: 'text' })).data).toBe('{"a":1}');
    const blob = (await client.get<Blob>('/x', { responseType: 'blob' })).data;
    expect(await blob.text()).toBe('{"a":1}');
  });

  it("lets the caller's headers win over the defaults, whatever their case", async () => {
    configurePage({ csrfToken: 'page-token' });
    await createRestClient({ baseUrl: server.origin }).post('/x', 'a=1', {
      headers: { 'x-csrf-token': 'own-token', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(server.requests[0]?.headers).toMatchObject({
      'x-csrf-token': 'own-token',
      'content-type': 'application/x-www-form-urlencoded',
    });
  });
});

describe('failures (spec section 8)', () => {
  it("reject with 'Request failed with status code {n}', carrying status, body and headers", async () => {
    server.handle(() => ({ status: 422, body: { message: 'nope' }, headers: { 'X-Request-Id': 'r-1' } }));
    const error = await createRestClient({ baseUrl: server.origin })
      .post('/x', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(isHttpError(error)).toBe(true);
    const httpError = error as HttpError;
    expect(httpError.message).toBe('Request failed with status code 422');
    expect(httpError.status).toBe(422);
    expect(httpError.body).toEqual({ message: 'nope' });
    expect(httpError.headers.get('x-request-id')).toBe('r-1');
    expect(httpError.correlationId).toBe('r-1');
    // axios' shape, for code moving off axios.
    expect(httpError.response.data).toEqual({ message: 'nope' });
    expect(httpError.response.status).toBe(422);
  });

  it('say there is no fetcher when fetch is missing', async () => {
    vi.stubGlobal('fetch', undefined);
    await expect(createRestClient({ baseUrl: server.origin }).get('/x')).rejects.toThrow(NO_FETCHER_MESSAGE);
    expect(NO_FETCHER_MESSAGE).toMatch(/no fetcher/);
  });

  it('reject a network error while online', async () => {
    server.handle(() => 'destroy');
    await expect(createRestClient({ baseUrl: server.origin }).get('/x')).rejects.toThrow(TypeError);
  });

  it('leave a network error pending, silently, while the browser is offline', async () => {
    server.handle(() => 'destroy');
    vi.stubGlobal('navigator', { onLine: false });
    const watched = watchedFetch();
    const request = createRestClient({ baseUrl: server.origin, fetch: watched.fetch }).get('/x');
    await vi.waitFor(() => expect(watched.failures()).toBe(1));
    expect(await stateOf(request)).toBe('pending');
  });

  it('leave an aborted request pending when the caller sets keepPendingOnAbort, and reject it otherwise', async () => {
    server.handle(() => new Promise(() => undefined));
    const client = createRestClient({ baseUrl: server.origin });
    const quiet = new AbortController();
    const kept = client.get('/slow', { signal: quiet.signal, keepPendingOnAbort: true });
    const loud = new AbortController();
    const rejected = client.get('/slow', { signal: loud.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    quiet.abort();
    loud.abort();
    await expect(rejected).rejects.toMatchObject({ name: 'AbortError' });
    expect(await stateOf(kept)).toBe('pending');
  });
});

it('leaves a request aborted while its body is read pending too, when the caller sets keepPendingOnAbort', async () => {
  server.handle(() => ({ body: '{"partial":', isEndless: true }));
  const controller = new AbortController();
  const watched = watchedFetch();
  const request = createRestClient({ baseUrl: server.origin, fetch: watched.fetch }).get('/x', {
    signal: controller.signal,
    keepPendingOnAbort: true,
  });
  // The head has arrived: the abort hits the body.
  await vi.waitFor(() => expect(watched.responses()).toBe(1));
  controller.abort();
  expect(await stateOf(request)).toBe('pending');
});

describe('captcha retry (spec sections 4 and 7)', () => {
  const challenge = { needs_captcha_response: true, captcha_site_key: 'site-key', spam_log_id: 42 };

  function refuseOnce() {
    server.handle((request) =>
      request.headers['x-gitlab-captcha-response']
        ? { status: 201, body: { id: 7 } }
        : { status: 409, body: challenge },
    );
  }

  it.each(['POST', 'PUT', 'PATCH'] as const)(
    'repeats a refused %s once with the original body plus the captcha headers',
    async (method) => {
      refuseOnce();
      const asked: CaptchaChallenge[] = [];
      const client = createRestClient({
        baseUrl: server.origin,
        captchaSolver: async (given) => {
          asked.push(given);
          return 'solved-token';
        },
      });
      const response = await client.request(method, '/issues', { body: { title: 'spam?' }, headers: { 'X-Own': '1' } });
      expect(response.data).toEqual({ id: 7 });
      expect(asked).toEqual([{ siteKey: 'site-key', spamLogId: 42, signal: undefined }]);
      expect(server.requests).toHaveLength(2);
      const retry = server.requests[1]!;
      expect(retry.method).toBe(method);
      expect(jsonBody(retry)).toEqual({ title: 'spam?' });
      expect(retry.headers['x-gitlab-captcha-response']).toBe('solved-token');
      expect(retry.headers['x-gitlab-spam-log-id']).toBe('42');
      expect(retry.headers['x-own']).toBe('1');
      expect([CAPTCHA_RESPONSE_HEADER, SPAM_LOG_ID_HEADER]).toEqual([
        'X-GitLab-Captcha-Response',
        'X-GitLab-Spam-Log-Id',
      ]);
    },
  );

  it('pauses the request until the captcha is solved', async () => {
    refuseOnce();
    let solve: (token: string) => void = () => undefined;
    const client = createRestClient({
      baseUrl: server.origin,
      captchaSolver: () => new Promise((resolve) => (solve = resolve)),
    });
    const request = client.post('/issues', { title: 't' });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(await stateOf(request)).toBe('pending');
    expect(server.requests).toHaveLength(1);
    solve('late-token');
    await expect(request).resolves.toMatchObject({ status: 201 });
  });

  it('uses the solver set with setCaptchaSolver when the client has none', async () => {
    refuseOnce();
    setCaptchaSolver(async () => 'registered-token');
    await plainClient().post('/issues', {});
    expect(server.requests[1]?.headers['x-gitlab-captcha-response']).toBe('registered-token');
  });

  it("rejects with the solver's error when the captcha is closed unsolved, without repeating", async () => {
    refuseOnce();
    const closed = new Error('You must solve the CAPTCHA in order to submit');
    const client = createRestClient({ baseUrl: server.origin, captchaSolver: () => Promise.reject(closed) });
    await expect(client.post('/issues', {})).rejects.toBe(closed);
    expect(server.requests).toHaveLength(1);
  });

  it('says so when no solver is set, keeping the refusal as the cause', async () => {
    refuseOnce();
    const error = (await plainClient()
      .put('/issues/1', {})
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(NO_CAPTCHA_SOLVER_MESSAGE);
    expect(error.cause).toBeInstanceOf(HttpError);
  });

  it('repeats only once, and never for GET or DELETE', async () => {
    server.handle(() => ({ status: 409, body: challenge }));
    const solver = vi.fn(async () => 'token');
    const client = createRestClient({ baseUrl: server.origin, captchaSolver: solver });
    await expect(client.post('/x', {})).rejects.toThrow('Request failed with status code 409');
    expect(server.requests).toHaveLength(2);
    await expect(client.get('/x')).rejects.toBeInstanceOf(HttpError);
    await expect(client.delete('/x')).rejects.toBeInstanceOf(HttpError);
    expect(solver).toHaveBeenCalledTimes(1);
  });
});

describe('startup calls (spec sections 7 and 8)', () => {
  function prefetch(path: string) {
    return { fetchCall: fetch(`${server.origin}${path}`) };
  }

  it('answers the first matching request from the prefetched response (query compared sorted), then goes to the network', async () => {
    server.handle((request) => ({ body: { from: request.url }, headers: { 'X-Total': '9' } }));
    const startup = prefetch('/api/v4/projects/1/issues?state=opened&per_page=20');
    configurePage({ startupCalls: { '/api/v4/projects/1/issues?state=opened&per_page=20': startup } });
    await startup.fetchCall;
    const client = createRestClient({ baseUrl: server.origin });
    const params = { per_page: 20, state: 'opened' };
    const first = await client.get('/api/:version/projects/1/issues', { params });
    expect(first.data).toEqual({ from: '/api/v4/projects/1/issues?state=opened&per_page=20' });
    expect(first.headers.get('X-Total')).toBe('9');
    expect(server.requests).toHaveLength(1);
    const second = await client.get('/api/:version/projects/1/issues', { params });
    expect(second.data).toEqual({ from: '/api/v4/projects/1/issues?per_page=20&state=opened' });
    expect(server.requests).toHaveLength(2);
  });

  it('does not answer other URLs or other methods from it', async () => {
    configurePage({ startupCalls: { '/api/v4/a': prefetch('/api/v4/a') } });
    const client = createRestClient({ baseUrl: server.origin });
    await client.get('/api/v4/b');
    await client.post('/api/v4/a', {});
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v4/b', 'POST /api/v4/a']),
    );
    expect(server.requests).toHaveLength(3);
  });

  it.each([
    ['not ok', () => ({ fetchCall: Promise.resolve(new Response('{}', { status: 500 })) })],
    ['an error', () => ({ fetchCall: Promise.reject(new TypeError('offline')) })],
    ['no data', () => ({ fetchCall: Promise.resolve(new Response('null', { status: 200 })) })],
  ])('logs a warning for a startup call with %s, and the request goes to the network', async (_, call) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configurePage({ startupCalls: { '/api/v4/user': call() } });
    const response = await createRestClient({ baseUrl: server.origin }).get('/api/v4/user');
    expect(response.data).toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(STARTUP_CALL_FAILED_MESSAGE, '/api/v4/user', expect.anything());
  });
});

/** A client without its own captcha solver (so the registered one applies). */
function plainClient() {
  return createRestClient({ baseUrl: server.origin });
}

it('the default client reads the page configuration on each request', () => {
  configurePage({ apiVersion: 'v5' });
  expect(restClient.pageConfig().apiVersion).toBe('v5');
});
