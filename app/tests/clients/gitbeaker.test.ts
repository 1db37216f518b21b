/**
 * The real `@gitbeaker/rest` client (GITLAB-API.md §1.2) runs a scripted session against the
 * server: auth, projects with auto-pagination, get by path, issues create/update/close/delete,
 * notes, award emoji, labels, milestones, users, status, follow/unfollow, Markdown, merge
 * requests, releases, pipelines and todos. Each step goes through the client's own request and
 * response handling (content type, Link pagination, error descriptions).
 */
import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** Projects created to make auto-pagination cross several pages of one item. */
const PAGED_PROJECTS = 3;
const README = '# Client session\n\nA project driven by gitbeaker.\n';

let server: TestServer;
let api: InstanceType<typeof Gitlab<false>>;
let friendApi: InstanceType<typeof Gitlab<false>>;
let friend: { id: number; username: string };
let project: { id: number; path_with_namespace: string; default_branch: string };

beforeAll(async () => {
  server = await startTestServer();
  const created = await server.createUser('beaker-friend');
  friend = { id: created.user.id, username: created.user.username };
  api = new Gitlab({ host: server.url, token: ROOT_TOKEN });
  friendApi = new Gitlab({ host: server.url, token: created.token });
});
afterAll(() => server?.close());

describe('gitbeaker session', () => {
  it("authenticates as the token's user", async () => {
    expect(await api.Users.showCurrentUser()).toMatchObject({ username: 'root', is_admin: true });
    expect(await friendApi.Users.showCurrentUser()).toMatchObject({ username: friend.username });
  });

  it('creates projects, pages through them by Link rel="next", and gets one by path', async () => {
    for (let i = 0; i < PAGED_PROJECTS; i += 1) {
      const created = await api.Projects.create({ name: `Beaker ${i}`, initializeWithReadme: i === 0 });
      if (i === 0) project = created as unknown as typeof project;
    }
    const { data, paginationInfo } = await api.Projects.all({ perPage: 1, showExpanded: true, maxPages: 1 });
    expect(data).toHaveLength(1);
    expect(paginationInfo).toMatchObject({ total: PAGED_PROJECTS, perPage: 1, totalPages: PAGED_PROJECTS, next: 2 });
    // Auto-pagination: every page, and it stops (a server that always sent `next` would loop).
    const all = await api.Projects.all({ perPage: 1 });
    expect(all.map((p) => p.name).sort()).toEqual(Array.from({ length: PAGED_PROJECTS }, (_, i) => `Beaker ${i}`));
    const byPath = await api.Projects.show(project.path_with_namespace);
    expect(byPath).toMatchObject({ id: project.id, path_with_namespace: 'root/beaker-0' });
    const simple = await api.Projects.all({ search: 'beaker', simple: true, membership: true, perPage: 20 });
    expect(simple).toHaveLength(PAGED_PROJECTS);
  });

  it('creates, updates, closes and deletes an issue, with notes and award emoji', async () => {
    const issue = await api.Issues.create(project.id, 'Smoke issue', { description: 'hello', labels: 'bug,ui' });
    expect(issue).toMatchObject({ iid: 1, title: 'Smoke issue', labels: ['bug', 'ui'], state: 'opened' });
    const edited = await api.Issues.edit(project.id, issue.iid, { title: 'Changed', stateEvent: 'close' });
    expect(edited).toMatchObject({ title: 'Changed', state: 'closed' });
    const listed = await api.Issues.all({ projectId: project.id, state: 'closed' });
    expect(listed.map((i) => i.iid)).toEqual([issue.iid]);

    const note = await api.IssueNotes.create(project.id, issue.iid, 'a note');
    expect(note).toMatchObject({ body: 'a note', noteable_type: 'Issue', system: false });
    const notes = await api.IssueNotes.all(project.id, issue.iid);
    expect(notes.map((n) => n.body)).toContain('a note');

    const award = await api.IssueAwardEmojis.award(project.id, issue.iid, 'thumbsup');
    expect(award).toMatchObject({ name: 'thumbsup', awardable_type: 'Issue' });
    expect((await api.IssueAwardEmojis.all(project.id, issue.iid)).map((a) => a.name)).toEqual(['thumbsup']);

    const doomed = await api.Issues.create(project.id, 'To delete');
    await expect(api.Issues.remove(project.id, doomed.iid)).resolves.toBeNull();
    await expect(api.Issues.show(doomed.id, { projectId: project.id })).rejects.toThrow(/404/);
  });

  it('reports the server error message through GitbeakerRequestError', async () => {
    await expect(api.Issues.create(project.id, '')).rejects.toMatchObject({
      cause: { description: expect.stringContaining('title') },
    });
  });

  it('manages project and group labels and milestones', async () => {
    const label = await api.ProjectLabels.create(project.id, 'priority', '#FF0000');
    expect(label).toMatchObject({ name: 'priority', color: '#FF0000', text_color: '#FFFFFF' });
    expect((await api.ProjectLabels.all(project.id)).map((l) => l.name)).toContain('priority');
    const group = await api.Groups.create('Beakers', 'beakers');
    const groupLabel = await api.GroupLabels.create(group.id, 'team', '#00FF00');
    expect(groupLabel).toMatchObject({ name: 'team' });
    const milestone = await api.ProjectMilestones.create(project.id, 'v1.0', { dueDate: '2030-01-01' });
    expect(milestone).toMatchObject({ title: 'v1.0', state: 'active', project_id: project.id });
    expect(await api.ProjectMilestones.all(project.id)).toHaveLength(1);
  });

  it('reads users, sets a status, follows and unfollows', async () => {
    const found = await api.Users.all({ search: 'beaker' });
    expect(found.map((u) => u.username)).toEqual([friend.username]);
    expect(await api.Users.show(friend.id)).toMatchObject({ username: friend.username });

    const status = await api.Users.editStatus({ emoji: 'coffee', message: 'busy', clearStatusAfter: '30_minutes' });
    expect(status).toMatchObject({ emoji: 'coffee', message: 'busy' });
    expect(await api.Users.showStatus()).toMatchObject({ emoji: 'coffee' });
    expect(await api.Users.showStatus({ iDOrUsername: 1 })).toMatchObject({ message: 'busy' });

    expect(await api.Users.follow(friend.id)).toMatchObject({ username: friend.username });
    expect((await api.Users.allFollowers(friend.id)).map((u) => u.username)).toEqual(['root']);
    await api.Users.unfollow(friend.id);
    expect(await api.Users.allFollowers(friend.id)).toEqual([]);
    const counts = await friendApi.Users.showCount();
    expect(counts).toMatchObject({ assigned_issues: expect.any(Number) });
  });

  it('renders Markdown with references', async () => {
    const rendered = await api.Markdown.render('**hi** #1 :tada:', {
      gfm: 'true',
      project: project.path_with_namespace,
    });
    expect(rendered.html).toContain('<strong>hi</strong>');
    expect(rendered.html).toContain('data-name="tada"');
  });

  it('commits to a branch and opens a merge request with its diff', async () => {
    await api.Branches.create(project.id, 'feature', project.default_branch);
    await api.Commits.create(project.id, 'feature', 'Add a file', [
      { action: 'create', filePath: 'docs/guide.md', content: '# Guide\n' },
      { action: 'update', filePath: 'README.md', content: README },
    ]);
    const mr = await api.MergeRequests.create(project.id, 'feature', project.default_branch, 'Add a guide');
    expect(mr).toMatchObject({ iid: 1, state: 'opened', source_branch: 'feature' });
    // GitLab's current endpoint (`/diffs`); gitbeaker warns that `showChanges` (`/changes`) is
    // deprecated. The contract tests cover both.
    const diffs = await api.MergeRequests.allDiffs(project.id, mr.iid);
    expect(diffs.map((diff) => [diff.new_path, diff.new_file])).toEqual([
      ['README.md', false],
      ['docs/guide.md', true],
    ]);
    expect(diffs[1]!.diff).toContain('+# Guide');
    const listed = await api.MergeRequests.all({ projectId: project.id, state: 'opened' });
    expect(listed.map((m) => m.title)).toEqual(['Add a guide']);
    const mine = await api.MergeRequests.all({ scope: 'created_by_me' });
    expect(mine.map((m) => m.iid)).toEqual([mr.iid]);
  });

  it('creates a release with a link, and a pipeline', async () => {
    const release = await api.ProjectReleases.create(project.id, {
      tagName: 'v1.0.0',
      ref: project.default_branch,
      name: 'First',
      description: 'The first release',
      assets: { links: [{ name: 'Binary', url: 'https://example.com/binary' }] },
    });
    expect(release).toMatchObject({ tag_name: 'v1.0.0', name: 'First' });
    expect((await api.ProjectReleases.all(project.id)).map((r) => r.tag_name)).toEqual(['v1.0.0']);

    await api.Commits.create(project.id, project.default_branch, 'CI', [
      { action: 'create', filePath: '.gitlab-ci.yml', content: 'test:\n  script: echo ok\n' },
    ]);
    const pipeline = await api.Pipelines.create(project.id, project.default_branch);
    expect(pipeline).toMatchObject({ ref: project.default_branch, project_id: project.id });
    expect((await api.Pipelines.all(project.id)).map((p) => p.id)).toContain(pipeline.id);
  });

  it('lists and completes todos', async () => {
    const issue = await api.Issues.create(project.id, 'Remember me');
    expect(await api.Issues.createTodo(project.id, issue.iid)).toMatchObject({ action_name: 'marked' });
    const todos = await api.TodoLists.all();
    expect(todos.map((todo) => [todo.target_type, todo.state])).toEqual([['Issue', 'pending']]);
    await api.TodoLists.done();
    expect(await api.TodoLists.all()).toEqual([]);
  });
});
