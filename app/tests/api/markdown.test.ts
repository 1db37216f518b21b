/**
 * `POST /api/v4/markdown` contract (GitLab's markdown.md, GITLAB-API.md §6): authentication,
 * 201 `{"html"}` with exactly `application/json`, GitLab's `<gl-emoji>`, references resolved in
 * `project` (404 when unreadable), `gfm=false` without references, bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

let f: IssuableFixture;

beforeAll(async () => {
  f = await startIssuableFixture();
  await f.api(`/projects/${f.privateProject.id}/issues`, f.tokens.olivia, { method: 'POST', json: { title: 'Inner' } });
});
afterAll(() => f.server.close());

const render = (json: unknown, token?: string) => f.api<{ html: string }>('/markdown', token, { method: 'POST', json });

describe('POST /markdown', () => {
  it('renders GitLab Markdown with emoji (201, application/json)', async () => {
    const response = await render({ text: '**hi** :tada:', gfm: true }, f.tokens.nina);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body).toEqual({
      html: '<p><strong>hi</strong> <gl-emoji data-name="tada" title="party popper" data-unicode-version="6.0">🎉</gl-emoji></p>\n',
    });
  });

  it('resolves references in the given project for those who may read it', async () => {
    const response = await render({ text: '#1 @gus', gfm: true, project: 'acme/vault' }, f.tokens.rita);
    expect(response.body.html).toContain('href="/acme/vault/-/issues/1"');
    expect(response.body.html).toContain('title="Inner"');
    expect(response.body.html).toContain('href="/gus"');
    expect(await render({ text: '#1', gfm: true, project: 'acme/vault' }, f.tokens.nina)).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
  });

  it('links merge requests of projects every reader may see, not of private ones', async () => {
    await f.insertMergeRequest(f.publicProject.id, 1, 'Public change');
    await f.insertMergeRequest(f.privateProject.id, 1, 'Private change');
    const open = await render({ text: '!1', gfm: true, project: 'acme/site' }, f.tokens.rita);
    expect(open.body.html).toContain('href="/acme/site/-/merge_requests/1"');
    expect(open.body.html).toContain('title="Public change"');
    const closed = await render({ text: '!1', gfm: true, project: 'acme/vault' }, f.tokens.rita);
    expect(closed.body.html).toBe('<p>!1</p>\n');
  });

  it('leaves references as text with gfm=false (python-gitlab sends gfm as a JSON boolean)', async () => {
    const response = await render({ text: '#1 @gus', gfm: false, project: 'acme/vault' }, f.tokens.rita);
    expect(response.body.html).toBe('<p>#1 @gus</p>\n');
  });

  it('needs authentication and text', async () => {
    expect(await render({ text: 'x' })).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    expect(await render({ gfm: true }, f.tokens.nina)).toMatchObject({
      status: 400,
      body: { error: 'text is missing' },
    });
    expect((await render({ text: 'x', gfm: 'maybe' }, f.tokens.nina)).status).toBe(400);
  });
});

describe('under a relative URL root', () => {
  let rooted: IssuableFixture;
  beforeAll(async () => {
    rooted = await startIssuableFixture({ relativeUrlRoot: '/forge' });
  });
  afterAll(() => rooted.server.close());

  it('builds web_url and reference links below the root', async () => {
    const site = `/projects/${rooted.publicProject.id}`;
    const issue = await rooted.api<{ web_url: string }>(`${site}/issues`, rooted.tokens.rita, {
      method: 'POST',
      json: { title: 'Rooted' },
    });
    expect(issue.body.web_url).toBe(`${rooted.server.url}/acme/site/-/issues/1`);
    expect(rooted.server.url).toMatch(/\/forge$/);
    const html = await rooted.api<{ html: string }>('/markdown', rooted.tokens.rita, {
      method: 'POST',
      json: { text: '#1 @gus', gfm: true, project: 'acme/site' },
    });
    expect(html.body.html).toContain('href="/forge/acme/site/-/issues/1"');
    expect(html.body.html).toContain('href="/forge/gus"');
  });
});
