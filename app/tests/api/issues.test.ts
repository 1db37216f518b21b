/**
 * Issues API contract (GitLab's issues.md): shapes, create/update/delete, `state_event` with its
 * system notes, list filters and pagination, confidentiality for anonymous users, Guests,
 * non-members, authors and assignees, parallel iids, the issue todo, and the Markdown written
 * beside the text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHED_MARKDOWN_VERSION } from '../../server/domain/markdown.ts';
import { DEFAULT_LABEL_COLOR } from '../../server/api/v4/issues.ts';
import { ROOT_TOKEN } from '../helpers/server.ts';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

interface IssueJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  labels: unknown[];
  assignees: { username: string }[];
  [key: string]: unknown;
}

let f: IssuableFixture;
let site: string;
let vault: string;

beforeAll(async () => {
  f = await startIssuableFixture();
  site = `/projects/${f.publicProject.id}`;
  vault = `/projects/${f.privateProject.id}`;
});
afterAll(() => f.server.close());

const create = (project: string, token: string, json: Record<string, unknown>) =>
  f.api<IssueJson>(`${project}/issues`, token, { method: 'POST', json });

describe('create and read', () => {
  it('creates an issue with GitLab shape (labels as a comma string, created when missing)', async () => {
    const response = await create(site, f.tokens.rita, {
      title: 'Smoke issue',
      description: 'hello\n\n- [x] done\n- [ ] todo',
      labels: 'bug,ui',
      assignee_ids: [f.ids.gus],
      due_date: '2030-01-31',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    const issue = response.body;
    const base = f.server.url;
    expect(issue).toMatchObject({
      iid: 1,
      project_id: f.publicProject.id,
      title: 'Smoke issue',
      description: 'hello\n\n- [x] done\n- [ ] todo',
      state: 'opened',
      closed_at: null,
      closed_by: null,
      labels: ['bug', 'ui'],
      milestone: null,
      author: { username: 'rita', state: 'active', web_url: `${base}/rita` },
      assignees: [{ username: 'gus' }],
      assignee: { username: 'gus' },
      type: 'ISSUE',
      issue_type: 'issue',
      user_notes_count: 0,
      merge_requests_count: 0,
      upvotes: 0,
      downvotes: 0,
      due_date: '2030-01-31',
      confidential: false,
      discussion_locked: null,
      web_url: `${base}/acme/site/-/issues/1`,
      time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
      task_completion_status: { count: 2, completed_count: 1 },
      has_tasks: true,
      _links: {
        self: `${base}/api/v4/projects/${f.publicProject.id}/issues/1`,
        notes: `${base}/api/v4/projects/${f.publicProject.id}/issues/1/notes`,
        award_emoji: `${base}/api/v4/projects/${f.publicProject.id}/issues/1/award_emoji`,
        project: `${base}/api/v4/projects/${f.publicProject.id}`,
        closed_as_duplicate_of: null,
      },
      references: { short: '#1', relative: '#1', full: 'acme/site#1' },
      severity: 'UNKNOWN',
      subscribed: true,
    });
    expect(issue.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const labels = await f.api<{ name: string; color: string }[]>(`${site}/labels`, f.tokens.rita);
    expect(labels.body.map((label) => [label.name, label.color])).toEqual([
      ['bug', DEFAULT_LABEL_COLOR],
      ['ui', DEFAULT_LABEL_COLOR],
    ]);
  });

  it('accepts labels as a JSON array and returns label objects with with_labels_details', async () => {
    const created = await create(site, f.tokens.rita, { title: 'Array labels', labels: ['bug', 'docs'] });
    expect(created.body.labels).toEqual(['bug', 'docs']);
    const detailed = await f.api<IssueJson>(`${site}/issues/${created.body.iid}?with_labels_details=true`);
    expect(detailed.body.labels).toEqual([
      expect.objectContaining({ name: 'bug', color: DEFAULT_LABEL_COLOR, text_color: '#FFFFFF', description: null }),
      expect.objectContaining({ name: 'docs' }),
    ]);
  });

  it('finds a project by URL-encoded path and accepts the .json suffix', async () => {
    const response = await f.api<IssueJson>('/projects/acme%2Fsite/issues/1.json');
    expect(response).toMatchObject({ status: 200, body: { iid: 1, title: 'Smoke issue' } });
  });

  it('refuses bad input with 400 and unknown things with 404', async () => {
    expect(await create(site, f.tokens.rita, { description: 'no title' })).toMatchObject({
      status: 400,
      body: { error: 'title is missing' },
    });
    expect(await create(site, f.tokens.rita, { title: '   ' })).toMatchObject({
      status: 400,
      body: { message: { title: ["can't be blank"] } },
    });
    expect(await create(site, f.tokens.rita, { title: 'x'.repeat(256) })).toMatchObject({
      status: 400,
      body: { message: { title: ['is too long (maximum is 255 characters)'] } },
    });
    expect(await create(site, f.tokens.rita, { title: 'bad date', due_date: 'soon' })).toMatchObject({
      status: 400,
      body: { error: 'due_date is invalid' },
    });
    expect((await f.api(`${site}/issues/abc`)).status).toBe(400);
    expect(await f.api(`${site}/issues/999`)).toMatchObject({ status: 404, body: { message: '404 Issue Not Found' } });
    expect(await f.api('/projects/424242/issues')).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect(await f.api(`${site}/issues?state=weird`)).toMatchObject({
      status: 400,
      body: { error: 'state is invalid' },
    });
  });

  it('lets any signed-in reader open issues but drops metadata below Reporter', async () => {
    expect((await create(site, '', { title: 'anonymous' })).status).toBe(401);
    const byStranger = await create(site, f.tokens.nina, {
      title: 'From a stranger',
      labels: 'bug',
      assignee_ids: [f.ids.nina],
    });
    expect(byStranger.status).toBe(201);
    expect(byStranger.body).toMatchObject({ labels: [], assignees: [], author: { username: 'nina' } });
    expect((await create(vault, f.tokens.nina, { title: 'no access' })).status).toBe(404);
  });
});

describe('confidential issues', () => {
  let confidentialIid: number;
  beforeAll(async () => {
    const created = await create(site, f.tokens.nina, { title: 'Secret hole', confidential: true });
    confidentialIid = created.body.iid;
  });

  it('are visible to Reporters, the author and assignees only', async () => {
    const path = `${site}/issues/${confidentialIid}`;
    expect((await f.api(path)).status).toBe(404);
    expect((await f.api(path, f.tokens.gus)).status).toBe(404);
    expect((await f.api(path, f.tokens.rita)).status).toBe(200);
    expect((await f.api(path, f.tokens.nina)).status).toBe(200);
    expect((await f.api(path, ROOT_TOKEN)).status).toBe(200);
    await f.api(path, f.tokens.rita, { method: 'PUT', json: { assignee_ids: [f.ids.gus] } });
    expect((await f.api(path, f.tokens.gus)).status).toBe(200);
  });

  it('are left out of lists for those who may not see them', async () => {
    const titles = async (token?: string) =>
      (await f.api<IssueJson[]>(`${site}/issues?per_page=100`, token)).body.map((issue) => issue.title);
    expect(await titles()).not.toContain('Secret hole');
    expect(await titles(f.tokens.maude)).toContain('Secret hole');
    const all = await f.api<IssueJson[]>('/issues?scope=all&per_page=100');
    expect(all.body.map((issue) => issue.title)).not.toContain('Secret hole');
  });
});

describe('update', () => {
  it('closes and reopens with state_event, writing system notes', async () => {
    const { body: issue } = await create(site, f.tokens.gus, { title: 'To close' });
    const closed = await f.api<IssueJson>(`${site}/issues/${issue.iid}`, f.tokens.rita, {
      method: 'PUT',
      json: { state_event: 'close' },
    });
    expect(closed.body).toMatchObject({ state: 'closed', closed_by: { username: 'rita' } });
    expect(closed.body.closed_at).toEqual(expect.any(String));
    const reopened = await f.api<IssueJson>(`${site}/issues/${issue.iid}`, f.tokens.gus, {
      method: 'PUT',
      json: { state_event: 'reopen' },
    });
    expect(reopened.body).toMatchObject({ state: 'opened', closed_at: null, closed_by: null });
    const notes = await f.api<{ body: string; system: boolean; author: { username: string } }[]>(
      `${site}/issues/${issue.iid}/notes?sort=asc`,
    );
    expect(notes.body.map((note) => [note.body, note.system, note.author.username])).toEqual([
      ['closed', true, 'rita'],
      ['reopened', true, 'gus'],
    ]);
    // System notes are not user notes.
    expect(reopened.body.user_notes_count).toBe(0);
  });

  it('writes GitLab system notes for title, labels and assignees (python-gitlab sends changed fields only)', async () => {
    const { body: issue } = await create(site, f.tokens.rita, { title: 'Old', labels: 'bug' });
    const updated = await f.api<IssueJson>(`${site}/issues/${issue.iid}`, f.tokens.rita, {
      method: 'PUT',
      json: { title: 'New', add_labels: 'ui', remove_labels: 'bug', assignee_id: f.ids.gus },
    });
    expect(updated.body).toMatchObject({ title: 'New', labels: ['ui'], assignees: [{ username: 'gus' }] });
    const notes = await f.api<{ body: string }[]>(`${site}/issues/${issue.iid}/notes?sort=asc`);
    expect(notes.body.map((note) => note.body)).toEqual([
      'changed title from **Old** to **New**',
      'assigned to @gus',
      'added ~ui label and removed ~bug label',
    ]);
  });

  it('lets only Reporters, authors and assignees update, and needs at least one parameter', async () => {
    const { body: issue } = await create(site, f.tokens.rita, { title: 'Guarded' });
    const path = `${site}/issues/${issue.iid}`;
    expect((await f.api(path, f.tokens.nina, { method: 'PUT', json: { title: 'x' } })).status).toBe(403);
    expect((await f.api(path, f.tokens.gus, { method: 'PUT', json: { title: 'x' } })).status).toBe(403);
    expect((await f.api(path, undefined, { method: 'PUT', json: { title: 'x' } })).status).toBe(401);
    const empty = await f.api<{ error: string }>(path, f.tokens.rita, { method: 'PUT', json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/are missing, at least one parameter must be provided$/);
  });
});

describe('lists', () => {
  beforeAll(async () => {
    await create(vault, f.tokens.olivia, { title: 'Alpha private', labels: 'bug' });
    await create(vault, f.tokens.olivia, { title: 'Beta private', assignee_ids: [f.ids.rita] });
  });

  it('filters by state, labels, search, author and assignee', async () => {
    const titles = async (query: string, token = f.tokens.olivia) =>
      (await f.api<IssueJson[]>(`${vault}/issues?${query}`, token)).body.map((issue) => issue.title);
    expect(await titles('labels=bug')).toEqual(['Alpha private']);
    expect(await titles('labels=None')).toEqual(['Beta private']);
    expect(await titles('search=beta')).toEqual(['Beta private']);
    expect(await titles(`assignee_id=${f.ids.rita}`)).toEqual(['Beta private']);
    expect(await titles('assignee_id=None')).toEqual(['Alpha private']);
    expect(await titles(`author_id=${f.ids.olivia}&order_by=title&sort=asc`)).toEqual([
      'Alpha private',
      'Beta private',
    ]);
    expect(await titles('state=closed')).toEqual([]);
    expect(await titles('iids[]=1')).toEqual(['Alpha private']);
    expect((await f.api(`${vault}/issues`, f.tokens.nina)).status).toBe(404);
  });

  it('lists globally by scope (signed in) and refuses anonymous lists other than scope=all', async () => {
    expect((await f.api('/issues')).status).toBe(401);
    const assigned = await f.api<IssueJson[]>('/issues?scope=assigned_to_me', f.tokens.rita);
    expect(assigned.body.map((issue) => issue.title)).toEqual(['Beta private']);
    expect(assigned.body[0]!.references).toEqual({ short: '#2', relative: '#2', full: 'acme/vault#2' });
    const mine = await f.api<IssueJson[]>('/issues', f.tokens.olivia);
    expect(mine.body.map((issue) => issue.title)).toEqual(['Beta private', 'Alpha private']);
    const group = await f.api<IssueJson[]>(`/groups/${f.groupId}/issues?search=private`, f.tokens.olivia);
    expect(group.body[0]!.references).toMatchObject({ relative: 'vault#2' });
  });

  it('paginates with GitLab headers and returns [] past the last page', async () => {
    const first = await f.api<IssueJson[]>(`${vault}/issues?per_page=1`, f.tokens.olivia);
    expect(first.body).toHaveLength(1);
    expect(first.headers.get('x-total')).toBe('2');
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('link')).toContain('rel="next"');
    const past = await f.api<IssueJson[]>(`${vault}/issues?per_page=1&page=3`, f.tokens.olivia);
    expect(past.body).toEqual([]);
  });
});

describe('iids', () => {
  it('gives fifty parallel creations fifty distinct, increasing iids', async () => {
    const { body: project } = await f.api<{ id: number }>('/projects', f.tokens.olivia, {
      method: 'POST',
      json: { name: 'busy', namespace_id: f.groupId, visibility: 'public' },
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        create(`/projects/${project.id}`, f.tokens.olivia, { title: `Parallel ${index}` }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const iids = responses.map((response) => response.body.iid).sort((a, b) => a - b);
    expect(iids).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    // Increasing in creation order: a later id never has a smaller iid.
    const byId = responses.map((response) => response.body).sort((a, b) => a.id - b.id);
    expect(byId.map((issue) => issue.iid)).toEqual(iids);
  });
});

describe('delete and todo', () => {
  it('lets only the project owner delete (204), then 404', async () => {
    const { body: issue } = await create(site, f.tokens.rita, { title: 'Doomed' });
    const path = `${site}/issues/${issue.iid}`;
    expect((await f.api(path, f.tokens.maude, { method: 'DELETE', json: {} })).status).toBe(403);
    const deleted = await f.api(path, f.tokens.olivia, { method: 'DELETE', json: {} });
    expect(deleted).toMatchObject({ status: 204, text: '' });
    expect((await f.api(path, f.tokens.olivia)).status).toBe(404);
  });

  it('marks a todo with 201, then answers 304 while it is pending', async () => {
    const path = `${site}/issues/1/todo`;
    const marked = await f.api<{ action_name: string; target: { iid: number } }>(path, f.tokens.maude, {
      method: 'POST',
    });
    expect(marked).toMatchObject({
      status: 201,
      body: { action_name: 'marked', target_type: 'Issue', target: { iid: 1 } },
    });
    expect((await f.api(path, f.tokens.maude, { method: 'POST' })).status).toBe(304);
    expect((await f.api(path, undefined, { method: 'POST' })).status).toBe(401);
  });
});

describe('rendered Markdown', () => {
  it('stores the description HTML with references resolved, and the cache version', async () => {
    const { body: issue } = await create(site, f.tokens.rita, {
      title: 'Refs :tada:',
      description: '@gus see #1 and ~bug :tada: and #9999',
    });
    const row = await f.server.database.db
      .selectFrom('issues')
      .select(['title_html', 'description_html', 'cached_markdown_version'])
      .where('id', '=', issue.id)
      .executeTakeFirstOrThrow();
    expect(row.cached_markdown_version).toBe(CACHED_MARKDOWN_VERSION);
    expect(row.description_html).toContain(`href="/gus"`);
    expect(row.description_html).toContain(`data-user="${f.ids.gus}"`);
    expect(row.description_html).toContain('href="/acme/site/-/issues/1"');
    expect(row.description_html).toContain('title="Smoke issue"');
    expect(row.description_html).toContain('href="/acme/site/-/issues?label_name=bug"');
    expect(row.description_html).toContain('#9999');
    expect(row.description_html).not.toContain('issues/9999');
    expect(row.title_html).toBe(
      'Refs <gl-emoji data-name="tada" title="party popper" data-unicode-version="6.0">🎉</gl-emoji>',
    );
  });
});
