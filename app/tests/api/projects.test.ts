/**
 * Projects API contract (GitLab's projects.md): what anonymous users, non-members, inherited
 * Guests, Owners, read_api tokens and blocked users see and may do; list filters, shapes,
 * offset and keyset pagination, lookup by URL-encoded path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

interface ProjectJson {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  visibility: string;
  namespace: { id: number; full_path: string; kind: string };
  permissions?: { project_access: { access_level: number } | null; group_access: { access_level: number } | null };
  [key: string]: unknown;
}

let server: TestServer;
const tokens: Record<'olivia' | 'gus' | 'nina' | 'rita' | 'bert', string> = {} as never;
let acmeId: number;
let secret: ProjectJson;
let site: ProjectJson;
let internal: ProjectJson;

async function api<T>(path: string, token?: string, init: { method?: string; json?: unknown } = {}) {
  return server.request<T>(`/api/v4${path}`, { token, ...init });
}

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['olivia', 'gus', 'nina', 'rita'] as const) {
    tokens[name] = (await server.createUser(name, { scopes: name === 'rita' ? ['read_api'] : ['api'] })).token;
  }
  const bert = await server.createUser('bert');
  tokens.bert = bert.token;
  const acme = await api<{ id: number }>('/groups', tokens.olivia, {
    method: 'POST',
    json: { name: 'Acme', path: 'acme' },
  });
  acmeId = acme.body.id;
  const sub = await api<{ id: number }>('/groups', tokens.olivia, {
    method: 'POST',
    json: { name: 'Sub', path: 'sub', parent_id: acmeId },
  });
  const open = await api<{ id: number }>('/groups', tokens.olivia, {
    method: 'POST',
    json: { name: 'Open', path: 'open', visibility: 'public' },
  });
  const ids = { gus: 0, rita: 0, bert: 0 };
  for (const name of ['gus', 'rita', 'bert'] as const) {
    ids[name] = ((await api<{ id: number }>('/user', tokens[name])).body as { id: number }).id;
  }
  const add = (userId: number, level: number) =>
    api(`/groups/${acmeId}/members`, tokens.olivia, { method: 'POST', json: { user_id: userId, access_level: level } });
  await add(ids.gus, ACCESS_LEVEL.GUEST);
  await add(ids.rita, ACCESS_LEVEL.DEVELOPER);
  await add(ids.bert, ACCESS_LEVEL.DEVELOPER);
  const create = async (json: Record<string, unknown>) =>
    (await api<ProjectJson>('/projects', tokens.olivia, { method: 'POST', json })).body;
  secret = await create({ name: 'Secret', namespace_id: sub.body.id });
  site = await create({ name: 'Site', namespace_id: open.body.id, visibility: 'public' });
  internal = await create({ name: 'Inside', namespace_id: open.body.id, visibility: 'internal' });
  await api(`/users/${ids.bert}/block`, ROOT_TOKEN, { method: 'POST' });
});
afterAll(() => server.close());

const names = (projects: ProjectJson[]) => projects.map((p) => p.path_with_namespace).sort();

describe('visibility and permissions', () => {
  it('anonymous users see public projects only', async () => {
    expect(names((await api<ProjectJson[]>('/projects')).body)).toEqual(['open/site']);
    expect(await api(`/projects/${secret.id}`)).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect((await api(`/projects/${internal.id}`)).status).toBe(404);
    expect((await api(`/projects/${site.id}`)).status).toBe(200);
  });

  it('a signed-in non-member sees public and internal projects, not private ones', async () => {
    expect(names((await api<ProjectJson[]>('/projects', tokens.nina)).body)).toEqual(['open/inside', 'open/site']);
    expect((await api(`/projects/acme%2Fsub%2Fsecret`, tokens.nina)).status).toBe(404);
  });

  it('a Guest of the parent group inherits read access to the private project, not more', async () => {
    const listed = await api<ProjectJson[]>('/projects?membership=true', tokens.gus);
    expect(names(listed.body)).toEqual(['acme/sub/secret']);
    const got = await api<ProjectJson>('/projects/acme%2Fsub%2Fsecret', tokens.gus);
    expect(got.status).toBe(200);
    expect(got.body.permissions).toEqual({
      project_access: null,
      group_access: { access_level: ACCESS_LEVEL.GUEST, notification_level: 3 },
    });
    expect(
      await api(`/projects/${secret.id}`, tokens.gus, { method: 'PUT', json: { description: 'x' } }),
    ).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect((await api(`/projects/${secret.id}`, tokens.gus, { method: 'DELETE' })).status).toBe(403);
    expect(
      (await api('/projects', tokens.gus, { method: 'POST', json: { name: 'x', namespace_id: acmeId } })).status,
    ).toBe(403);
  });

  it('a non-member cannot create in a private group it cannot see', async () => {
    const response = await api('/projects', tokens.nina, { method: 'POST', json: { name: 'x', namespace_id: 'acme' } });
    expect(response).toMatchObject({ status: 404, body: { message: '404 Namespace Not Found' } });
  });

  it('read_api tokens read but cannot create', async () => {
    expect((await api(`/projects/${secret.id}`, tokens.rita)).status).toBe(200);
    const create = await api('/projects', tokens.rita, { method: 'POST', json: { name: 'nope' } });
    expect(create).toMatchObject({ status: 403, body: { error: 'insufficient_scope' } });
  });

  it('a blocked member is refused', async () => {
    expect(await api(`/projects/${secret.id}`, tokens.bert)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Your account has been blocked.' },
    });
  });
});

describe('shapes and lookup', () => {
  it('returns the full Project with namespace, owner-less group project, _links', async () => {
    const { body, headers } = await api<ProjectJson>(`/projects/${secret.id}`, tokens.olivia);
    expect(headers.get('content-type')).toBe('application/json');
    expect(body).toMatchObject({
      id: secret.id,
      name: 'Secret',
      path: 'secret',
      path_with_namespace: 'acme/sub/secret',
      name_with_namespace: 'Acme / Sub / Secret',
      visibility: 'private',
      web_url: `${server.url}/acme/sub/secret`,
      http_url_to_repo: `${server.url}/acme/sub/secret.git`,
      archived: false,
      issues_enabled: true,
      open_issues_count: 0,
      _links: { self: `${server.url}/api/v4/projects/${secret.id}` },
      namespace: { full_path: 'acme/sub', kind: 'group' },
    });
    expect(body).not.toHaveProperty('owner');
  });

  it('simple=true returns BasicProjectDetails only', async () => {
    const { body } = await api<ProjectJson[]>('/projects?simple=True', tokens.olivia);
    expect(body[0]).not.toHaveProperty('_links');
    expect(Object.keys(body[0]!)).toEqual(
      expect.arrayContaining(['id', 'name_with_namespace', 'path_with_namespace', 'web_url', 'namespace', 'topics']),
    );
  });

  it('personal projects show their owner', async () => {
    const created = await api<ProjectJson>('/projects', tokens.nina, { method: 'POST', json: { name: 'Mine Too' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      path: 'mine-too',
      path_with_namespace: 'nina/mine-too',
      namespace: { kind: 'user' },
      owner: { username: 'nina' },
      permissions: { project_access: { access_level: ACCESS_LEVEL.OWNER } },
    });
    const mine = await api<ProjectJson[]>('/users/nina/projects', tokens.nina);
    expect(names(mine.body)).toEqual(['nina/mine-too']);
  });

  it('finds by URL-encoded path with .json, and 404s an id that is neither', async () => {
    expect((await api<ProjectJson>('/projects/ACME%2Fsub%2Fsecret.json', tokens.olivia)).body.id).toBe(secret.id);
    expect(await api('/projects/not-a-path', tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect((await api('/projects/..%2F..%2Fetc', tokens.olivia)).status).toBe(404);
    expect((await api('/projects/99999999999999', tokens.olivia)).status).toBe(404);
  });
});

describe('create, update, delete', () => {
  it('validates like GitLab', async () => {
    expect(await api('/projects', tokens.olivia, { method: 'POST', json: {} })).toMatchObject({
      status: 400,
      body: { error: 'name, path are missing, at least one parameter must be provided' },
    });
    expect(
      await api('/projects', tokens.olivia, { method: 'POST', json: { name: 'Secret', namespace_id: 'acme/sub' } }),
    ).toMatchObject({ status: 400, body: { message: { path: ['has already been taken'] } } });
    expect(
      await api('/projects', tokens.olivia, {
        method: 'POST',
        json: { name: 'p', path: '-bad', namespace_id: acmeId },
      }),
    ).toMatchObject({ status: 400, body: { message: { path: [expect.stringContaining('can contain only')] } } });
    expect(
      await api('/projects', tokens.olivia, {
        method: 'POST',
        json: { name: 'Loud', namespace_id: acmeId, visibility: 'public' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: { visibility_level: ['public is not allowed in a private group.'] } },
    });
  });

  it('updates as Owner and deletes with 202', async () => {
    const created = await api<ProjectJson>('/projects', tokens.olivia, {
      method: 'POST',
      json: { name: 'Temp', namespace_id: acmeId, topics: 'a,b' },
    });
    expect(created.body).toMatchObject({ topics: ['a', 'b'], visibility: 'private' });
    const updated = await api<ProjectJson>(`/projects/${created.body.id}`, tokens.olivia, {
      method: 'PUT',
      json: { description: 'changed', issues_enabled: 'false', topics: ['c'] },
    });
    expect(updated.body).toMatchObject({ description: 'changed', issues_enabled: false, topics: ['c'] });
    expect(updated.body).not.toHaveProperty('open_issues_count');
    const deleted = await api(`/projects/${created.body.id}`, tokens.olivia, { method: 'DELETE', json: {} });
    expect(deleted).toMatchObject({ status: 202, body: { message: '202 Accepted' } });
    expect((await api(`/projects/${created.body.id}`, tokens.olivia)).status).toBe(404);
  });
});

describe('list parameters', () => {
  it('search matches name, path and description; search_namespaces matches the full path', async () => {
    expect(names((await api<ProjectJson[]>('/projects?search=secr', tokens.olivia)).body)).toEqual(['acme/sub/secret']);
    expect((await api<ProjectJson[]>('/projects?search=acme%2Fsub', tokens.olivia)).body).toEqual([]);
    expect(
      names((await api<ProjectJson[]>('/projects?search=acme%2Fsub&search_namespaces=true', tokens.olivia)).body),
    ).toEqual(['acme/sub/secret']);
    expect((await api('/projects?search=%25%27%3B--', tokens.olivia)).body).toEqual([]);
  });

  it('filters by visibility and orders by name', async () => {
    const listed = await api<ProjectJson[]>('/projects?visibility=private&order_by=name&sort=asc', ROOT_TOKEN);
    const privateNames = listed.body.map((p) => p.name);
    expect(privateNames).toEqual([...privateNames].sort());
    expect(listed.body.every((p) => p.visibility === 'private')).toBe(true);
    expect((await api('/projects?order_by=bogus', ROOT_TOKEN)).body).toEqual({ error: 'order_by is invalid' });
  });

  it('pages with keyset: Link rel="next" with id_after until the end', async () => {
    const seen: number[] = [];
    let url = '/projects?pagination=keyset&order_by=id&sort=asc&per_page=2';
    for (let guard = 0; guard < 10 && url; guard += 1) {
      const page = await api<ProjectJson[]>(url, ROOT_TOKEN);
      seen.push(...page.body.map((p) => p.id));
      const next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
      if (next) expect(next).toContain('id_after=');
      url = next ? next.slice(next.indexOf('/api/v4') + '/api/v4'.length) : '';
    }
    const all = (await api<ProjectJson[]>('/projects?order_by=id&sort=asc&per_page=100', ROOT_TOKEN)).body.map(
      (p) => p.id,
    );
    expect(seen).toEqual(all);
    expect(seen.length).toBeGreaterThan(2);
    expect((await api('/projects?pagination=keyset&order_by=name', ROOT_TOKEN)).status).toBe(405);
  });
});
