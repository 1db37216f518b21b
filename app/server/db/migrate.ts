/**
 * Versioned SQL migrations: `migrations/NNN_name.sql`, applied in order, each in its own
 * transaction together with its row in `schema_migrations`. An advisory lock makes concurrent
 * starts against one PostgreSQL server apply each migration once.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './connection.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;
/** Arbitrary constant key of the advisory lock held while a migration runs. */
const MIGRATION_LOCK_KEY = 4_710_013;

/** Applies every migration not yet recorded; returns the versions it applied. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const lock = (query: (sql: string, params: unknown[]) => Promise<unknown[]>) =>
    query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await database.runScriptInTransaction(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    async (query) => {
      await lock(query);
      return true;
    },
  );
  // Recorded versions are skipped without a transaction each (a start on a migrated database is
  // one query, not one locked transaction per migration); the rest are checked again under the lock.
  const recorded = new Set(
    (await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(database.db)).rows.map(
      (row) => row.version,
    ),
  );
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.slice(0, file.indexOf('_'));
    if (recorded.has(version)) continue;
    const script = await readFile(`${dir}/${file}`, 'utf8');
    const ran = await database.runScriptInTransaction(script, async (query) => {
      await lock(query);
      const done = await query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.length > 0) return false;
      await query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (ran) applied.push(version);
  }
  return applied;
}
