/**
 * Merge requests API contract (GitLab's merge_requests.md, merge_request_context_commits.md)
 * against a real server and real repositories: shapes, diffs computed by git, versions,
 * mergeability, pipelines, context commits, list filters and who may see and change what.
 */
import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';
import type { TestServer } from '../helpers/server.ts';

let fixture: RepositoryFixture;
let server: TestServer;
let tokens: RepositoryFixture['tokens'];
let ids: RepositoryFixture['ids'];
let projectId = 0;
let publicId = 0;
let featureHead = '';
let mainHead = '';

interface MrJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  labels: string[];
  sha: string;
  draft: boolean;
  merge_status: string;
  detailed_merge_status: string;
  has_conflicts: boolean;
  diff_refs: { base_sha: string; head_sha: string; start_sha: string };
  changes_count: string;
  assignees: Array<{ username: string }>;
  reviewers: Array<{ username: string }>;
  head_pipeline: { id: number; status: string } | null;
  [key: string]: unknown;
}

const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);
const mrs = (path = '') => `/projects/${projectId}/merge_requests${path}`;

function commit(branch: string, actions: unknown[], token = tokens.olivia, project = projectId) {
  return fixture.commit(branch, actions, { token, project });
}

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  ({ server, tokens, ids, projectId, publicId } = fixture);
  mainHead = await commit('main', [{ action: 'create', file_path: 'lib.txt', content: 'a\nb\nc\n' }]);
  await api(`/projects/${projectId}/repository/branches`, tokens.dave, {
    method: 'POST',
    json: { branch: 'feature', ref: 'main' },
  });
  featureHead = await commit(
    'feature',
    [{ action: 'update', file_path: 'lib.txt', content: 'a\nB\nc\n' }],
    tokens.dave,
  );
});
afterAll(() => server.close());

describe('create and read', () => {
  it('opens a merge request (201) with git-computed refs, labels, people and references', async () => {
    const created = await api<MrJson>(mrs(), tokens.dave, {
      method: 'POST',
      json: {
        source_branch: 'feature',
        target_branch: 'main',
        title: 'Capital B',
        description: '- [x] done\n- [ ] todo',
        labels: 'ui,bug',
        assignee_ids: [ids.dave, 999_999],
        reviewer_ids: [ids.olivia],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      iid: 1,
      project_id: projectId,
      title: 'Capital B',
      state: 'opened',
      source_branch: 'feature',
      target_branch: 'main',
      source_project_id: projectId,
      target_project_id: projectId,
      labels: ['bug', 'ui'],
      draft: false,
      work_in_progress: false,
      merge_status: 'can_be_merged',
      detailed_merge_status: 'mergeable',
      has_conflicts: false,
      sha: featureHead,
      diff_refs: { base_sha: mainHead, head_sha: featureHead, start_sha: mainHead },
      changes_count: '1',
      reference: '!1',
      references: { short: '!1', relative: '!1', full: 'olivia/app!1' },
      task_completion_status: { count: 2, completed_count: 1 },
      author: { username: 'dave' },
      assignee: { username: 'dave' },
      user: { can_merge: false },
      head_pipeline: null,
      merged_by: null,
      closed_by: null,
      user_notes_count: 0,
      upvotes: 0,
    });
    expect(created.body.assignees.map((u) => u.username)).toEqual(['dave']);
    expect(created.body.reviewers.map((u) => u.username)).toEqual(['olivia']);
    expect(created.body.web_url).toMatch(/\/olivia\/app\/-\/merge_requests\/1$/);
    const owner = await api<MrJson>(mrs('/1'), tokens.olivia);
    expect(owner.body).toMatchObject({ user: { can_merge: true } });
  });

  it('refuses duplicates, same branches, missing branches and missing titles', async () => {
    const post = (json: Record<string, unknown>) => api(mrs(), tokens.dave, { method: 'POST', json });
    expect(await post({ source_branch: 'feature', target_branch: 'main', title: 'again' })).toMatchObject({
      status: 409,
      body: { message: ['Another open merge request already exists for this source branch: !1'] },
    });
    expect(await post({ source_branch: 'main', target_branch: 'main', title: 'same' })).toMatchObject({
      status: 422,
      body: { message: ["You can't use same project/branch for source and target"] },
    });
    expect(await post({ source_branch: 'nope', target_branch: 'main', title: 'x' })).toMatchObject({
      status: 400,
      body: { message: { source_branch: ['does not exist'] } },
    });
    expect(await post({ source_branch: 'feature', target_branch: 'main' })).toMatchObject({
      status: 400,
      body: { error: 'title is missing' },
    });
    expect(await post({ source_branch: 'feature', target_branch: 'main', title: '  ' })).toMatchObject({
      status: 400,
      body: { message: { title: ["can't be blank"] } },
    });
  });

  it('shows changes and diffs between the merge base and the source head', async () => {
    const changes = await api<{ changes: Array<Record<string, unknown>>; overflow: boolean }>(
      mrs('/1/changes'),
      tokens.rita,
    );
    expect(changes.body.overflow).toBe(false);
    expect(changes.body.changes).toEqual([
      expect.objectContaining({
        old_path: 'lib.txt',
        new_path: 'lib.txt',
        a_mode: '100644',
        b_mode: '100644',
        new_file: false,
        renamed_file: false,
        deleted_file: false,
        diff: '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n',
      }),
    ]);
    const diffs = await api<Array<{ new_path: string }>>(mrs('/1/diffs'), tokens.rita);
    expect(diffs.body.map((d) => d.new_path)).toEqual(['lib.txt']);
    const commits = await api<Array<{ id: string }>>(mrs('/1/commits'), tokens.rita);
    expect(commits.body.map((c) => c.id)).toEqual([featureHead]);
  });

  it('records a new version when the source branch moves', async () => {
    const next = await commit('feature', [{ action: 'create', file_path: 'new.txt', content: 'new\n' }], tokens.dave);
    const mr = await api<MrJson>(mrs('/1'), tokens.rita);
    expect(mr.body.sha).toBe(next);
    expect(mr.body.changes_count).toBe('2');
    const versions = await api<Array<Record<string, unknown>>>(mrs('/1/versions'), tokens.rita);
    expect(versions.body).toHaveLength(2);
    expect(versions.body[0]).toMatchObject({
      head_commit_sha: next,
      base_commit_sha: mainHead,
      start_commit_sha: mainHead,
      merge_request_id: mr.body.id,
      state: 'collected',
      real_size: '2',
    });
    expect(versions.body[1]).toMatchObject({ head_commit_sha: featureHead, real_size: '1' });
    const old = await api<{ commits: Array<{ id: string }>; diffs: Array<{ new_path: string }> }>(
      mrs(`/1/versions/${versions.body[1]!.id as number}`),
      tokens.rita,
    );
    expect(old.body.commits.map((c) => c.id)).toEqual([featureHead]);
    expect(old.body.diffs.map((d) => d.new_path)).toEqual(['lib.txt']);
    expect((await api(mrs('/1/versions/999999'), tokens.rita)).status).toBe(404);
    featureHead = next;
  });

  it('answers 404 for unknown merge requests', async () => {
    expect(await api(mrs('/99'), tokens.olivia)).toMatchObject({
      status: 404,
      body: { message: '404 Merge Request Not Found' },
    });
    expect((await api(mrs('/abc'), tokens.olivia)).status).toBe(400);
  });
});

describe('mergeability', () => {
  it('reports conflicts found by a trial merge, and drafts', async () => {
    await api(`/projects/${projectId}/repository/branches`, tokens.dave, {
      method: 'POST',
      json: { branch: 'clash', ref: mainHead },
    });
    await commit('clash', [{ action: 'update', file_path: 'lib.txt', content: 'a\nX\nc\n' }], tokens.dave);
    const clash = await api<MrJson>(mrs(), tokens.dave, {
      method: 'POST',
      json: { source_branch: 'clash', target_branch: 'feature', title: 'Draft: clash' },
    });
    expect(clash.body).toMatchObject({
      draft: true,
      merge_status: 'cannot_be_merged',
      has_conflicts: true,
      detailed_merge_status: 'draft_status',
    });
    const ready = await api<MrJson>(mrs(`/${clash.body.iid}`), tokens.dave, {
      method: 'PUT',
      json: { title: 'Clash' },
    });
    expect(ready.body).toMatchObject({ draft: false, detailed_merge_status: 'conflict' });
  });
});

describe('update', () => {
  it('changes title and labels (add/remove), closes and reopens', async () => {
    const labelled = await api<MrJson>(mrs('/1'), tokens.dave, {
      method: 'PUT',
      json: { add_labels: ['docs'], remove_labels: 'ui', title: 'Capital B, again' },
    });
    expect(labelled.body).toMatchObject({ title: 'Capital B, again', labels: ['bug', 'docs'] });
    const closed = await api<MrJson>(mrs('/1'), tokens.dave, { method: 'PUT', json: { state_event: 'close' } });
    expect(closed.body).toMatchObject({
      state: 'closed',
      closed_by: { username: 'dave' },
      detailed_merge_status: 'not_open',
    });
    expect(closed.body.closed_at).not.toBeNull();
    const reopened = await api<MrJson>(mrs('/1'), tokens.dave, { method: 'PUT', json: { state_event: 'reopen' } });
    expect(reopened.body).toMatchObject({ state: 'opened', closed_by: null, closed_at: null });
  });

  it('needs one parameter, and the right to change it', async () => {
    const empty = await api<{ error: string }>(mrs('/1'), tokens.dave, { method: 'PUT', json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/are missing, at least one parameter must be provided$/);
    expect((await api(mrs('/1'), tokens.rita, { method: 'PUT', json: { title: 'x' } })).status).toBe(403);
    expect((await api(mrs('/1'), tokens.gus, { method: 'PUT', json: { title: 'x' } })).status).toBe(403);
  });
});

describe('lists', () => {
  it('filters by state, labels, author, search, draft and iids, with pagination', async () => {
    const all = await api<MrJson[]>(mrs(), tokens.rita);
    expect(all.body.map((m) => m.iid)).toEqual([2, 1]);
    expect(all.headers.get('x-total')).toBe('2');
    const titles = async (query: string) =>
      (await api<MrJson[]>(`${mrs()}?${query}`, tokens.rita)).body.map((m) => m.iid);
    expect(await titles('labels=bug')).toEqual([1]);
    expect(await titles('labels=bug,nope')).toEqual([]);
    expect(await titles('author_username=dave&order_by=title&sort=asc')).toEqual([1, 2]);
    expect(await titles('search=clash')).toEqual([2]);
    expect(await titles('state=closed')).toEqual([]);
    expect(await titles('draft=false&source_branch=feature')).toEqual([1]);
    expect(await titles('iids[]=2')).toEqual([2]);
    expect(await titles('iids=1')).toEqual([1]);
    expect(await titles('per_page=1&page=2')).toEqual([1]);
    const simple = await api<Array<Record<string, unknown>>>(`${mrs()}?view=simple&per_page=1`, tokens.rita);
    expect(Object.keys(simple.body[0]!).sort()).toEqual(
      ['created_at', 'description', 'id', 'iid', 'project_id', 'state', 'title', 'updated_at', 'web_url'].sort(),
    );
  });

  it('global list: created by me by default, assigned and review scopes, none for anonymous', async () => {
    const mine = await api<MrJson[]>('/merge_requests', tokens.dave);
    expect(mine.body.map((m) => m.iid)).toEqual([2, 1]);
    expect((await api<MrJson[]>('/merge_requests?scope=reviews_for_me', tokens.olivia)).body.map((m) => m.iid)).toEqual(
      [1],
    );
    expect((await api<MrJson[]>('/merge_requests?scope=assigned-to-me', tokens.dave)).body.map((m) => m.iid)).toEqual([
      1,
    ]);
    expect((await api<MrJson[]>('/merge_requests?scope=all', tokens.nina)).body).toEqual([]);
    expect((await api('/merge_requests')).status).toBe(401);
    expect((await api<MrJson[]>('/merge_requests?scope=all', tokens.gus)).body).toEqual([]);
    const relative = (await api<MrJson[]>('/merge_requests?scope=all', tokens.rita)).body[0]!;
    expect(relative.references).toMatchObject({ relative: 'olivia/app!2' });
  });
});

describe('pipelines and context commits', () => {
  it('runs a merge request pipeline from the source head, and lists it', async () => {
    expect(await api(mrs('/1/pipelines'), tokens.dave, { method: 'POST' })).toMatchObject({
      status: 400,
      body: { message: { base: ['Missing CI config file'] } },
    });
    featureHead = await commit(
      'feature',
      [{ action: 'create', file_path: '.gitlab-ci.yml', content: 'test:\n  script: npm test\n' }],
      tokens.dave,
    );
    const run = await api<{ id: number; ref: string; sha: string; source: string; status: string }>(
      mrs('/1/pipelines'),
      tokens.dave,
      { method: 'POST' },
    );
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({
      ref: 'refs/merge-requests/1/head',
      sha: featureHead,
      source: 'merge_request_event',
      status: 'pending',
    });
    const list = await api<Array<{ id: number }>>(mrs('/1/pipelines'), tokens.rita);
    expect(list.body.map((p) => p.id)).toEqual([run.body.id]);
    const mr = await api<MrJson>(mrs('/1'), tokens.rita);
    expect(mr.body.head_pipeline).toMatchObject({ id: run.body.id, status: 'pending' });
    expect((await api(mrs('/1/pipelines'), tokens.rita, { method: 'POST' })).status).toBe(403);
  });

  it('adds, lists and removes context commits', async () => {
    const base = mrs('/1/context_commits');
    const readme = (
      await api<Array<{ id: string; title: string }>>(
        `/projects/${projectId}/repository/commits?per_page=100`,
        tokens.olivia,
      )
    ).body.find((c) => c.title === 'Initial commit')!;
    const added = await api<Array<{ id: string }>>(base, tokens.dave, {
      method: 'POST',
      json: { commits: [readme.id] },
    });
    expect(added.status).toBe(201);
    expect(added.body.map((c) => c.id)).toEqual([readme.id]);
    expect((await api<Array<{ id: string }>>(base, tokens.rita)).body.map((c) => c.id)).toEqual([readme.id]);
    expect(await api(base, tokens.dave, { method: 'POST', json: { commits: [readme.id] } })).toMatchObject({
      status: 400,
      body: { message: `Context commits: ["${readme.id}"] are already created` },
    });
    expect(await api(base, tokens.dave, { method: 'POST', json: { commits: ['deadbeef00'] } })).toMatchObject({
      status: 400,
      body: { message: 'Context commits: ["deadbeef00"] are invalid commits' },
    });
    expect((await api(base, tokens.rita, { method: 'POST', json: { commits: [readme.id] } })).status).toBe(403);
    expect((await api(base, tokens.dave, { method: 'DELETE', json: { commits: [readme.id] } })).status).toBe(204);
    expect((await api(base, tokens.rita)).body).toEqual([]);
  });
});

describe('who may see', () => {
  it('hides private merge requests from anonymous users and non-members, and from Guests', async () => {
    expect((await api(mrs())).status).toBe(404);
    expect((await api(mrs('/1'), tokens.nina)).status).toBe(404);
    expect(await api(mrs(), tokens.gus)).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect(
      (await api(mrs(), tokens.gus, { method: 'POST', json: { source_branch: 'a', target_branch: 'b', title: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('shows public merge requests to everyone; only Developers open them', async () => {
    await api(`/projects/${publicId}/repository/branches`, tokens.olivia, {
      method: 'POST',
      json: { branch: 'topic', ref: 'main' },
    });
    await commit('topic', [{ action: 'create', file_path: 't', content: 't' }], tokens.olivia, publicId);
    const created = await api<MrJson>(`/projects/${publicId}/merge_requests`, tokens.olivia, {
      method: 'POST',
      json: { source_branch: 'topic', target_branch: 'main', title: 'Open work' },
    });
    expect(created.status).toBe(201);
    expect((await api<MrJson[]>(`/projects/${publicId}/merge_requests`)).body.map((m) => m.title)).toEqual([
      'Open work',
    ]);
    expect((await api<MrJson[]>('/merge_requests?scope=all')).body.map((m) => m.title)).toEqual(['Open work']);
    expect(
      (
        await api(`/projects/${publicId}/merge_requests`, tokens.nina, {
          method: 'POST',
          json: { source_branch: 'topic', target_branch: 'main', title: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('real clients', () => {
  it('gitbeaker opens and lists merge requests', async () => {
    const gitlab = new Gitlab({ host: server.url, token: tokens.olivia });
    await gitlab.Branches.create(projectId, 'gb', 'main');
    await gitlab.Commits.create(projectId, 'gb', 'gb', [{ action: 'create', filePath: 'gb.txt', content: 'x' }]);
    const created = await gitlab.MergeRequests.create(projectId, 'gb', 'main', 'From gitbeaker', { labels: 'gb' });
    expect(created).toMatchObject({ iid: 3, labels: ['gb'], state: 'opened' });
    const opened = await gitlab.MergeRequests.all({ projectId, state: 'opened', perPage: 1, maxPages: 5 });
    expect(opened.map((m) => m.iid)).toEqual([3, 2, 1]);
  });
});
