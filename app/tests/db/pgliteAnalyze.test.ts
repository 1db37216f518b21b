/**
 * The embedded database's stand-in for autovacuum's ANALYZE: tables never analyzed, or grown by
 * more than a tenth since, get planner statistics; unchanged tables are left alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { analyzeStaleTables } from '../../server/db/pgliteAnalyze.ts';

/** Rows that fill several pages, then enough more to grow the table by far more than a tenth. */
const FIRST_ROWS = 2000;
const MORE_ROWS = 2000;

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
});
afterAll(() => database.close());

const estimatedRows = async () =>
  (
    await sql<{ rows: number }>`SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'analyzed'`.execute(
      database.db,
    )
  ).rows[0]!.rows;

it('analyzes a table when it has no statistics or has grown, and only then', async () => {
  await sql`CREATE TABLE analyzed (n int)`.execute(database.db);
  await sql`INSERT INTO analyzed SELECT generate_series(1, ${FIRST_ROWS})`.execute(database.db);
  expect(await analyzeStaleTables(database.db)).toContain('analyzed');
  expect(await estimatedRows()).toBe(FIRST_ROWS);
  expect(await analyzeStaleTables(database.db)).not.toContain('analyzed');
  await sql`INSERT INTO analyzed SELECT generate_series(1, ${MORE_ROWS})`.execute(database.db);
  expect(await analyzeStaleTables(database.db)).toContain('analyzed');
  expect(await estimatedRows()).toBe(FIRST_ROWS + MORE_ROWS);
});
