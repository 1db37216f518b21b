/**
 * One typed query layer (Kysely) over either database: an embedded, file-backed PGlite by
 * default, or a PostgreSQL server when a connection string is given. See
 * docs/decisions/012-server-stack.md for why.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { NamedStatementClient } from './namedStatements.ts';
import { startPgliteAutoAnalyze } from './pgliteAnalyze.ts';
import { QueuedPGliteDialect } from './pgliteDialect.ts';
import type { Db } from './schema.ts';

/** How long a dropped LISTEN connection waits before it connects again. */
export const LISTEN_RECONNECT_DELAY_MS = 1000;

/** Where the data lives: exactly one of the four. */
export type DatabaseOptions =
  | { /** PostgreSQL connection string (`DATABASE_URL`). */ databaseUrl: string }
  | { /** Directory of a file-backed PGlite (created on first open). */ dataDir: string }
  | {
      /** An in-memory PGlite, optionally loaded from a `dumpDataDir()` snapshot (tests). */
      memory: true;
      loadDataDir?: Blob;
    }
  | {
      /** An open PGlite its caller owns: `close()` leaves it open (tests reuse one per worker). */
      pglite: PGlite;
    };

/** An open database: the query builder, a multi-statement script runner and `close()`. */
export interface Database {
  /** The typed query builder shared by every module. */
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `beforeScript` (locks, checks) and then, if it returned true, a multi-statement SQL
   * script, all in one transaction. Used by migrations only; queries go through `db`.
   */
  runScriptInTransaction(
    script: string,
    beforeScript: (query: (sql: string, params: unknown[]) => Promise<unknown[]>) => Promise<boolean>,
  ): Promise<boolean>;
  /**
   * Calls `onPayload` with each `NOTIFY channel` payload (from any process on this database, or
   * in-process with PGlite) until the returned function is called. PostgreSQL: a dedicated client.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Closes every connection and resolves once they are closed; PGlite flushes its files. */
  close(): Promise<void>;
  /**
   * Called when PostgreSQL ends a connection that was idle in the pool (a restart, a failover, an
   * administrator's `pg_terminate_backend`): the pool has dropped it and opens another for the next
   * query. Nothing by default; the server logs it (`buildServer`). Never called on PGlite.
   */
  onConnectionError: (error: Error) => void;
  /** The embedded instance, when there is one (tests snapshot it). */
  pglite?: PGlite;
}

/** Opens the database described by `options` (does not migrate: see `migrate`). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl);
  const borrowed = 'pglite' in options;
  const pglite = borrowed
    ? options.pglite
    : 'dataDir' in options
      ? new PGlite(options.dataDir)
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await pglite.waitReady;
  const db: Db = new Kysely({ dialect: new QueuedPGliteDialect(pglite) });
  const stopAutoAnalyze = startPgliteAutoAnalyze(db);
  return {
    db,
    kind: 'pglite',
    onConnectionError: () => {},
    pglite,
    async runScriptInTransaction(script, beforeScript) {
      // One PGlite is one connection; going through Kysely's connection takes its turn in the queue.
      return db.connection().execute(() =>
        pglite.transaction(async (tx) => {
          const proceed = await beforeScript(async (sql, params) => (await tx.query(sql, params)).rows);
          if (proceed) await tx.exec(script);
          return proceed;
        }),
      );
    },
    async listen(channel, onPayload) {
      return pglite.listen(channel, onPayload);
    },
    async close() {
      stopAutoAnalyze();
      // Kysely's driver closes its PGlite on destroy.
      if (!borrowed) await db.destroy();
    },
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  // The hot path's registered queries go out as named prepared statements (namedStatements.ts).
  const pool = new pg.Pool({ connectionString, Client: NamedStatementClient });
  // pg-pool's end() resolves once it has asked its connections to end, not once they have: close()
  // waits for the last one's socket, so that a caller may drop the database right after.
  const connections = new Set<pg.PoolClient>();
  let allClosed: (() => void) | undefined;
  pool.on('connect', (client) => connections.add(client));
  pool.on('remove', (client) => {
    connections.delete(client);
    if (connections.size === 0) allClosed?.();
  });
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  const database: Database = {
    db,
    kind: 'postgres',
    onConnectionError: () => {},
    async runScriptInTransaction(script, beforeScript) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const proceed = await beforeScript(async (sql, params) => (await client.query(sql, params)).rows);
        // No parameters: pg uses the simple protocol, which runs several statements.
        if (proceed) await client.query(script);
        await client.query('COMMIT');
        return proceed;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      // LISTEN holds its connection for good: a client of its own, outside the pool, opened again
      // when the server drops it (a restart, a terminated backend). Events in the gap are lost.
      let client: pg.Client | undefined;
      let stopped = false;
      const open = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        next.on('error', () => {}); // an 'end' follows, and reopens
        try {
          await next.connect();
          await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        next.once('end', () => {
          if (!stopped) reopen();
        });
        client = next;
        if (stopped) await next.end(); // stopped while this one was connecting
      };
      const reopen = () =>
        setTimeout(() => {
          if (!stopped) open().catch(reopen);
        }, LISTEN_RECONNECT_DELAY_MS);
      await open();
      return async () => {
        stopped = true;
        await client?.end();
      };
    },
    async close() {
      const closed = new Promise<void>((resolve) => {
        allClosed = resolve;
      });
      await db.destroy();
      if (connections.size > 0) await closed;
    },
  };
  // An idle connection that PostgreSQL ends makes the pool emit 'error': with no listener, that
  // would be an uncaught exception, and the server would exit.
  pool.on('error', (error) => database.onConnectionError(error));
  return database;
}
