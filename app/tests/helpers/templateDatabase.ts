/**
 * The embedded databases of the test servers: the run's migrated, root-seeded snapshot
 * (globalSetup.ts), one PGlite per server, reused within a worker. Opening a PGlite from the
 * snapshot costs about a second of CPU (its files unpacked into memory, the backend started) and
 * the layer starts some seventy servers; putting a used one back to the snapshot's state (every
 * table emptied, the snapshot's rows and sequence positions restored) costs a fraction of that.
 *
 * A database goes back into use only when its test left it as reusable: no transaction open and
 * the schema as the snapshot has it (a test that creates a table or an index gets its database
 * closed instead). What a session holds (settings, advisory locks, LISTEN, temporary tables) is
 * discarded, and a wrapper a test put on `query` (helpers/queryCount.ts) is removed.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

/** Databases kept for the worker's next servers (a file may run a few servers at once). */
const MAX_IDLE = 2;

/** What a database is put back to: the snapshot's contents and the script that restores them. */
interface TemplateState {
  /** The application's relations and their columns, as the snapshot has them. */
  schema: string;
  /** Empties every table and restores the snapshot's rows and sequences (one transaction). */
  restore: string;
}

const idle: PGlite[] = [];
let snapshot: Promise<Blob> | undefined;
let template: Promise<TemplateState> | undefined;

/** The application's relations (tables, indexes, sequences, views) and columns, in one string. */
const SCHEMA_QUERY = `
  SELECT string_agg(c.relkind::text || ':' || c.oid::regclass::text || '(' || coalesce(
    (SELECT string_agg(a.attname || ' ' || a.atttypid::regtype::text, ',' ORDER BY a.attnum)
     FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '') || ')',
    ';' ORDER BY c.oid::regclass::text) AS schema
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
    AND n.nspname NOT LIKE 'pg_temp%'`;

const quote = (name: string) => `'${name.replaceAll("'", "''")}'`;

/** The one row a query returns. */
async function one<T>(pglite: PGlite, query: string): Promise<T> {
  const [row] = (await pglite.query<T>(query)).rows;
  if (!row) throw new Error(`No row from ${query}`);
  return row;
}

/** Reads the snapshot's state from a database fresh from it. */
async function readTemplate(pglite: PGlite): Promise<TemplateState> {
  const { schema } = await one<{ schema: string }>(pglite, SCHEMA_QUERY);
  const tables = (
    await pglite.query<{ name: string; columns: string }>(`
      SELECT c.oid::regclass::text AS name,
        (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
         WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND c.relkind IN ('r', 'p')
        AND NOT c.relispartition
      ORDER BY 1`)
  ).rows;
  const sequences = (
    await pglite.query<{ name: string }>(`
      SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND c.relkind = 'S'`)
  ).rows;
  const statements = ['BEGIN', `TRUNCATE ${tables.map((table) => table.name).join(', ')}`];
  // The snapshot's rows go back as they were: no trigger fires and no foreign key is checked.
  statements.push('SET LOCAL session_replication_role = replica');
  for (const { name, columns } of tables) {
    const { rows } = await one<{ rows: string | null }>(pglite, `SELECT json_agg(t)::text AS rows FROM ${name} t`);
    if (rows === null) continue;
    statements.push(
      `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${quote(rows)})`,
    );
  }
  for (const { name } of sequences) {
    const { last_value, is_called } = await one<{ last_value: string; is_called: boolean }>(
      pglite,
      `SELECT last_value, is_called FROM ${name}`,
    );
    statements.push(`SELECT setval(${quote(name)}, ${last_value}, ${is_called})`);
  }
  statements.push('COMMIT');
  return { schema, restore: statements.join(';\n') };
}

/** A PGlite in the snapshot's state, for one server; give it back with `releaseTemplatePglite`. */
export async function acquireTemplatePglite(): Promise<PGlite> {
  const reused = idle.pop();
  if (reused) return reused;
  snapshot ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  const pglite = new PGlite({ loadDataDir: await snapshot });
  await pglite.waitReady;
  template ??= readTemplate(pglite);
  await template;
  return pglite;
}

/** Puts `pglite` back to the snapshot's state for the worker's next server, or closes it. */
export async function releaseTemplatePglite(pglite: PGlite): Promise<void> {
  if (pglite.closed) return;
  try {
    // A test's own wrapper (helpers/queryCount.ts) goes: the prototype's method is the real one.
    if (Object.hasOwn(pglite, 'query')) delete (pglite as Partial<PGlite>).query;
    const { schema, restore } = await template!;
    // DISCARD ALL fails inside a transaction, which a reused database must not be left in.
    await pglite.exec('DISCARD ALL');
    if (idle.length < MAX_IDLE && (await one<{ schema: string }>(pglite, SCHEMA_QUERY)).schema === schema) {
      await pglite.exec(restore);
      idle.push(pglite);
      return;
    }
  } catch {
    // Not reusable: closed below.
  }
  await pglite.close();
}
