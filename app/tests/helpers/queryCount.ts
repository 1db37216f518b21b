import type { Database } from '../../server/db/connection.ts';

/** The periodic statistics upkeep's statements (db/pgliteAnalyze.ts): they belong to no request. */
const STATISTICS_UPKEEP = /pg_class|^ANALYZE/;

/**
 * Calls `count` for every statement the server sends to its embedded database from now on, where
 * Kysely's PGlite driver runs them, except the statistics upkeep.
 */
export function onEveryQuery(database: Database, count: () => void): void {
  const pglite = database.pglite!;
  const query = pglite.query.bind(pglite);
  pglite.query = ((...args: Parameters<typeof query>) => {
    if (!STATISTICS_UPKEEP.test(args[0])) count();
    return query(...args);
  }) as typeof pglite.query;
}
