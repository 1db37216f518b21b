/**
 * The PostgreSQL pool's connections: PostgreSQL may end an idle one at any time (a restart, a
 * failover, an administrator's `pg_terminate_backend`), and the server must go on answering; and
 * `close()` resolves only once every connection is closed, so the database can be dropped right
 * after (the run's test databases are dropped `WITH (FORCE)`).
 */
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { ROOT_TOKEN, startTestServer } from '../helpers/server.ts';

/** Parallel requests or queries: each holds a connection, so the pool opens several. */
const PARALLEL = 8;

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await testPostgres();
});
afterAll(() => postgres.stop());

/** A connection of its own to `url`'s database, outside the server's pool. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Ends every other connection to the database `admin` is on; returns how many it ended. */
async function terminateOthers(admin: pg.Client): Promise<number> {
  const { rowCount } = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rowCount ?? 0;
}

describe('a connection PostgreSQL ends while it idles in the pool', () => {
  it('is logged and replaced: the server keeps answering', async () => {
    const logged: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(String(chunk)) as { level: number; msg: string });
        done();
      },
    });
    const url = await postgres.createDatabase();
    const server = await startTestServer({ databaseUrl: url, logger: { level: 'warn', stream } });
    const admin = await connect(url);
    try {
      const projects = () => server.request('/api/v4/projects', { token: ROOT_TOKEN });
      await Promise.all(Array.from({ length: PARALLEL }, projects));
      expect(await terminateOthers(admin)).toBeGreaterThan(1);
      await expect
        .poll(() => logged.filter((entry) => entry.msg.startsWith('PostgreSQL ended an idle connection')).length)
        .toBeGreaterThan(1);
      expect((await projects()).status).toBe(200);
    } finally {
      await admin.end();
      await server.close();
    }
  });
});

/** This process's open TCP sockets. */
const openSockets = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length;

describe('close()', () => {
  it('resolves once every connection is closed', async () => {
    const url = await postgres.createDatabase();
    const socketsBefore = openSockets();
    const database = await openDatabase({ databaseUrl: url });
    await migrate(database);
    const errors: Error[] = [];
    database.onConnectionError = (error) => errors.push(error);
    await Promise.all(Array.from({ length: PARALLEL }, () => database.db.selectFrom('users').select('id').execute()));
    // Connected before: asked right after close() resolves, PostgreSQL still has any connection
    // whose end is under way.
    const admin = await connect(url);
    try {
      await database.close();
      expect(openSockets()).toBe(socketsBefore + 1); // the admin's
      expect(await terminateOthers(admin)).toBe(0);
    } finally {
      await admin.end();
    }
    expect(errors).toEqual([]);
  });
});
