/**
 * The database layer on both backends (embedded PGlite and a real PostgreSQL 15): migrations
 * apply once, concurrent iids are distinct and increasing, and the API's permission-heavy
 * queries run unchanged on PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { personalNamespace } from '../../server/domain/groups.ts';
import { nextIid } from '../../server/domain/iids.ts';
import { createProject } from '../../server/domain/projects.ts';
import { inTransaction } from '../../server/domain/transaction.ts';
import { createUser } from '../../server/domain/users.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startTestServer } from '../helpers/server.ts';

/** How many creations race for iids (the figure). */
const PARALLEL_CREATIONS = 50;

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await testPostgres();
});
afterAll(() => postgres.stop());

const backends = [
  ['PGlite', () => openDatabase({ memory: true })],
  ['PostgreSQL', async () => openDatabase({ databaseUrl: await postgres.createDatabase() })],
] as const;

describe.each(backends)('%s', (_name, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('applies each migration once, recorded in schema_migrations', async () => {
    const first = await migrate(database);
    expect(first).toEqual(expect.arrayContaining(['001', '002']));
    expect(await migrate(database)).toEqual([]);
    const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations ORDER BY version`.execute(
      database.db,
    );
    expect(rows.map((row) => row.version)).toEqual(first);
  });

  it('checks a migrated database without a locked transaction per migration', async () => {
    await migrate(database);
    const { runScriptInTransaction } = database;
    let transactions = 0;
    database.runScriptInTransaction = (...args) => {
      transactions += 1;
      return runScriptInTransaction(...args);
    };
    try {
      expect(await migrate(database)).toEqual([]);
    } finally {
      database.runScriptInTransaction = runScriptInTransaction;
    }
    // Only the one that makes sure schema_migrations exists.
    expect(transactions).toBe(1);
  });

  it(`gives ${PARALLEL_CREATIONS} parallel creations distinct, increasing iids`, async () => {
    const user = await createUser(database.db, { username: 'iid', name: 'iid', email: 'iid@example.com' });
    const project = await createProject(database.db, {
      name: 'Counted',
      namespace: await personalNamespace(database.db, user.id),
      creatorId: user.id,
    });
    const iids = await Promise.all(
      Array.from({ length: PARALLEL_CREATIONS }, () =>
        inTransaction(database.db, (trx) => nextIid(trx, project.id, 'issues')),
      ),
    );
    expect([...iids].sort((a, b) => a - b)).toEqual(Array.from({ length: PARALLEL_CREATIONS }, (_, i) => i + 1));
    expect(await nextIid(database.db, project.id, 'merge_requests')).toBe(1);
  });
});

describe('the API on PostgreSQL', () => {
  it('serves the same permissions and pagination as on PGlite', async () => {
    const server = await startTestServer({ databaseUrl: await postgres.createDatabase() });
    try {
      const owner = await server.createUser('pgowner');
      const guest = await server.createUser('pgguest');
      const group = await server.request<{ id: number }>('/api/v4/groups', {
        method: 'POST',
        token: owner.token,
        json: { name: 'PG', path: 'pg' },
      });
      const project = await server.request<{ id: number }>('/api/v4/projects', {
        method: 'POST',
        token: owner.token,
        json: { name: 'Private', namespace_id: group.body.id },
      });
      expect(project.status).toBe(201);
      expect((await server.request(`/api/v4/projects/pg%2Fprivate`, { token: guest.token })).status).toBe(404);
      await server.request(`/api/v4/groups/${group.body.id}/members`, {
        method: 'POST',
        token: owner.token,
        json: { user_id: guest.user.id, access_level: ACCESS_LEVEL.GUEST },
      });
      const seen = await server.request<{ id: number }[]>('/api/v4/projects?membership=true', { token: guest.token });
      expect(seen.body.map((p) => p.id)).toEqual([project.body.id]);
      expect(seen.headers.get('x-total')).toBe('1');
      const members = await server.request<unknown[]>(`/api/v4/projects/${project.body.id}/members/all`, {
        token: guest.token,
      });
      expect(members.body).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
