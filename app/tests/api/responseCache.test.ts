/**
 * The whole-response cache of hot reads (app/server/http/responseCache.ts, migration 070): a
 * repeated project issue list or issue notes list is replayed after one fingerprint query, and
 * never once something it shows or who may see it changed: a write through the API or straight
 * in the database, a revoked token, a blocked user, a removed member, another server process on
 * the same PostgreSQL. Anonymous and signed-in askers never share an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER } from '../../server/api/v4/issuePresenter.ts';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { ROOT_TOKEN, startTestServer, type TestResponse, type TestServer } from '../helpers/server.ts';

interface IssueJson {
  iid: number;
  title: string;
  confidential: boolean;
}

/** Requests needed before an answer is replayed: the URL's project is learnt, then the answer stored. */
const REQUESTS_BEFORE_REPLAY = 2;

async function json<T>(server: TestServer, path: string, body: unknown, method = 'POST', token = ROOT_TOKEN) {
  const response = await server.request<T>(`/api/v4${path}`, { method, token, json: body });
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

/** GETs `path` until its answer is replayed; returns the replayed answer. */
async function replayed<T>(server: TestServer, path: string, token = ROOT_TOKEN): Promise<TestResponse<T>> {
  for (let n = 0; n < REQUESTS_BEFORE_REPLAY; n += 1) await server.request(`/api/v4${path}`, { token });
  const hits = server.app.responseCache.stats.hits;
  const response = await server.request<T>(`/api/v4${path}`, { token });
  expect(response.status).toBe(200);
  expect(server.app.responseCache.stats.hits).toBe(hits + 1);
  expect(response.headers.get(FROM_CACHE_HEADER)).toBe('true');
  return response;
}

/** GETs `path` and checks the answer was built, not replayed. */
async function fresh<T>(server: TestServer, path: string, token = ROOT_TOKEN): Promise<TestResponse<T>> {
  const hits = server.app.responseCache.stats.hits;
  const response = await server.request<T>(`/api/v4${path}`, { token });
  expect(server.app.responseCache.stats.hits).toBe(hits);
  return response;
}

const titles = (response: TestResponse<IssueJson[]>) => response.body.map((issue) => issue.title);

describe('on the embedded database', () => {
  let server: TestServer;
  let issues: string;
  let notes: string;
  let reporter: { user: { id: number }; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    const project = await json<{ id: number }>(server, '/projects', { name: 'Replayed', visibility: 'public' });
    issues = `/projects/${project.id}/issues`;
    const issue = await json<IssueJson>(server, issues, { title: 'Open issue' });
    await json(server, issues, { title: 'Secret issue', confidential: true });
    notes = `${issues}/${issue.iid}/notes`;
    await json(server, notes, { body: 'First note' });
    reporter = await server.createUser('replay-reporter');
    await json(server, `/projects/${project.id}/members`, {
      user_id: reporter.user.id,
      access_level: ACCESS_LEVEL.REPORTER,
    });
  });
  afterAll(() => server.close());

  it('replays a repeated list with the same body and pagination headers', async () => {
    const built = await fresh<IssueJson[]>(server, `${issues}?per_page=1`);
    const again = await replayed<IssueJson[]>(server, `${issues}?per_page=1`);
    expect(again.text).toBe(built.text);
    for (const header of ['x-total', 'x-next-page', 'link', 'content-type'])
      expect(again.headers.get(header), header).toBe(built.headers.get(header));
  });

  it('answers fresh after a write through the API or straight in the database', async () => {
    await replayed(server, issues);
    await json(server, issues, { title: 'Written through REST' });
    expect(titles(await fresh<IssueJson[]>(server, issues))).toContain('Written through REST');
    await replayed(server, issues);
    await server.database.db
      .updateTable('issues')
      .set({ title: 'Written in SQL' })
      .where('title', '=', 'Open issue')
      .execute();
    expect(titles(await fresh<IssueJson[]>(server, issues))).toContain('Written in SQL');
  });

  it("answers an issue's notes fresh after a note is added or edited", async () => {
    await replayed(server, notes);
    const note = await json<{ id: number }>(server, notes, { body: 'Second note' });
    const added = await fresh<{ body: string }[]>(server, notes);
    expect(added.body[0]?.body).toBe('Second note');
    await replayed(server, notes);
    await json(server, `${notes}/${note.id}`, { body: 'Second note, edited' }, 'PUT');
    expect((await fresh<{ body: string }[]>(server, notes)).body[0]?.body).toBe('Second note, edited');
  });

  it('never gives one asker the answer of another', async () => {
    expect(titles(await replayed<IssueJson[]>(server, issues, reporter.token))).toContain('Secret issue');
    const anonymous = await fresh<IssueJson[]>(server, issues, '');
    expect(anonymous.status).toBe(200);
    expect(titles(anonymous)).not.toContain('Secret issue');
  });

  it('refuses a revoked token at once', async () => {
    const { token } = await server.createUser('replay-revoked');
    await replayed(server, issues, token);
    await json(server, '/personal_access_tokens/self', undefined, 'DELETE', token);
    expect((await fresh(server, issues, token)).status).toBe(401);
  });

  it('refuses a blocked user at once', async () => {
    const { user, token } = await server.createUser('replay-blocked');
    await replayed(server, issues, token);
    await json(server, `/users/${user.id}/block`, undefined);
    expect((await fresh(server, issues, token)).status).toBe(403);
  });

  it('stops showing a confidential issue to a member removed from the project', async () => {
    expect(titles(await replayed<IssueJson[]>(server, issues, reporter.token))).toContain('Secret issue');
    const projectId = issues.split('/')[2];
    await json(server, `/projects/${projectId}/members/${reporter.user.id}`, undefined, 'DELETE');
    expect(titles(await fresh<IssueJson[]>(server, issues, reporter.token))).not.toContain('Secret issue');
  });
});

describe('on PostgreSQL with two server processes', () => {
  let postgres: TestPostgres;
  let reader: TestServer;
  let writer: TestServer;

  beforeAll(async () => {
    postgres = await testPostgres();
    const databaseUrl = await postgres.createDatabase();
    reader = await startTestServer({ databaseUrl });
    writer = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
    await postgres?.stop();
  });

  it('answers fresh right after the other process acknowledged a write', async () => {
    const project = await json<{ id: number }>(writer, '/projects', { name: 'Two processes' });
    const issues = `/projects/${project.id}/issues`;
    await json(writer, issues, { title: 'First' });
    await replayed(reader, issues);
    await json(writer, issues, { title: 'Second' });
    expect(titles(await fresh<IssueJson[]>(reader, issues))).toEqual(['Second', 'First']);
  });
});
