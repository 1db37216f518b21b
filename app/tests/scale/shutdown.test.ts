/**
 * SIGTERM on a server process (`npm run app`) while a request is still waiting on PostgreSQL:
 * the request finishes with its answer (not a 500 from a database closed under it), and only
 * then does the process close the database and exit 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';

const TOKEN = 'glpat-shutdown-root-token';
/** How often the test looks for the request waiting on its lock. */
const POLL_MS = 50;
/** How long the request stays in flight after the signal (the drain must wait for it). */
const IN_FLIGHT_AFTER_SIGNAL_MS = 1000;
/** How soon after its last answer a draining process must have exited. */
const EXIT_DEADLINE_MS = 10_000;

let postgres: TestPostgres;
let databaseUrl: string;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  postgres = await testPostgres();
  databaseUrl = await postgres.createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'forgekit-shutdown-'));
  server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    FORGEKIT_DATA_DIR: dataDir,
    FORGEKIT_ROOT_TOKEN: TOKEN,
  });
});

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('lets an in-flight request finish before the database closes', async () => {
    // A slow request: the test holds a lock that the project list has to wait for.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE projects IN ACCESS EXCLUSIVE MODE');
    const inFlight = fetch(`${server.url}/api/v4/projects`, { headers: { 'private-token': TOKEN } }).then(
      async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
    );
    const waiting = async () =>
      (
        await locker.query(
          "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        )
      ).rowCount;
    while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, POLL_MS));

    const exitCode = server.stop();
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_AFTER_SIGNAL_MS));
    expect(server.child.exitCode).toBeNull(); // still draining
    await locker.query('COMMIT');
    await locker.end();

    expect(await inFlight).toMatchObject({ status: 200, body: [] });
    // The client keeps its connection alive: the drain must still end promptly after the answer.
    const deadline = new Promise((resolve) => setTimeout(() => resolve('still running'), EXIT_DEADLINE_MS));
    expect(await Promise.race([exitCode, deadline])).toBe(0);
    expect(server.output()).not.toMatch(/server error|Cannot use a pool after calling end/);
  });
});
