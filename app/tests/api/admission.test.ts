/**
 * The admission queue (http/admission.ts): with one slot, a request that waits longer than the
 * limit is answered 429 with `Retry-After` and GitLab's throttle body instead of hanging; in-process
 * requests (the pages' loaders) are not counted; a slot comes back when its answer is sent or its
 * client goes away. The embedded database's one connection is held by the test to keep a request
 * in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_RETRY_AFTER_SECONDS, TOO_MANY_REQUESTS } from '../../server/http/admission.ts';
import { RETRY_LATER_MESSAGE } from '../../server/http/sessions.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** The queue under test: one request at a time, a short wait. */
const MAX_WAIT_MS = 300;
/** Long enough for a request to reach the database and wait there. */
const SETTLE_MS = 200;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ admission: { maxInFlight: 1, maxWaitMs: MAX_WAIT_MS } });
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the embedded database's one connection until the returned function is called. */
async function holdDatabase(): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const done = server.database.db.connection().execute(async () => {
    taken();
    await held;
  });
  await isTaken;
  return async () => {
    release();
    await done;
  };
}

describe('the admission queue', () => {
  it('answers 429 with Retry-After to a request that waited too long, and serves the one in flight', async () => {
    const release = await holdDatabase();
    const first = server.request('/api/v4/user', { token: ROOT_TOKEN });
    await sleep(SETTLE_MS);
    const started = performance.now();
    const second = await server.request('/api/v4/user', { token: ROOT_TOKEN });
    expect(second.status).toBe(TOO_MANY_REQUESTS);
    expect(second.headers.get('retry-after')).toBe(String(ADMISSION_RETRY_AFTER_SECONDS));
    expect(second.body).toEqual({ message: RETRY_LATER_MESSAGE });
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS - 1);
    await release();
    expect((await first).status).toBe(200);
    expect((await server.request('/api/v4/user', { token: ROOT_TOKEN })).status).toBe(200);
  });

  it('does not count in-process requests', async () => {
    const release = await holdDatabase();
    const held = server.request('/api/v4/user', { token: ROOT_TOKEN });
    await sleep(SETTLE_MS);
    const inProcess = server.app.inject({ url: '/api/v4/user', headers: { 'private-token': ROOT_TOKEN } });
    await sleep(MAX_WAIT_MS * 2);
    await release();
    expect((await inProcess).statusCode).toBe(200);
    expect((await held).status).toBe(200);
  });

  it('gets the slot back from a client that went away', async () => {
    const release = await holdDatabase();
    const abort = new AbortController();
    const gone = fetch(`${server.url}/api/v4/user`, {
      headers: { 'private-token': ROOT_TOKEN },
      signal: abort.signal,
    }).catch(() => 'aborted');
    await sleep(SETTLE_MS);
    abort.abort();
    expect(await gone).toBe('aborted');
    await release();
    expect((await server.request('/api/v4/user', { token: ROOT_TOKEN })).status).toBe(200);
    expect((await server.request('/api/v4/user', { token: ROOT_TOKEN })).status).toBe(200);
  });
});
