/** Application settings and statistics contract (GitLab's settings.md, statistics.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let user: string;

async function api<T>(path: string, token?: string, init: { method?: string; json?: unknown } = {}) {
  return server.request<T>(`/api/v4${path}`, { token, ...init });
}

beforeAll(async () => {
  server = await startTestServer();
  user = (await server.createUser('plain')).token;
  await server.createUser('stopped', { state: 'blocked' });
});
afterAll(() => server.close());

describe('application settings', () => {
  it('are for administrators only', async () => {
    expect((await api('/application/settings')).status).toBe(401);
    expect(await api('/application/settings', user)).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect((await api('/application/settings', user, { method: 'PUT', json: {} })).status).toBe(403);
  });

  it('read GitLab defaults, change what is sent, ignore unknown keys, and steer new projects', async () => {
    const before = await api<Record<string, unknown>>('/application/settings', ROOT_TOKEN);
    expect(before.body).toMatchObject({ id: 1, default_project_visibility: 'private', signup_enabled: true });
    const after = await api<Record<string, unknown>>('/application/settings', ROOT_TOKEN, {
      method: 'PUT',
      json: { default_project_visibility: 'internal', signup_enabled: 'false', no_such_setting: 1 },
    });
    expect(after.body).toMatchObject({ default_project_visibility: 'internal', signup_enabled: false });
    expect(after.body).not.toHaveProperty('no_such_setting');
    expect(
      (
        await api('/application/settings', ROOT_TOKEN, {
          method: 'PUT',
          json: { default_project_visibility: 'secret' },
        })
      ).body,
    ).toEqual({ error: 'default_project_visibility is invalid' });
    const project = await api<{ visibility: string }>('/projects', user, {
      method: 'POST',
      json: { name: 'Defaulted' },
    });
    expect(project.body.visibility).toBe('internal');
  });
});

describe('application statistics', () => {
  it('counts as GitLab strings, for administrators only', async () => {
    expect((await api('/application/statistics', user)).status).toBe(403);
    const { body } = await api<Record<string, string>>('/application/statistics', ROOT_TOKEN);
    expect(Object.keys(body)).toEqual([
      'forks',
      'issues',
      'merge_requests',
      'notes',
      'snippets',
      'ssh_keys',
      'milestones',
      'users',
      'groups',
      'projects',
      'active_users',
    ]);
    expect(body).toMatchObject({ users: '3', active_users: '2', groups: '0', projects: '1', issues: '0' });
  });
});

// Last: it creates projects and groups, which the statistics above count.
describe('restricted visibility levels', () => {
  it('keep the restricted levels from everyone but administrators, for projects and groups', async () => {
    const restrict = (levels: string[]) =>
      api('/application/settings', ROOT_TOKEN, { method: 'PUT', json: { restricted_visibility_levels: levels } });
    await restrict(['public']);
    try {
      const refusal = {
        status: 400,
        body: { message: { visibility_level: ['public has been restricted by your GitLab administrator'] } },
      };
      const json = { name: 'Open', visibility: 'public' };
      expect(await api('/projects', user, { method: 'POST', json })).toMatchObject(refusal);
      expect(await api('/groups', user, { method: 'POST', json: { ...json, path: 'open' } })).toMatchObject(refusal);
      const project = await api<{ id: number }>('/projects', user, { method: 'POST', json: { name: 'Closed' } });
      expect(
        await api(`/projects/${project.body.id}`, user, { method: 'PUT', json: { visibility: 'public' } }),
      ).toMatchObject(refusal);
      const group = await api<{ id: number }>('/groups', user, {
        method: 'POST',
        json: { name: 'Closed', path: 'closed-group', visibility: 'private' },
      });
      expect(group.status).toBe(201);
      expect(
        await api(`/groups/${group.body.id}`, user, { method: 'PUT', json: { visibility: 'public' } }),
      ).toMatchObject(refusal);
      // An administrator may.
      const admins = await api<{ visibility: string }>('/projects', ROOT_TOKEN, { method: 'POST', json });
      expect(admins).toMatchObject({ status: 201, body: { visibility: 'public' } });
      // An unrestricted level stays open to everyone.
      expect(
        await api(`/projects/${project.body.id}`, user, { method: 'PUT', json: { visibility: 'internal' } }),
      ).toMatchObject({ status: 200, body: { visibility: 'internal' } });
    } finally {
      await restrict([]);
    }
  });
});
