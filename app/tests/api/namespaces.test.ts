/** Namespaces API contract (GitLab's namespaces.md): list, get, exists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let owner: string;
let guest: string;
let groupId: number;

async function api<T>(path: string, token?: string, init: { method?: string; json?: unknown } = {}) {
  return server.request<T>(`/api/v4${path}`, { token, ...init });
}

beforeAll(async () => {
  server = await startTestServer();
  owner = (await server.createUser('nsowner')).token;
  const g = await server.createUser('nsguest');
  guest = g.token;
  groupId = (await api<{ id: number }>('/groups', owner, { method: 'POST', json: { name: 'Space', path: 'space' } }))
    .body.id;
  await api('/groups', owner, { method: 'POST', json: { name: 'Inner', path: 'inner', parent_id: groupId } });
  await api('/projects', owner, { method: 'POST', json: { name: 'One', namespace_id: groupId } });
  await api(`/groups/${groupId}/members`, owner, {
    method: 'POST',
    json: { user_id: g.user.id, access_level: ACCESS_LEVEL.GUEST },
  });
});
afterAll(() => server.close());

describe('GET /namespaces', () => {
  it('lists the user namespace and the groups where the user may create projects', async () => {
    const { body } = await api<{ full_path: string; kind: string }[]>('/namespaces', owner);
    expect(body.map((n) => [n.full_path, n.kind])).toEqual([
      ['nsowner', 'user'],
      ['space', 'group'],
      ['space/inner', 'group'],
    ]);
    const guestView = await api<{ full_path: string }[]>('/namespaces', guest);
    expect(guestView.body.map((n) => n.full_path)).toEqual(['nsguest']);
  });

  it('shows the Namespace entity with counts, and needs a user', async () => {
    const { body } = await api<Record<string, unknown>[]>('/namespaces?search=space&top_level_only=true', owner);
    expect(body).toEqual([
      expect.objectContaining({
        id: groupId,
        name: 'Space',
        path: 'space',
        kind: 'group',
        full_path: 'space',
        parent_id: null,
        web_url: `${server.url}/groups/space`,
        projects_count: 1,
      }),
    ]);
    expect((await api('/namespaces')).status).toBe(401);
  });

  it('administrators see every namespace', async () => {
    const { headers } = await api('/namespaces', ROOT_TOKEN);
    expect(headers.get('x-total')).toBe('5');
  });
});

describe('GET /namespaces/:id', () => {
  it('finds by id or path when readable', async () => {
    expect((await api<{ id: number }>('/namespaces/space%2Finner', owner)).body).toMatchObject({
      full_path: 'space/inner',
    });
    expect((await api(`/namespaces/${groupId}`, guest)).status).toBe(200);
    expect(await api('/namespaces/nsowner', guest)).toMatchObject({
      status: 404,
      body: { message: '404 Namespace Not Found' },
    });
  });
});

describe('GET /namespaces/:path/exists', () => {
  it('says whether a path is taken at the top level or under a parent, with a suggestion', async () => {
    expect((await api('/namespaces/space/exists', owner)).body).toEqual({ exists: true, suggests: ['space1'] });
    expect((await api('/namespaces/SPACE/exists', owner)).body).toMatchObject({ exists: true });
    expect((await api('/namespaces/free/exists', owner)).body).toEqual({ exists: false, suggests: [] });
    expect((await api(`/namespaces/inner/exists?parent_id=${groupId}`, owner)).body).toMatchObject({ exists: true });
    expect((await api('/namespaces/inner/exists', owner)).body).toMatchObject({ exists: false });
    expect((await api('/namespaces/nsowner/exists', owner)).body).toMatchObject({ exists: true });
  });
});
