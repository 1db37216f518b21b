/**
 * `--workers N` (`FORGEKIT_WORKERS`): one port served by several processes through `node:cluster`
 * on one PostgreSQL server. Which worker answered is read from the server's own log (pino writes
 * each line with its `pid` and the request id that the answer's `x-request-id` carries); each
 * request opens its own connection, so the primary hands them to the workers in turn.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adapters, createConsumer } from '@rails/actioncable';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FROM_CACHE_HEADER } from '../../server/api/v4/issuePresenter.ts';
import { WORKERS_NEED_POSTGRES } from '../../server/http/cluster.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { STARTUP_TIMEOUT_MS, startServerProcess, type ServerProcess } from './serverProcess.ts';

const TOKEN = 'glpat-workers-root-token';
const WORKERS = 2;
/** Requests tried until one lands on a worker other than the subscriber's (in turn: the second). */
const MAX_ATTEMPTS = 6;
/** How long a realtime update may take to cross processes (NOTIFY, then GraphqlChannel). */
const DELIVERY_TIMEOUT_MS = 10_000;
/** How often the test looks for the request waiting on its lock. */
const POLL_MS = 50;
/** How soon after its last answer the primary must have exited. */
const EXIT_DEADLINE_MS = 15_000;
/** How long a request's log line may trail its answer (a loaded machine), and how often it is looked for. */
const LOG_LINE_WAIT_MS = 10_000;
const LOG_LINE_POLL_MS = POLL_MS;
const NOTE_CREATED = `subscription workItemNoteCreated($noteableId: NoteableID) {
  workItemNoteCreated(noteableId: $noteableId) { id body }
}`;

let postgres: TestPostgres;
let databaseUrl: string;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  postgres = await testPostgres();
  databaseUrl = await postgres.createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'forgekit-workers-'));
  server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    FORGEKIT_DATA_DIR: dataDir,
    FORGEKIT_ROOT_TOKEN: TOKEN,
    FORGEKIT_WORKERS: String(WORKERS),
    LOG_LEVEL: 'info',
  });
  // A cluster and a PostgreSQL cluster starting on a loaded machine: the server's own limit.
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer<T> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  /** The worker process that answered. */
  pid: number;
}

/**
 * The pid of the process that logged `requestId`. The line may reach the server's output after the
 * answer reached us (a worker's log goes through the primary's pipe), so it is waited for.
 */
async function pidOf(requestId: string): Promise<number> {
  for (const deadline = Date.now() + LOG_LINE_WAIT_MS; ;) {
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes(`"reqId":"${requestId}"`));
    if (line) return (JSON.parse(line) as { pid: number }).pid;
    if (Date.now() > deadline) throw new Error(`no log line for request ${requestId}`);
    await new Promise((resolve) => setTimeout(resolve, LOG_LINE_POLL_MS));
  }
}

/** One request on a connection of its own (no keep-alive pool: the cluster picks a worker per connection). */
function api<T>(path: string, method = 'GET', json?: unknown): Promise<Answer<T>> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}/api/v4${path}`,
      {
        method,
        agent: false,
        headers: { 'private-token': TOKEN, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          pidOf(String(response.headers['x-request-id'])).then(
            (pid) =>
              resolve({
                status: response.statusCode!,
                headers: response.headers,
                body: (text ? JSON.parse(text) : null) as T,
                pid,
              }),
            reject,
          );
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('--workers', () => {
  it('is refused on the embedded database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgekit-workers-pglite-'));
    try {
      await expect(startServerProcess({ FORGEKIT_DATA_DIR: dir, FORGEKIT_WORKERS: String(WORKERS) })).rejects.toThrow(
        WORKERS_NEED_POSTGRES,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`serves one port from ${WORKERS} processes`, async () => {
    const pids = new Set<number>();
    for (let n = 0; n < MAX_ATTEMPTS && pids.size < WORKERS; n += 1) pids.add((await api('/user')).pid);
    expect(pids.size).toBe(WORKERS);
    expect(pids).not.toContain(server.child.pid);
  });

  it("keeps the issue list's cache coherent across workers", async () => {
    const project = await api<{ id: number }>('/projects', 'POST', { name: 'Cached across workers' });
    const issue = await api<{ iid: number }>(`/projects/${project.body.id}/issues`, 'POST', { title: 'Version 0' });
    const path = `/projects/${project.body.id}/issues`;
    /** For each change: the worker that had the list cached, the one that changed it. */
    const changes: [number, number][] = [];
    const shownAfterChange = new Set<number>();
    for (let version = 1; version <= MAX_ATTEMPTS; version += 1) {
      // Make sure one worker has the list cached (a worker's first list is fresh)...
      let listed = await api<{ title: string }[]>(path);
      while (listed.headers[FROM_CACHE_HEADER] !== 'true') listed = await api<{ title: string }[]>(path);
      // ...then change the issue through the same worker or, every other time, the next one.
      if (version % 2 === 0) await api('/user');
      const changed = await api(`${path}/${issue.body.iid}`, 'PUT', { title: `Version ${version}` });
      changes.push([listed.pid, changed.pid]);
      // Whichever worker answers next, from its cache or not, shows the change.
      for (let n = 0; n < WORKERS; n += 1) {
        const after = await api<{ title: string }[]>(path);
        expect(after.body[0]!.title).toBe(`Version ${version}`);
        shownAfterChange.add(after.pid);
      }
    }
    expect(changes.some(([cachedBy, changedBy]) => cachedBy !== changedBy)).toBe(true);
    expect(shownAfterChange.size).toBe(WORKERS);
  });

  it('delivers a change made on one worker to a cable subscriber on another', async () => {
    class TokenWebSocket extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: { 'private-token': TOKEN } });
      }
    }
    adapters.WebSocket = TokenWebSocket as unknown as typeof globalThis.WebSocket;
    globalThis.addEventListener ??= () => {};
    globalThis.removeEventListener ??= () => {};
    const project = await api<{ id: number }>('/projects', 'POST', { name: 'Realtime across workers' });
    const issue = await api<{ id: number; iid: number }>(`/projects/${project.body.id}/issues`, 'POST', {
      title: 'Watched',
    });

    const logBefore = server.output().length;
    const consumer = createConsumer(`${server.url.replace(/^http/, 'ws')}/cable`);
    const received: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      consumer.subscriptions.create(
        {
          channel: 'GraphqlChannel',
          query: NOTE_CREATED,
          variables: { noteableId: `gid://gitlab/WorkItem/${issue.body.id}` },
          operationName: 'workItemNoteCreated',
          nonce: randomUUID(),
        },
        {
          rejected: () => reject(new Error('subscription rejected')),
          received: (data: unknown) => (received.push(data), resolve()),
        },
      );
    });
    try {
      // The worker holding the websocket logged its upgrade request to /cable.
      const cableLine = server
        .output()
        .slice(logBefore)
        .split('\n')
        .find((line) => line.includes('"url":"/cable"'));
      const subscriberPid = (JSON.parse(cableLine!) as { pid: number }).pid;
      let note: Answer<{ id: number }> | undefined;
      for (let n = 0; n < MAX_ATTEMPTS && (!note || note.pid === subscriberPid); n += 1) {
        note = await api<{ id: number }>(`/projects/${project.body.id}/issues/${issue.body.iid}/notes`, 'POST', {
          body: `Written through a worker (${n})`,
        });
      }
      expect(note!.pid).not.toBe(subscriberPid);
      await expect
        .poll(() => received, { timeout: DELIVERY_TIMEOUT_MS })
        .toContainEqual({
          result: {
            data: { workItemNoteCreated: expect.objectContaining({ id: `gid://gitlab/Note/${note!.body.id}` }) },
          },
          more: true,
        });
    } finally {
      consumer.disconnect();
    }
  });

  it('drains every worker on SIGTERM: an in-flight request is answered, then all exit 0', async () => {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE projects IN ACCESS EXCLUSIVE MODE');
    const inFlight = api<unknown[]>('/projects');
    const waiting = async () =>
      (
        await locker.query(
          "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        )
      ).rowCount;
    while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, POLL_MS));

    const exitCode = server.stop();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));
    expect(server.child.exitCode).toBeNull(); // still draining
    await locker.query('COMMIT');
    await locker.end();

    expect((await inFlight).status).toBe(200);
    const deadline = new Promise((resolve) => setTimeout(() => resolve('still running'), EXIT_DEADLINE_MS));
    expect(await Promise.race([exitCode, deadline])).toBe(0);
    expect(server.output()).not.toMatch(/server error|Cannot use a pool after calling end/);
  });
});
