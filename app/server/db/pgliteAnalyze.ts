/**
 * Planner statistics for the embedded database. A PostgreSQL server's autovacuum daemon ANALYZEs
 * tables as they change; PGlite runs no background workers, so without this its tables are never
 * analyzed and every query is planned from default guesses (measured: the issue list's queries
 * cost the Node thread about twice as much without statistics). Like autovacuum, this analyzes
 * only the tables that need it: never analyzed, or grown or shrunk by more than a tenth since.
 */
import { sql } from 'kysely';
import type { Db } from './schema.ts';

/** How often the tables are checked (autovacuum's default naptime). */
export const PGLITE_ANALYZE_INTERVAL_MS = 60_000;
/** Change in size, as a share of the pages at the last ANALYZE, that calls for a new one. */
export const PGLITE_ANALYZE_SCALE_FACTOR = 0.1;

/** The application's tables that need an ANALYZE now (quoted names). */
async function staleTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.oid::regclass::text AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND (c.reltuples < 0
        OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
          > greatest(1, c.relpages * ${PGLITE_ANALYZE_SCALE_FACTOR}::float8))`.execute(db);
  return rows.map((row) => row.name);
}

/** ANALYZEs the tables that need it; returns their names. */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const tables = await staleTables(db);
  if (tables.length > 0) await sql`ANALYZE ${sql.raw(tables.join(', '))}`.execute(db);
  return tables;
}

/**
 * Analyzes stale tables now and then every `PGLITE_ANALYZE_INTERVAL_MS` (the timer does not keep
 * the process alive); the returned function stops it. Failures (the database closing) are ignored:
 * the next round tries again.
 */
export function startPgliteAutoAnalyze(db: Db): () => void {
  const run = () => analyzeStaleTables(db).catch(() => {});
  void run();
  const timer = setInterval(run, PGLITE_ANALYZE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
