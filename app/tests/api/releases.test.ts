/**
 * Releases and release links API contract (GitLab's releases/_index.md, releases/links.md)
 * against a real server and repositories: tags made from `ref`, assets and sources, milestones,
 * Markdown, ordering, updates, deletions and who may read and write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
let tokens: RepositoryFixture['tokens'];
let projectId = 0;
let publicId = 0;
let head = '';

interface ReleaseJson {
  name: string;
  tag_name: string;
  description: string;
  description_html?: string;
  released_at: string;
  upcoming_release: boolean;
  commit?: { id: string };
  commit_path?: string;
  tag_path?: string;
  milestones: Array<{ title: string }>;
  assets: {
    count: number;
    sources: Array<{ format: string; url: string }>;
    links: Array<{ id: number; name: string; url: string; direct_asset_url: string; link_type: string }>;
  };
  _links: Record<string, string>;
  [key: string]: unknown;
}

const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);
const releases = (path = '') => `/projects/${projectId}/releases${path}`;

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  ({ tokens, projectId, publicId } = fixture);
  head = (await api<{ commit: { id: string } }>(`/projects/${projectId}/repository/branches/main`, tokens.olivia)).body
    .commit.id;
  await api(`/projects/${projectId}/milestones`, tokens.olivia, { method: 'POST', json: { title: 'M1' } });
});
afterAll(() => fixture.server.close());

describe('creating releases', () => {
  it('creates a release (201) and its tag from ref, with links, milestones and sources', async () => {
    const created = await api<ReleaseJson>(releases(), tokens.dave, {
      method: 'POST',
      json: {
        tag_name: 'v1.0',
        ref: 'main',
        name: 'First',
        description: 'Fixes **all** the things',
        milestones: ['M1'],
        released_at: '2024-01-02T03:04:05Z',
        assets: {
          links: [
            { name: 'Binary', url: 'https://example.com/bin', direct_asset_path: '/bin/app', link_type: 'package' },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'First',
      tag_name: 'v1.0',
      description: 'Fixes **all** the things',
      released_at: '2024-01-02T03:04:05.000Z',
      upcoming_release: false,
      author: { username: 'dave' },
      commit: { id: head },
      milestones: [{ title: 'M1' }],
      evidences: [],
    });
    expect(created.body.description_html).toBeUndefined();
    expect(created.body.commit_path).toBe(`/olivia/app/-/commit/${head}`);
    expect(created.body.tag_path).toBe('/olivia/app/-/tags/v1.0');
    expect(created.body.assets.sources.map((s) => s.format)).toEqual(['zip', 'tar.gz', 'tar.bz2', 'tar']);
    expect(created.body.assets.sources[0]!.url).toMatch(/\/olivia\/app\/-\/archive\/v1\.0\/app-v1\.0\.zip$/);
    expect(created.body.assets.count).toBe(5);
    expect(created.body.assets.links).toEqual([
      {
        id: expect.any(Number),
        name: 'Binary',
        url: 'https://example.com/bin',
        direct_asset_url: expect.stringMatching(/\/olivia\/app\/-\/releases\/v1\.0\/downloads\/bin\/app$/),
        link_type: 'package',
      },
    ]);
    expect(created.body._links.self).toMatch(/\/olivia\/app\/-\/releases\/v1\.0$/);
    expect(created.body._links.edit_url).toMatch(/\/-\/releases\/v1\.0\/edit$/);
    const tag = await api<{ name: string; release: { tag_name: string; description: string } }>(
      `/projects/${projectId}/repository/tags/v1.0`,
      tokens.olivia,
    );
    expect(tag.body.release).toEqual({ tag_name: 'v1.0', description: 'Fixes **all** the things' });
  });

  it('uses an existing tag, and refuses duplicates, missing refs, bad tags and unknown milestones', async () => {
    await api(`/projects/${projectId}/repository/tags`, tokens.dave, {
      method: 'POST',
      json: { tag_name: 'v2.0', ref: 'main' },
    });
    const existing = await api<ReleaseJson>(releases(), tokens.dave, {
      method: 'POST',
      json: { tag_name: 'v2.0', released_at: '2099-01-01T00:00:00Z' },
    });
    expect(existing.body).toMatchObject({ name: 'v2.0', description: '', upcoming_release: true });
    const post = (json: Record<string, unknown>) => api(releases(), tokens.dave, { method: 'POST', json });
    expect(await post({ tag_name: 'v1.0' })).toMatchObject({
      status: 409,
      body: { message: 'Release already exists' },
    });
    expect(await post({ tag_name: 'v9' })).toMatchObject({ status: 422, body: { message: 'Ref is not specified' } });
    expect(await post({ tag_name: 'v 9', ref: 'main' })).toMatchObject({
      status: 400,
      body: { message: 'Tag name invalid' },
    });
    expect(await post({ tag_name: 'v9', ref: 'nope' })).toMatchObject({
      status: 400,
      body: { message: 'Target nope is invalid' },
    });
    expect(await post({ tag_name: 'v9', ref: 'main', milestones: ['M1', 'M404'] })).toMatchObject({
      status: 400,
      body: { message: 'Milestone(s) not found: M404' },
    });
    expect(
      await post({ tag_name: 'v9', ref: 'main', assets: { links: [{ name: 'x', url: 'javascript:alert(1)' }] } }),
    ).toMatchObject({ status: 400 });
    expect(await post({})).toMatchObject({ status: 400, body: { error: 'tag_name is missing' } });
  });
});

describe('reading releases', () => {
  it('lists releases by release date, newest first, with pagination and HTML on request', async () => {
    const list = await api<ReleaseJson[]>(releases(), tokens.gus);
    expect(list.body.map((r) => r.tag_name)).toEqual(['v2.0', 'v1.0']);
    expect(list.headers.get('x-total')).toBe('2');
    const asc = await api<ReleaseJson[]>(`${releases()}?order_by=released_at&sort=asc&per_page=1`, tokens.olivia);
    expect(asc.body.map((r) => r.tag_name)).toEqual(['v1.0']);
    const html = await api<ReleaseJson>(`${releases('/v1.0')}?include_html_description=true`, tokens.olivia);
    expect(html.body.description_html).toContain('<strong>all</strong>');
    expect(await api(releases('/v404'), tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Not Found' },
    });
  });

  it('shows Guests of a private project releases without their commits; hides them from others', async () => {
    const guest = await api<ReleaseJson>(releases('/v1.0'), tokens.gus);
    expect(guest.status).toBe(200);
    expect(guest.body.commit).toBeUndefined();
    expect(guest.body.tag_path).toBeUndefined();
    expect(guest.body.assets.sources).toEqual([]);
    expect((await api(releases(), tokens.nina)).status).toBe(404);
    expect((await api(releases())).status).toBe(404);
  });

  it('shows public releases to anonymous users', async () => {
    await api(`/projects/${publicId}/releases`, tokens.olivia, {
      method: 'POST',
      json: { tag_name: 'p1', ref: 'main' },
    });
    const open = await api<ReleaseJson[]>(`/projects/${publicId}/releases`);
    expect(open.body.map((r) => [r.tag_name, r.commit?.id !== undefined])).toEqual([['p1', true]]);
  });
});

describe('changing releases', () => {
  it('updates name, description, date and milestones; Guests may not', async () => {
    const updated = await api<ReleaseJson>(releases('/v1.0'), tokens.dave, {
      method: 'PUT',
      json: { name: 'First!', milestones: [], released_at: '2024-02-02T00:00:00Z' },
    });
    expect(updated.body).toMatchObject({ name: 'First!', milestones: [], released_at: '2024-02-02T00:00:00.000Z' });
    expect((await api(releases('/v1.0'), tokens.gus, { method: 'PUT', json: { name: 'x' } })).status).toBe(403);
    expect((await api(releases('/v404'), tokens.dave, { method: 'PUT', json: { name: 'x' } })).status).toBe(404);
  });

  it('creates, lists, updates and deletes asset links', async () => {
    const links = releases('/v1.0/assets/links');
    const created = await api<{ id: number; name: string; direct_asset_url: string; link_type: string }>(
      links,
      tokens.dave,
      {
        method: 'POST',
        json: { name: 'Docs', url: 'https://example.com/docs' },
      },
    );
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Docs', direct_asset_url: 'https://example.com/docs', link_type: 'other' },
    });
    expect(
      await api(links, tokens.dave, { method: 'POST', json: { name: 'Docs', url: 'https://example.com/other' } }),
    ).toMatchObject({
      status: 400,
      body: { message: { name: ['has already been taken'] } },
    });
    expect((await api<Array<{ name: string }>>(links, tokens.gus)).body.map((l) => l.name)).toEqual(['Binary', 'Docs']);
    const updated = await api<{ link_type: string; name: string }>(`${links}/${created.body.id}`, tokens.dave, {
      method: 'PUT',
      json: { link_type: 'runbook', name: 'Runbook' },
    });
    expect(updated.body).toMatchObject({ link_type: 'runbook', name: 'Runbook' });
    expect((await api(`${links}/${created.body.id}`, tokens.gus, { method: 'DELETE' })).status).toBe(403);
    const deleted = await api<{ id: number }>(`${links}/${created.body.id}`, tokens.dave, { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Runbook' } });
    expect((await api(`${links}/${created.body.id}`, tokens.dave)).status).toBe(404);
  });

  it('deletes a release (200 with the release) and keeps its tag', async () => {
    const deleted = await api<ReleaseJson>(releases('/v2.0'), tokens.dave, { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 200, body: { tag_name: 'v2.0' } });
    expect((await api(releases('/v2.0'), tokens.dave)).status).toBe(404);
    expect((await api(`/projects/${projectId}/repository/tags/v2.0`, tokens.dave)).status).toBe(200);
    expect((await api(releases('/v1.0'), tokens.gus, { method: 'DELETE' })).status).toBe(403);
  });
});
