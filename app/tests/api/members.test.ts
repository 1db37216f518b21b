/**
 * Members API contract (GitLab's members.md): direct and inherited members of groups and
 * projects, who may add, change and remove them, and the errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface MemberJson {
  id: number;
  username: string;
  access_level: number;
  expires_at: string | null;
  created_by: { username: string } | null;
  [key: string]: unknown;
}

let server: TestServer;
const users: Record<'owner' | 'maint' | 'dev' | 'guest' | 'outsider', { id: number; token: string }> = {} as never;
let groupId: number;
let projectId: number;

async function api<T>(path: string, who?: string, init: { method?: string; json?: unknown } = {}) {
  return server.request<T>(`/api/v4${path}`, { token: who, ...init });
}
const usernames = (members: MemberJson[]) => members.map((m) => m.username).sort();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['owner', 'maint', 'dev', 'guest', 'outsider'] as const) {
    const { user, token } = await server.createUser(name);
    users[name] = { id: user.id, token };
  }
  groupId = (
    await api<{ id: number }>('/groups', users.owner.token, { method: 'POST', json: { name: 'G', path: 'g' } })
  ).body.id;
  projectId = (
    await api<{ id: number }>('/projects', users.owner.token, {
      method: 'POST',
      json: { name: 'P', namespace_id: groupId },
    })
  ).body.id;
  await api(`/groups/${groupId}/members`, users.owner.token, {
    method: 'POST',
    json: { user_id: users.guest.id, access_level: ACCESS_LEVEL.GUEST },
  });
  await api(`/projects/${projectId}/members`, users.owner.token, {
    method: 'POST',
    json: { user_id: users.maint.id, access_level: ACCESS_LEVEL.MAINTAINER },
  });
});
afterAll(() => server.close());

describe('listing', () => {
  it('shows direct members with the Member entity', async () => {
    const { status, body, headers } = await api<MemberJson[]>(`/groups/${groupId}/members`, users.guest.token);
    expect(status).toBe(200);
    expect(usernames(body)).toEqual(['guest', 'owner']);
    expect(headers.get('x-total')).toBe('2');
    expect(body.find((m) => m.username === 'guest')).toMatchObject({
      id: users.guest.id,
      access_level: ACCESS_LEVEL.GUEST,
      expires_at: null,
      created_by: { username: 'owner' },
      membership_state: 'active',
      web_url: `${server.url}/guest`,
    });
  });

  it('members/all adds the members inherited from groups, with the highest role', async () => {
    expect(usernames((await api<MemberJson[]>(`/projects/${projectId}/members`, users.guest.token)).body)).toEqual([
      'maint',
    ]);
    const all = await api<MemberJson[]>(`/projects/${projectId}/members/all`, users.guest.token);
    expect(usernames(all.body)).toEqual(['guest', 'maint', 'owner']);
    const one = await api<MemberJson>(`/projects/${projectId}/members/all/${users.guest.id}`, users.guest.token);
    expect(one.body).toMatchObject({ username: 'guest', access_level: ACCESS_LEVEL.GUEST });
    expect(await api(`/projects/${projectId}/members/${users.guest.id}`, users.guest.token)).toMatchObject({
      status: 404,
      body: { message: '404 Member Not Found' },
    });
  });

  it('is hidden from users who cannot read the source', async () => {
    expect(await api(`/groups/${groupId}/members`, users.outsider.token)).toMatchObject({
      status: 404,
      body: { message: '404 Group Not Found' },
    });
    expect((await api(`/projects/${projectId}/members`)).status).toBe(404);
  });

  it('filters by query', async () => {
    expect(
      usernames((await api<MemberJson[]>(`/groups/${groupId}/members?query=gue`, users.owner.token)).body),
    ).toEqual(['guest']);
  });
});

describe('managing', () => {
  it('a project Maintainer adds members up to their own role, 409 for an existing member', async () => {
    const added = await api<MemberJson>(`/projects/${projectId}/members`, users.maint.token, {
      method: 'POST',
      json: { user_id: users.dev.id, access_level: ACCESS_LEVEL.DEVELOPER, expires_at: '2099-01-31' },
    });
    expect(added).toMatchObject({
      status: 201,
      body: { username: 'dev', access_level: ACCESS_LEVEL.DEVELOPER, expires_at: '2099-01-31' },
    });
    expect(
      await api(`/projects/${projectId}/members`, users.maint.token, {
        method: 'POST',
        json: { user_id: users.dev.id, access_level: ACCESS_LEVEL.GUEST },
      }),
    ).toMatchObject({ status: 409, body: { message: 'Member already exists' } });
    expect(
      (
        await api(`/projects/${projectId}/members`, users.maint.token, {
          method: 'POST',
          json: { user_id: users.outsider.id, access_level: ACCESS_LEVEL.OWNER },
        })
      ).status,
    ).toBe(403);
  });

  it('a Guest cannot manage members; a group needs an Owner', async () => {
    expect(
      (
        await api(`/groups/${groupId}/members`, users.guest.token, {
          method: 'POST',
          json: { user_id: users.outsider.id, access_level: ACCESS_LEVEL.GUEST },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(`/projects/${projectId}/members/${users.dev.id}`, users.guest.token, {
          method: 'PUT',
          json: { access_level: ACCESS_LEVEL.GUEST },
        })
      ).status,
    ).toBe(403);
  });

  it('validates access levels and users', async () => {
    expect(
      await api(`/groups/${groupId}/members`, users.owner.token, {
        method: 'POST',
        json: { user_id: users.outsider.id, access_level: 35 },
      }),
    ).toMatchObject({ status: 400, body: { error: 'access_level is invalid' } });
    expect(
      await api(`/groups/${groupId}/members`, users.owner.token, {
        method: 'POST',
        json: { user_id: users.outsider.id },
      }),
    ).toMatchObject({ status: 400, body: { error: 'access_level is missing' } });
    expect(
      await api(`/groups/${groupId}/members`, users.owner.token, {
        method: 'POST',
        json: { user_id: 999999, access_level: ACCESS_LEVEL.GUEST },
      }),
    ).toMatchObject({ status: 404, body: { message: '404 User Not Found' } });
  });

  it('changes a role, removes a member with 204 and access goes with it', async () => {
    const changed = await api<MemberJson>(`/projects/${projectId}/members/${users.dev.id}`, users.owner.token, {
      method: 'PUT',
      json: { access_level: ACCESS_LEVEL.REPORTER },
    });
    expect(changed.body).toMatchObject({ access_level: ACCESS_LEVEL.REPORTER, expires_at: '2099-01-31' });
    expect((await api(`/projects/${projectId}`, users.dev.token)).status).toBe(200);
    const removed = await api(`/projects/${projectId}/members/${users.dev.id}`, users.owner.token, {
      method: 'DELETE',
      json: {},
    });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await api(`/projects/${projectId}`, users.dev.token)).status).toBe(404);
  });

  it('expired memberships grant nothing', async () => {
    await server.database.db
      .insertInto('members')
      .values({
        source_type: 'Project',
        source_id: projectId,
        user_id: users.outsider.id,
        access_level: ACCESS_LEVEL.DEVELOPER,
        expires_at: '2000-01-01',
      })
      .execute();
    expect((await api(`/projects/${projectId}`, users.outsider.token)).status).toBe(404);
  });

  it('keeps the last Owner of a top-level group', async () => {
    expect(
      await api(`/groups/${groupId}/members/${users.owner.id}`, users.owner.token, { method: 'DELETE' }),
    ).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - A group must have at least one owner' },
    });
  });
});
