/**
 * Named prepared statements for the hot path's fixed-shape queries on PostgreSQL
 * (docs/decisions/015-server-performance.md, 2026-11-26 evening).
 *
 * `pg` sends a query without a name as the unnamed extended-protocol statement, which PostgreSQL
 * parses, analyses and plans again on every call: for the response cache's fingerprint that was
 * most of PostgreSQL's CPU per replayed answer (planning 0.5-1.4 ms, executing 0.15-0.27 ms). A
 * statement registered here is sent under its name instead: each pooled connection parses it once
 * and keeps it, and after five executions PostgreSQL keeps a generic plan when it costs no more
 * than the custom ones (`plan_cache_mode = auto`), so a call is bind and execute only.
 *
 * This is the one place that names statements. Callers still go through Kysely
 * (`db.executeQuery(CompiledQuery.raw(sql, params))`), so the embedded PGlite (its queue, the
 * abandoned-request check) runs the very same call and simply never sees a name; only the
 * PostgreSQL pool's client recognises a registered text.
 *
 * Register only statements whose result columns cannot change with the schema (no `*`): a
 * prepared statement whose result type changes under it fails ("cached plan must not change
 * result type") until its connection closes. Plans themselves are invalidated by PostgreSQL on
 * any change to the tables they read, and a statement holds no data: nothing here can answer
 * from an old row. A connection pooler in transaction mode (PgBouncer before 1.21) does not carry
 * named statements across server connections; point `DATABASE_URL` at PostgreSQL or a session pool.
 */
import pg from 'pg';

/** Registered statement names by SQL text, and texts by name (a name means one text). */
const namesByText = new Map<string, string>();
const textsByName = new Map<string, string>();

/**
 * Registers `text` to be sent as the prepared statement `name` on PostgreSQL, and returns it
 * unchanged. Registering the same pair again is a no-op; a name given to another text throws.
 */
export function namedStatement(name: string, text: string): string {
  const known = textsByName.get(name);
  if (known !== undefined && known !== text) throw new Error(`Statement name ${name} is already used by another query`);
  textsByName.set(name, text);
  namesByText.set(text, name);
  return text;
}

/** The name `text` is sent under on PostgreSQL, if it was registered. */
export function statementName(text: string): string | undefined {
  return namesByText.get(text);
}

/**
 * The pool's client (`new pg.Pool({ Client: NamedStatementClient })`): a registered text queried
 * with its values, the way Kysely's PostgreSQL driver calls `client.query(sql, parameters)`, goes
 * out as `{ name, text, values }`; everything else is passed through untouched.
 */
export class NamedStatementClient extends pg.Client {
  static {
    // An override of `query`'s dozen overloads cannot be typed as one method; the prototype holds it.
    NamedStatementClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
      const [text, values] = args;
      const name =
        typeof text === 'string' && args.length === 2 && Array.isArray(values) ? statementName(text) : undefined;
      return name === undefined ? query.apply(this, args) : query.call(this, { name, text, values });
    } as pg.Client['query'];
  }
}
