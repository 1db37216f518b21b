/**
 * The test servers' reused databases (helpers/templateDatabase.ts): a database given back after a
 * test's writes comes out again exactly as fresh from the snapshot (every row and sequence), and
 * one left unfit for reuse (a changed schema, an open transaction) is closed instead.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { acquireTemplatePglite, releaseTemplatePglite } from '../helpers/templateDatabase.ts';

/** Every application table's rows and every sequence's position, as one comparable value. */
async function contents(pglite: PGlite): Promise<Record<string, unknown>> {
  const relations = await pglite.query<{ name: string; kind: string }>(`
    SELECT c.oid::regclass::text AS name, c.relkind::text AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND c.relkind IN ('r', 'S')
    ORDER BY 1`);
  const result: Record<string, unknown> = {};
  for (const { name, kind } of relations.rows) {
    const query =
      kind === 'S'
        ? `SELECT last_value::text, is_called FROM ${name}`
        : `SELECT coalesce(json_agg(t ORDER BY t::text), '[]')::text AS rows FROM ${name} t`;
    result[name] = (await pglite.query(query)).rows;
  }
  return result;
}

let fresh: PGlite;
let snapshot: Record<string, unknown>;

beforeAll(async () => {
  fresh = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
  snapshot = await contents(fresh);
});
afterAll(() => fresh.close());

describe('a test server database given back', () => {
  it('comes out again as fresh from the snapshot, whatever the test wrote', async () => {
    const used = await acquireTemplatePglite();
    expect(await contents(used)).toEqual(snapshot);
    await used.exec(`
      INSERT INTO users (username, name, email) VALUES ('left-behind', 'Left behind', 'left@example.com');
      UPDATE users SET name = 'Renamed' WHERE id = 1;
      SET statement_timeout = 1;`);
    const wrapped = used.query.bind(used);
    used.query = ((...args: Parameters<typeof wrapped>) => wrapped(...args)) as typeof used.query;
    expect(await contents(used)).not.toEqual(snapshot);
    await releaseTemplatePglite(used);

    const again = await acquireTemplatePglite();
    expect(again).toBe(used);
    expect(Object.hasOwn(again, 'query')).toBe(false);
    expect(await contents(again)).toEqual(snapshot);
    expect((await again.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]).toEqual({
      statement_timeout: '0',
    });
    await releaseTemplatePglite(again);
  });

  it('is closed, not reused, when its schema changed or a transaction was left open', async () => {
    for (const leftover of ['CREATE INDEX scratch ON users (name)', 'BEGIN']) {
      const used = await acquireTemplatePglite();
      await used.exec(leftover);
      await releaseTemplatePglite(used);
      expect(used.closed, leftover).toBe(true);
      const next = await acquireTemplatePglite();
      expect(next, leftover).not.toBe(used);
      expect(await contents(next)).toEqual(snapshot);
      await releaseTemplatePglite(next);
    }
  });
});
