/**
 * The project tree in the whole-response cache (app/server/http/responseCache.ts): its answer
 * depends on the repository's refs, which no database trigger sees, so every git command that
 * moves a ref bumps the repository's version (`RepositoryStore.onRefsChanged`) before the write is
 * acknowledged. A commit through the API, a new or deleted branch, is seen by the very next tree
 * request, in this server and in another one on the same PostgreSQL and repositories.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER } from '../../server/api/v4/issuePresenter.ts';
import { testPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { ROOT_TOKEN, startTestServer, type TestResponse, type TestServer } from '../helpers/server.ts';

interface TreeEntry {
  name: string;
}

/** Requests needed before an answer is replayed: the URL's scopes are learnt, then the answer stored. */
const REQUESTS_BEFORE_REPLAY = 2;

async function json<T>(server: TestServer, path: string, body: unknown, method = 'POST') {
  const response = await server.request<T>(`/api/v4${path}`, { method, token: ROOT_TOKEN, json: body });
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

/** GETs `path` until its answer is replayed; returns the replayed answer. */
async function replayed<T>(server: TestServer, path: string): Promise<TestResponse<T>> {
  for (let n = 0; n < REQUESTS_BEFORE_REPLAY; n += 1) await server.request(`/api/v4${path}`, { token: ROOT_TOKEN });
  const response = await server.request<T>(`/api/v4${path}`, { token: ROOT_TOKEN });
  expect(response.status).toBe(200);
  expect(response.headers.get(FROM_CACHE_HEADER)).toBe('true');
  return response;
}

/** GETs `path` and checks the answer was built, not replayed. */
async function fresh<T>(server: TestServer, path: string): Promise<TestResponse<T>> {
  const response = await server.request<T>(`/api/v4${path}`, { token: ROOT_TOKEN });
  expect(response.headers.get(FROM_CACHE_HEADER)).toBeNull();
  return response;
}

/** Commits a new file on `branch` through the API. */
async function commitFile(server: TestServer, projectId: number, branch: string, filePath: string) {
  await json(server, `/projects/${projectId}/repository/commits`, {
    branch,
    commit_message: `Add ${filePath}`,
    actions: [{ action: 'create', file_path: filePath, content: filePath }],
  });
}

const names = (response: TestResponse<TreeEntry[]>) => response.body.map((entry) => entry.name);

describe('on the embedded database', () => {
  let server: TestServer;
  let projectId: number;
  let tree: string;

  beforeAll(async () => {
    server = await startTestServer();
    const project = await json<{ id: number }>(server, '/projects', { name: 'Tree', initialize_with_readme: true });
    projectId = project.id;
    tree = `/projects/${projectId}/repository/tree`;
  });
  afterAll(() => server.close());

  it('replays a repeated tree and answers fresh right after a commit through the API', async () => {
    expect(names(await replayed<TreeEntry[]>(server, tree))).toEqual(['README.md']);
    await commitFile(server, projectId, 'main', 'CHANGELOG.md');
    expect(names(await fresh<TreeEntry[]>(server, tree))).toEqual(['CHANGELOG.md', 'README.md']);
  });

  it('answers fresh after a branch is created or deleted', async () => {
    await json(server, `/projects/${projectId}/repository/branches`, { branch: 'feature', ref: 'main' });
    const feature = `${tree}?ref=feature`;
    await replayed(server, feature);
    await json(server, `/projects/${projectId}/repository/branches/feature`, undefined, 'DELETE');
    expect((await fresh(server, feature)).status).toBe(404);
    // The same name again, on another commit: the old answer must not come back.
    await commitFile(server, projectId, 'main', 'LICENSE');
    await json(server, `/projects/${projectId}/repository/branches`, { branch: 'feature', ref: 'main' });
    expect(names(await fresh<TreeEntry[]>(server, feature))).toContain('LICENSE');
  });
});

describe('on PostgreSQL with two servers sharing the repositories', () => {
  let postgres: TestPostgres;
  let reader: TestServer;
  let writer: TestServer;
  const repositoriesDir = mkdtempSync(join(tmpdir(), 'forgekit-tree-replay-'));

  beforeAll(async () => {
    postgres = await testPostgres();
    const databaseUrl = await postgres.createDatabase();
    reader = await startTestServer({ databaseUrl, repositoriesDir });
    writer = await startTestServer({ databaseUrl, repositoriesDir });
  });
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
    await postgres?.stop();
    rmSync(repositoriesDir, { recursive: true, force: true });
  });

  it("sees the other server's commit in the very next tree request", async () => {
    const project = await json<{ id: number }>(writer, '/projects', { name: 'Shared', initialize_with_readme: true });
    const tree = `/projects/${project.id}/repository/tree`;
    expect(names(await replayed<TreeEntry[]>(reader, tree))).toEqual(['README.md']);
    await commitFile(writer, project.id, 'main', 'docs.md');
    expect(names(await fresh<TreeEntry[]>(reader, tree))).toEqual(['README.md', 'docs.md']);
  });
});
