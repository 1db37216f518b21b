/**
 * Groups API contract (GitLab's groups.md): visibility for anonymous users, non-members and
 * members of subgroups; subgroups, descendant_groups, projects; create, update (renames
 * follow into subgroups), delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface GroupJson {
  id: number;
  name: string;
  path: string;
  full_path: string;
  full_name: string;
  visibility: string;
  parent_id: number | null;
  projects?: { path_with_namespace: string }[];
  [key: string]: unknown;
}

let server: TestServer;
const token: Record<'owner' | 'subMember' | 'stranger', string> = {} as never;
let top: GroupJson;
let sub: GroupJson;
let deep: GroupJson;
let pub: GroupJson;

async function api<T>(path: string, who?: string, init: { method?: string; json?: unknown } = {}) {
  return server.request<T>(`/api/v4${path}`, { token: who, ...init });
}
const paths = (groups: GroupJson[]) => groups.map((g) => g.full_path).sort();

beforeAll(async () => {
  server = await startTestServer();
  token.owner = (await server.createUser('owner')).token;
  const subMember = await server.createUser('submember');
  token.subMember = subMember.token;
  token.stranger = (await server.createUser('stranger')).token;
  const create = async (json: Record<string, unknown>) =>
    (await api<GroupJson>('/groups', token.owner, { method: 'POST', json })).body;
  top = await create({ name: 'Top', path: 'top' });
  sub = await create({ name: 'Sub', path: 'sub', parent_id: top.id });
  deep = await create({ name: 'Deep', path: 'deep', parent_id: sub.id });
  pub = await create({ name: 'Pub', path: 'pub', visibility: 'public', description: 'open' });
  await api(`/groups/${deep.id}/members`, token.owner, {
    method: 'POST',
    json: { user_id: subMember.user.id, access_level: ACCESS_LEVEL.REPORTER },
  });
  await api('/projects', token.owner, { method: 'POST', json: { name: 'In Sub', namespace_id: sub.id } });
  await api('/projects', token.owner, { method: 'POST', json: { name: 'In Top', namespace_id: top.id } });
});
afterAll(() => server.close());

describe('visibility', () => {
  it('anonymous users list and read public groups only', async () => {
    expect(paths((await api<GroupJson[]>('/groups')).body)).toEqual(['pub']);
    expect(await api(`/groups/${top.id}`)).toMatchObject({ status: 404, body: { message: '404 Group Not Found' } });
    expect((await api('/groups/pub')).body).toMatchObject({ id: pub.id, description: 'open', visibility: 'public' });
  });

  it('a signed-in user lists the groups they belong to, or all readable with all_available', async () => {
    expect(paths((await api<GroupJson[]>('/groups', token.stranger)).body)).toEqual([]);
    expect(paths((await api<GroupJson[]>('/groups?all_available=true', token.stranger)).body)).toEqual(['pub']);
    expect((await api(`/groups/${top.id}`, token.stranger)).status).toBe(404);
  });

  it('a member of a deep subgroup sees its private ancestors (GitLab shares membership upwards)', async () => {
    expect(paths((await api<GroupJson[]>('/groups', token.subMember)).body)).toEqual([
      'top',
      'top/sub',
      'top/sub/deep',
    ]);
    const topSeen = await api<GroupJson>('/groups/top', token.subMember);
    expect(topSeen.status).toBe(200);
    // ...but not the ancestors' projects.
    expect(topSeen.body.projects).toEqual([]);
  });
});

describe('shapes and hierarchy', () => {
  it('shows the Group entity with full path and name, and its projects', async () => {
    const { body } = await api<GroupJson>('/groups/top%2Fsub', token.owner);
    expect(body).toMatchObject({
      id: sub.id,
      name: 'Sub',
      path: 'sub',
      full_path: 'top/sub',
      full_name: 'Top / Sub',
      parent_id: top.id,
      visibility: 'private',
      web_url: `${server.url}/groups/top/sub`,
      shared_projects: [],
    });
    expect(body.projects!.map((p) => p.path_with_namespace)).toEqual(['top/sub/in-sub']);
    expect((await api<GroupJson>('/groups/top%2Fsub?with_projects=false', token.owner)).body).not.toHaveProperty(
      'projects',
    );
  });

  it('lists subgroups, descendant groups and projects (with include_subgroups)', async () => {
    expect(paths((await api<GroupJson[]>(`/groups/${top.id}/subgroups`, token.owner)).body)).toEqual(['top/sub']);
    expect(paths((await api<GroupJson[]>(`/groups/${top.id}/descendant_groups`, token.owner)).body)).toEqual([
      'top/sub',
      'top/sub/deep',
    ]);
    const own = await api<{ path_with_namespace: string }[]>(`/groups/${top.id}/projects`, token.owner);
    expect(own.body.map((p) => p.path_with_namespace)).toEqual(['top/in-top']);
    const all = await api<{ path_with_namespace: string }[]>(
      `/groups/${top.id}/projects?include_subgroups=true`,
      token.owner,
    );
    expect(all.body.map((p) => p.path_with_namespace).sort()).toEqual(['top/in-top', 'top/sub/in-sub']);
    expect(all.headers.get('x-total')).toBe('2');
  });

  it('searches by name or path', async () => {
    expect(paths((await api<GroupJson[]>('/groups?search=dee', token.owner)).body)).toEqual(['top/sub/deep']);
  });
});

describe('create, update, delete', () => {
  it('validates: taken path, parent visibility, missing name', async () => {
    expect(await api('/groups', token.owner, { method: 'POST', json: { name: 'Again', path: 'top' } })).toMatchObject({
      status: 400,
      body: { message: { path: ['has already been taken'] } },
    });
    expect(
      await api('/groups', token.owner, {
        method: 'POST',
        json: { name: 'P', path: 'p', parent_id: top.id, visibility: 'public' },
      }),
    ).toMatchObject({ status: 400, body: { message: { visibility_level: [expect.stringContaining('not allowed')] } } });
    expect(await api('/groups', token.owner, { method: 'POST', json: { path: 'x' } })).toMatchObject({
      status: 400,
      body: { error: 'name is missing' },
    });
  });

  it('only Maintainers of the parent create subgroups; only Owners update', async () => {
    expect(
      (await api('/groups', token.subMember, { method: 'POST', json: { name: 'N', path: 'n', parent_id: deep.id } }))
        .status,
    ).toBe(403);
    expect(
      (await api(`/groups/${deep.id}`, token.subMember, { method: 'PUT', json: { description: 'x' } })).status,
    ).toBe(403);
  });

  it('renaming a group moves its descendants and their projects', async () => {
    const renamed = await api<GroupJson>(`/groups/${top.id}`, token.owner, {
      method: 'PUT',
      json: { path: 'summit', name: 'Summit' },
    });
    expect(renamed.body).toMatchObject({ full_path: 'summit', full_name: 'Summit' });
    expect((await api<GroupJson>(`/groups/${deep.id}`, token.owner)).body).toMatchObject({
      full_path: 'summit/sub/deep',
      full_name: 'Summit / Sub / Deep',
    });
    expect((await api('/projects/summit%2Fsub%2Fin-sub', token.owner)).status).toBe(200);
  });

  it('deletes with 202 and takes subgroups, projects and memberships along', async () => {
    const doomed = await api<GroupJson>('/groups', token.owner, {
      method: 'POST',
      json: { name: 'Doomed', path: 'doomed' },
    });
    const child = await api<GroupJson>('/groups', token.owner, {
      method: 'POST',
      json: { name: 'Child', path: 'child', parent_id: doomed.body.id },
    });
    expect((await api(`/groups/${doomed.body.id}`, token.stranger, { method: 'DELETE' })).status).toBe(404);
    const deleted = await api(`/groups/${doomed.body.id}`, token.owner, { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 202, body: { message: '202 Accepted' } });
    expect((await api(`/groups/${child.body.id}`, token.owner)).status).toBe(404);
    const { count } = await server.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('source_type', '=', 'Namespace')
      .where('source_id', 'in', [doomed.body.id, child.body.id])
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });
});
