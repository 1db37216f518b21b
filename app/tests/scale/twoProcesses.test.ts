/**
 * Scale-out: two server processes on one PostgreSQL server (a throwaway Debian PostgreSQL 15
 * cluster), as a deployment behind a load balancer would run them. Migrations and the root seed
 * happen once; concurrent writes through both processes stay consistent, and a note created
 * through one process reaches the real `@rails/actioncable` client subscribed on the other.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adapters, createConsumer } from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';

const TOKEN = 'glpat-scale-out-root-token';
/** The issue's figure: fifty parallel issue creations in one project. */
const PARALLEL_CREATIONS = 50;
/** How long a realtime update may take to cross processes (NOTIFY, then GraphqlChannel). */
const DELIVERY_TIMEOUT_MS = 10_000;
const NOTE_CREATED = `subscription workItemNoteCreated($noteableId: NoteableID) {
  workItemNoteCreated(noteableId: $noteableId) { id body }
}`;

let postgres: TestPostgres;
let dataDir: string;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  postgres = await testPostgres();
  const databaseUrl = await postgres.createDatabase();
  // One repositories directory, as processes behind one load balancer would share a volume.
  dataDir = mkdtempSync(join(tmpdir(), 'forgekit-scale-'));
  const env = { DATABASE_URL: databaseUrl, FORGEKIT_DATA_DIR: dataDir, FORGEKIT_ROOT_TOKEN: TOKEN };
  // Both first starts at once, as a deployment rolls out: migrations and root are seeded once.
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(server: ServerProcess, path: string, init: { method?: string; json?: unknown } = {}) {
  const response = await fetch(`${server.url}/api/v4${path}`, {
    method: init.method ?? 'GET',
    headers: { 'private-token': TOKEN, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

describe('two server processes on one PostgreSQL', () => {
  it('share one root and one set of migrations', async () => {
    const users = await Promise.all(servers.map((server) => api<{ id: number }>(server, '/user')));
    expect(users.map((user) => user.status)).toEqual([200, 200]);
    expect(users[0]!.body.id).toBe(users[1]!.body.id);
    for (const server of servers) expect(server.output()).not.toMatch(/error/i);
  });

  it(`gives ${PARALLEL_CREATIONS} parallel issue creations through both processes distinct, increasing iids`, async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const project = await api<{ id: number }>(first, '/projects', { method: 'POST', json: { name: 'Scale out' } });
    expect(project.status).toBe(201);

    const created = await Promise.all(
      Array.from({ length: PARALLEL_CREATIONS }, (_, i) =>
        api<{ id: number; iid: number }>(i % 2 ? second : first, `/projects/${project.body.id}/issues`, {
          method: 'POST',
          json: { title: `Parallel ${i}` },
        }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(PARALLEL_CREATIONS).fill(201));
    const byId = created.map((response) => response.body).sort((a, b) => a.id - b.id);
    // Distinct and gap-free, and in the order the rows were written.
    expect(byId.map((issue) => issue.iid)).toEqual(Array.from({ length: PARALLEL_CREATIONS }, (_, i) => i + 1));

    const listed = await api<unknown[]>(second, `/projects/${project.body.id}/issues?per_page=1`);
    expect(listed.headers.get('x-total')).toBe(String(PARALLEL_CREATIONS));
  });
});

describe('realtime across processes', () => {
  beforeAll(() => {
    // GITLAB-API.md §4: the real client runs in Node with `ws` and no-op window listeners.
    class TokenWebSocket extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: { 'private-token': TOKEN } });
      }
    }
    adapters.WebSocket = TokenWebSocket as unknown as typeof globalThis.WebSocket;
    globalThis.addEventListener ??= () => {};
    globalThis.removeEventListener ??= () => {};
  });

  it('delivers a note created through one process to a GraphqlChannel subscriber of the other', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const project = await api<{ id: number }>(first, '/projects', { method: 'POST', json: { name: 'Realtime' } });
    const issue = await api<{ id: number; iid: number }>(first, `/projects/${project.body.id}/issues`, {
      method: 'POST',
      json: { title: 'Watched' },
    });

    const consumer = createConsumer(`${second.url.replace(/^http/, 'ws')}/cable`);
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
          received(data: unknown) {
            received.push(data);
            // The first transmit (`{ workItemNoteCreated: null }`) comes once the subscription
            // listens; `connected` (the confirmation) comes before that on this server.
            resolve();
          },
        },
      );
    });
    try {
      const note = await api<{ id: number }>(first, `/projects/${project.body.id}/issues/${issue.body.iid}/notes`, {
        method: 'POST',
        json: { body: 'Written through the first process' },
      });
      expect(note.status).toBe(201);
      await expect
        .poll(() => received, { timeout: DELIVERY_TIMEOUT_MS })
        .toContainEqual({
          result: {
            data: {
              workItemNoteCreated: {
                id: `gid://gitlab/Note/${note.body.id}`,
                body: 'Written through the first process',
              },
            },
          },
          more: true,
        });
    } finally {
      consumer.disconnect();
    }
  });
});
