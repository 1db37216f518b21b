/**
 * The process as `npm run app` runs it: file-backed PGlite in FORGEKIT_DATA_DIR, root seeded
 * once (password printed once, token from FORGEKIT_ROOT_TOKEN), relative URL root, SIGTERM
 * drains in-flight writes and every acknowledged write survives the restart. Also: a 5xx is
 * logged with its request id and answered in GitLab's shape without a stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/connection.ts';
import { buildServer } from '../../server/http/server.ts';
import { testPostgres } from '../helpers/postgres.ts';

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
const TOKEN = 'glpat-lifecycle-token';
const ROOT = '/forge';
/** How many project creations are in flight when SIGTERM arrives. */
const IN_FLIGHT_WRITES = 10;
const STARTUP_POLL_MS = 200;

/** Starting, initdb and restarting on a loaded 2-core machine take tens of seconds. */
const PROCESS_TEST_TIMEOUT_MS = 300_000;

const dataDir = mkdtempSync(join(tmpdir(), 'forgekit-data-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  // A failed or timed-out test must not leave servers behind.
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  output: () => string;
  url: string;
  exited: Promise<number | null>;
}

async function start(port: number, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FORGEKIT_DATA_DIR: dataDir,
      FORGEKIT_ROOT_TOKEN: TOKEN,
      FORGEKIT_RELATIVE_URL_ROOT: ROOT,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}${ROOT}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${url}/-/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, STARTUP_POLL_MS));
  }
  return { child, output: () => output, url, exited };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('npm run app', () => {
  it(
    'keeps every acknowledged write across a SIGTERM drain and a restart',
    async () => {
      const port = await freePort();
      const first = await start(port);
      expect(first.output()).toMatch(/Created the administrator "root" with the password: \S+/);
      const api = (path: string, init: RequestInit = {}) =>
        fetch(`${first.url}/api/v4${path}`, {
          ...init,
          headers: { 'private-token': TOKEN, 'content-type': 'application/json' },
        });

      const health = await fetch(`${first.url}/-/health`);
      expect(health.headers.get('x-request-id')).toBeTruthy();
      expect((await fetch(`http://127.0.0.1:${port}/-/health`)).status).toBe(404);

      let signalledAt = 0;
      const writes = Array.from({ length: IN_FLIGHT_WRITES }, (_, i) =>
        api('/projects', { method: 'POST', body: JSON.stringify({ name: `drained-${i}` }) }).then(
          async (response) => ({
            status: response.status,
            at: Date.now(),
            body: (await response.json()) as { path: string },
          }),
          () => ({ status: 0, at: Date.now(), body: { path: '' } }),
        ),
      );
      await Promise.race(writes);
      signalledAt = Date.now();
      first.child.kill('SIGTERM');
      const results = await Promise.all(writes);
      expect(await first.exited).toBe(0);

      const acknowledged = results.filter((r) => r.status === 201);
      expect(acknowledged.length).toBeGreaterThan(1);
      // Draining: requests already in the server finished after the signal instead of being cut.
      expect(acknowledged.some((r) => r.at > signalledAt)).toBe(true);

      const second = await start(port);
      try {
        expect(second.output()).not.toContain('Created the administrator');
        const listed = await fetch(`${second.url}/api/v4/projects?per_page=100&search=drained`, {
          headers: { 'private-token': TOKEN },
        });
        const paths = ((await listed.json()) as { path: string }[]).map((p) => p.path).sort();
        expect(paths).toEqual(acknowledged.map((r) => r.body.path).sort());
        expect(listed.headers.get('link')).toContain(`${second.url}/api/v4/projects?`);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'runs on PostgreSQL with DATABASE_URL',
    async () => {
      const postgres = await testPostgres();
      try {
        const running = await start(await freePort(), {
          DATABASE_URL: await postgres.createDatabase(),
          FORGEKIT_ROOT_PASSWORD: 'a-given-root-password',
        });
        expect(running.output()).not.toContain('Created the administrator');
        const user = await fetch(`${running.url}/api/v4/user`, { headers: { 'private-token': TOKEN } });
        expect(await user.json()).toMatchObject({ username: 'root', is_admin: true });
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        await postgres.stop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('server errors', () => {
  it('answers 500 in GitLab shape without a stack, and logs it with the request id', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openDatabase({
      memory: true,
      loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
    });
    const app = await buildServer({ database, logger: { level: 'error', stream } });
    app.get('/boom', async () => {
      throw new Error('secret internals');
    });
    try {
      const response = await app.inject('/boom');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: '500 Internal Server Error' });
      expect(response.body).not.toContain('secret internals');
      const requestId = response.headers['x-request-id'];
      const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; level: number });
      expect(logged.some((entry) => entry.reqId === requestId)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
