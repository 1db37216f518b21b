/**
 * The replayed issue list on PostgreSQL (docs/decisions/015-server-performance.md, 2026-11-26
 * evening): what the server sends to PostgreSQL for one answer served from the response cache,
 * counted where the `pg` driver sends it, and whether PostgreSQL keeps the statement and its plan.
 * One query, sent as a named prepared statement, which PostgreSQL plans generically after its first
 * executions: a query more per replayed answer, an unnamed statement (parsed and planned on every
 * call) or SQL the planner will not keep a generic plan for each turns this red.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER } from '../../server/api/v4/issuePresenter.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** Queries per replayed answer: its fingerprint alone (as app/tests/db/issueListQueries.test.ts counts on PGlite). */
const REPLAYED_ISSUE_LIST_QUERIES = 1;
/** The prefix of the fingerprint statements' names (app/server/http/responseCache.ts). */
const FINGERPRINT_STATEMENT = /^response_cache_fingerprint_/;
/**
 * Replays measured: more than the five custom plans PostgreSQL makes before it weighs a generic
 * one (`plan_cache_mode = auto`).
 */
const REPLAYS = 8;

/** What one call of `pg.Client#query` sent: its text and, for a prepared statement, its name. */
interface SentQuery {
  text: string;
  name?: string;
}

let postgres: TestPostgres;
let server: TestServer;
let issuesPath: string;
/** Every query the `pg` driver was handed while `recording`. */
const sent: SentQuery[] = [];
let recording = false;
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  // Counting at the driver's public entry: every pooled client's query goes through it.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    if (recording) {
      sent.push(
        typeof config === 'string'
          ? { text: config }
          : { text: String((config as pg.QueryConfig).text), name: (config as pg.QueryConfig).name },
      );
    }
    return (originalQuery as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
  postgres = await testPostgres();
  server = await startTestServer({ databaseUrl: await postgres.createDatabase() });
  const json = <T>(path: string, body: unknown) =>
    server.request<T>(path, { method: 'POST', token: ROOT_TOKEN, json: body }).then((response) => response.body);
  const project = await json<{ id: number }>('/api/v4/projects', { name: 'Hot statements' });
  issuesPath = `/api/v4/projects/${project.id}/issues`;
  await json(`${issuesPath}`, { title: 'Listed' });
});
afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await server?.close();
  await postgres?.stop();
});

/** Lists the issues once; resolves with whether the answer was replayed. */
async function list(): Promise<boolean> {
  const response = await server.request(issuesPath, { token: ROOT_TOKEN });
  expect(response.status).toBe(200);
  return response.headers.get(FROM_CACHE_HEADER) === 'true';
}

describe('a replayed issue list on PostgreSQL', () => {
  it(`sends ${REPLAYED_ISSUE_LIST_QUERIES} named statement that PostgreSQL keeps a generic plan for`, async () => {
    // The first request learns the URL's project, the second stores the answer.
    await list();
    await list();
    for (let replay = 0; replay < REPLAYS; replay += 1) {
      sent.length = 0;
      recording = true;
      const replayed = await list();
      recording = false;
      expect(replayed).toBe(true);
      expect(sent).toHaveLength(REPLAYED_ISSUE_LIST_QUERIES);
      expect(sent[0]!.name).toMatch(FINGERPRINT_STATEMENT);
    }
    // Sequential requests reuse the pool's most recently released connection, which this query
    // gets too: PostgreSQL's own record of the statements prepared on it.
    const { rows } = await sql<{ name: string; generic_plans: string; custom_plans: string }>`
      SELECT name, generic_plans, custom_plans FROM pg_prepared_statements`.execute(server.database.db);
    const fingerprint = rows.find((row) => FINGERPRINT_STATEMENT.test(row.name));
    expect(fingerprint).toBeDefined();
    expect(Number(fingerprint!.generic_plans)).toBeGreaterThan(0);
    expect(Number(fingerprint!.generic_plans) + Number(fingerprint!.custom_plans)).toBeGreaterThanOrEqual(REPLAYS);
  });
});
