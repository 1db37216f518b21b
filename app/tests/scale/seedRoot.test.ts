/**
 * Concurrent first starts on an empty PostgreSQL database: two processes (here two connection
 * pools) seeding root at the same moment create one administrator and one token, and both
 * carry on (no unique violation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { ROOT_USERNAME, seedRoot } from '../../server/seed/root.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';

const TOKEN = 'glpat-concurrent-seed-token';
/** As many starts as a small deployment runs at once. */
const CONCURRENT_STARTS = 3;

let postgres: TestPostgres;
let databases: Database[] = [];

beforeAll(async () => {
  postgres = await testPostgres();
  const databaseUrl = await postgres.createDatabase();
  databases = await Promise.all(Array.from({ length: CONCURRENT_STARTS }, () => openDatabase({ databaseUrl })));
  await migrate(databases[0]!);
});

afterAll(async () => {
  await Promise.all(databases.map((database) => database.close()));
  await postgres?.stop();
});

describe('seeding root', () => {
  it('creates root and its token once when several processes start together', async () => {
    const results = await Promise.all(
      databases.map((database) => seedRoot(database.db, { password: 'concurrent-root-password', token: TOKEN })),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.userId)).size).toBe(1);
    const db = databases[0]!.db;
    const roots = await db.selectFrom('users').select('id').where('username', '=', ROOT_USERNAME).execute();
    expect(roots).toHaveLength(1);
    const tokens = await db.selectFrom('personal_access_tokens').select('id').execute();
    expect(tokens).toHaveLength(1);
  });
});
