/**
 * The group issue list (`GET /groups/:id/issues`, subgroups included) and the instance-wide one
 * (`GET /issues`) in the whole-response cache (app/server/http/responseCache.ts, migration 072):
 * their fingerprint sums the versions of the projects they cover at request time, so a write in
 * any of those projects, through the API or straight in the database, a project made public or
 * deleted, is seen by the very next request; a write elsewhere leaves a group's answer replayed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER } from '../../server/api/v4/issuePresenter.ts';
import { ROOT_TOKEN, startTestServer, type TestResponse, type TestServer } from '../helpers/server.ts';

interface IssueJson {
  title: string;
}

/** Requests needed before an answer is replayed: the URL's scope is learnt, then the answer stored. */
const REQUESTS_BEFORE_REPLAY = 2;

let server: TestServer;
let other: { user: { id: number }; token: string };

async function json<T>(path: string, body: unknown, method = 'POST') {
  const response = await server.request<T>(`/api/v4${path}`, { method, token: ROOT_TOKEN, json: body });
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

/** GETs `path` until its answer is replayed; returns the replayed answer. */
async function replayed(path: string, token = ROOT_TOKEN): Promise<TestResponse<IssueJson[]>> {
  for (let n = 0; n < REQUESTS_BEFORE_REPLAY; n += 1) await server.request(`/api/v4${path}`, { token });
  const response = await server.request<IssueJson[]>(`/api/v4${path}`, { token });
  expect(response.status).toBe(200);
  expect(response.headers.get(FROM_CACHE_HEADER)).toBe('true');
  return response;
}

/** GETs `path` and checks the answer was built, not replayed. */
async function fresh(path: string, token = ROOT_TOKEN): Promise<TestResponse<IssueJson[]>> {
  const response = await server.request<IssueJson[]>(`/api/v4${path}`, { token });
  expect(response.status).toBe(200);
  expect(response.headers.get(FROM_CACHE_HEADER)).toBeNull();
  return response;
}

const titles = (response: TestResponse<IssueJson[]>) => response.body.map((issue) => issue.title);

let group: { id: number };
let inGroup: { id: number };
let inSubgroup: { id: number };
let elsewhere: { id: number };

beforeAll(async () => {
  server = await startTestServer();
  other = await server.createUser('lists-other');
  group = await json('/groups', { name: 'Lists', path: 'lists', visibility: 'public' });
  const subgroup = await json<{ id: number }>('/groups', {
    name: 'Sub',
    path: 'sub',
    parent_id: group.id,
    visibility: 'public',
  });
  inGroup = await json('/projects', { name: 'In group', namespace_id: group.id, visibility: 'public' });
  inSubgroup = await json('/projects', { name: 'In subgroup', namespace_id: subgroup.id, visibility: 'private' });
  elsewhere = await json('/projects', { name: 'Elsewhere', visibility: 'public' });
  await json(`/projects/${inGroup.id}/issues`, { title: 'Group issue' });
  await json(`/projects/${inSubgroup.id}/issues`, { title: 'Subgroup issue' });
  await json(`/projects/${elsewhere.id}/issues`, { title: 'Elsewhere issue' });
});
afterAll(() => server.close());

describe('GET /groups/:id/issues', () => {
  it('answers fresh after a write in a subgroup project, through the API or in SQL', async () => {
    const list = `/groups/${group.id}/issues`;
    expect(titles(await replayed(list))).toEqual(['Subgroup issue', 'Group issue']);
    await json(`/projects/${inSubgroup.id}/issues`, { title: 'Second subgroup issue' });
    expect(titles(await fresh(list))).toContain('Second subgroup issue');
    await replayed(list);
    await server.database.db
      .updateTable('issues')
      .set({ title: 'Renamed in SQL' })
      .where('title', '=', 'Group issue')
      .execute();
    expect(titles(await fresh(list))).toContain('Renamed in SQL');
  });

  it('keeps replaying after a write in a project outside the group', async () => {
    const list = `/groups/${group.id}/issues`;
    await replayed(list);
    await json(`/projects/${elsewhere.id}/issues`, { title: 'Another elsewhere issue' });
    expect(titles(await replayed(list))).not.toContain('Another elsewhere issue');
  });

  it("shows another user a private project's issues as soon as it is made public", async () => {
    const list = `/groups/${group.id}/issues`;
    expect(titles(await replayed(list, other.token))).not.toContain('Subgroup issue');
    await json(`/projects/${inSubgroup.id}`, { visibility: 'public' }, 'PUT');
    expect(titles(await fresh(list, other.token))).toContain('Subgroup issue');
  });

  it("never replays a deleted project's issues, even when a new project brings the same sum", async () => {
    const deleting = await json<{ id: number }>('/groups', {
      name: 'Deleting',
      path: 'deleting',
      visibility: 'public',
    });
    const list = `/groups/${deleting.id}/issues`;
    const doomed = await json<{ id: number }>('/projects', {
      name: 'Doomed',
      namespace_id: deleting.id,
      visibility: 'public',
    });
    await json(`/projects/${doomed.id}/issues`, { title: 'Doomed issue' });
    // Read by a user who is no member: deleting the project changes none of their own rows.
    expect(titles(await replayed(list, other.token))).toEqual(['Doomed issue']);
    const scopeVersion = async (scope: string) => {
      const { rows } = await sql<{ version: string }>`SELECT version FROM response_cache_versions
        WHERE scope = ${scope}`.execute(server.database.db);
      return Number(rows[0]?.version ?? 0);
    };
    const version = (projectId: number) => scopeVersion(`project:${projectId}`);
    const doomedVersion = await version(doomed.id);
    const epoch = await scopeVersion('epoch');
    await json(`/projects/${doomed.id}`, undefined, 'DELETE');
    // Migration 072: the deletion moves the epoch itself, not only through what cascades with it.
    expect(await scopeVersion('epoch')).toBe(epoch + 1);
    // A new project takes the deleted one's place in the group with the same version: same sum, same count.
    const successor = await json<{ id: number }>('/projects', {
      name: 'Successor',
      namespace_id: deleting.id,
      visibility: 'public',
    });
    await json(`/projects/${successor.id}/issues`, { title: 'Successor issue' });
    while ((await version(successor.id)) < doomedVersion)
      await sql`SELECT bump_response_cache(${`project:${successor.id}`})`.execute(server.database.db);
    expect(await version(successor.id)).toBe(doomedVersion);
    expect(titles(await fresh(list, other.token))).toEqual(['Successor issue']);
  });
});

describe('GET /issues', () => {
  it('answers fresh after a write in any project', async () => {
    const list = '/issues?scope=all&per_page=100';
    await replayed(list);
    await json(`/projects/${elsewhere.id}/issues`, { title: 'Seen everywhere' });
    expect(titles(await fresh(list))).toContain('Seen everywhere');
  });

  it("drops a deleted project's issues at once", async () => {
    const list = '/issues?scope=all&per_page=100';
    const doomed = await json<{ id: number }>('/projects', { name: 'Doomed', visibility: 'public' });
    await json(`/projects/${doomed.id}/issues`, { title: 'Doomed issue' });
    expect(titles(await replayed(list, other.token))).toContain('Doomed issue');
    await json(`/projects/${doomed.id}`, undefined, 'DELETE');
    expect(titles(await fresh(list, other.token))).not.toContain('Doomed issue');
  });
});
