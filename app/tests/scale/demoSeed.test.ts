/**
 * The demo seed on a fresh server: what the issue lists is there, read back through the API
 * (users, groups with subgroups and custom emoji, projects with real repositories, 300+ work items
 * of every type with hierarchy and links, the 500-note discussion with award emoji, merge requests
 * with diffs, pipelines with jobs, releases with links, an active broadcast message), and a second
 * run does nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEMO_SEED,
  ISSUES_PER_PROJECT,
  LONG_DISCUSSION_NOTES,
  LONG_HISTORY_COMMITS,
  seedDemo,
  type DemoSeedResult,
} from '../../server/seed/demo.ts';
import { DEMO_GROUPS, DEMO_PROJECTS, DEMO_USERS } from '../../server/seed/demoData.ts';
import { DEMO_EPICS, DEMO_EXTRA_WORK_ITEMS, DEMO_OBJECTIVE } from '../../server/seed/demoWorkItems.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

/** The seed on a loaded 2-core machine (it measures about a minute). */
const SEED_TIMEOUT_MS = 600_000;

let server: TestServer;
let result: DemoSeedResult;

beforeAll(async () => {
  server = await startTestServer();
  result = await seedDemo(server.app);
  console.log(`demo seed: ${Math.round(result.milliseconds)} ms`, result.counts);
}, SEED_TIMEOUT_MS);
afterAll(() => server?.close());

const get = <T>(path: string) => server.request<T>(`/api/v4${path}`, { token: ROOT_TOKEN });
const total = async (path: string) => Number((await get(path)).headers.get('x-total'));

describe(`the ${DEMO_SEED} seed`, () => {
  it('creates the people (signing in with the demo password): one blocked, one busy with a status, one bot', async () => {
    expect(await total('/users?per_page=1')).toBe(DEMO_USERS.length + 1);
    const users = (await get<{ id: number; username: string; state: string }[]>('/users?per_page=100')).body;
    const byName = (username: string) => users.find((user) => user.username === username)!;
    expect(users.filter((user) => user.state === 'blocked').map((user) => user.username)).toEqual([
      'former-contractor',
    ]);
    expect((await get<{ bot: boolean }>(`/users/${byName('release-bot').id}`)).body.bot).toBe(true);
    const signIn = (login: string) =>
      server.request('/users/sign_in', { method: 'POST', json: { user: { login, password: DEMO_PASSWORD } } });
    expect((await signIn('amara')).status).toBeLessThan(400);
    expect((await signIn('former-contractor')).status).toBeGreaterThanOrEqual(400);
    expect((await get(`/users/${byName('amara').id}/status`)).body).toMatchObject({
      availability: 'busy',
      emoji: 'palm_tree',
    });
  });

  it('creates groups with subgroups and custom emoji', async () => {
    const groups = (await get<{ full_path: string }[]>('/groups?per_page=100')).body.map((g) => g.full_path).sort();
    const expected = DEMO_GROUPS.flatMap((g) => [g.path, ...g.subgroups.map((s) => `${g.path}/${s.path}`)]).sort();
    expect(groups).toEqual(expected);
    const emoji = await server.request<{ data: { group: { customEmoji: { nodes: { name: string }[] } } } }>(
      '/api/graphql',
      {
        method: 'POST',
        token: ROOT_TOKEN,
        json: { query: '{ group(fullPath: "forgekit") { customEmoji { nodes { name } } } }' },
      },
    );
    expect(emoji.body.data.group.customEmoji.nodes.map((node) => node.name).sort()).toEqual(['forgekit', 'shipit']);
  });

  it('creates projects with real repositories: README, CI file, branches, tags, a long history', async () => {
    expect(await total('/projects?per_page=1')).toBe(DEMO_PROJECTS.length);
    const id = encodeURIComponent('forgekit/forgekit-ui');
    const readme = await server.request(`/api/v4/projects/${id}/repository/files/README.md/raw?ref=main`, {
      token: ROOT_TOKEN,
    });
    expect(readme.text).toContain('## Getting started');
    const tree = (await get<{ path: string }[]>(`/projects/${id}/repository/tree`)).body.map((entry) => entry.path);
    expect(tree).toEqual(expect.arrayContaining(['.gitlab-ci.yml', 'README.md', 'src', 'docs']));
    expect(await total(`/projects/${id}/repository/commits?per_page=1`)).toBeGreaterThan(LONG_HISTORY_COMMITS);
    const branches = (await get<{ name: string }[]>(`/projects/${id}/repository/branches`)).body.map((b) => b.name);
    expect(branches.sort()).toEqual(['feature/dark-mode', 'fix/pagination', 'main']);
    expect(await total(`/projects/${id}/repository/tags?per_page=1`)).toBeGreaterThan(2);
  });

  it('creates 300+ work items of every type, with parents, children and links', async () => {
    expect(await total('/issues?scope=all&per_page=1')).toBe(
      ISSUES_PER_PROJECT * DEMO_PROJECTS.length + DEMO_EXTRA_WORK_ITEMS,
    );
    for (const type of ['issue', 'incident', 'test_case', 'task'])
      expect(await total(`/issues?scope=all&issue_type=${type}&per_page=1`), type).toBeGreaterThan(0);
    const workItems = await server.request<{
      data: {
        project: {
          workItems: {
            nodes: {
              widgets: {
                type: string;
                parent?: unknown;
                children?: { nodes: unknown[] };
                linkedItems?: { nodes: unknown[] };
              }[];
            }[];
          };
        };
      };
    }>('/api/graphql', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: {
        query: `{ project(fullPath: "forgekit/forgekit-ui") { workItems(first: 100) { nodes { widgets {
          type
          ... on WorkItemWidgetHierarchy { parent { id } children { nodes { id } } }
          ... on WorkItemWidgetLinkedItems { linkedItems { nodes { linkType } } }
        } } } } }`,
      },
    });
    const widgets = workItems.body.data.project.workItems.nodes.flatMap((node) => node.widgets);
    expect(widgets.some((widget) => widget.parent)).toBe(true);
    expect(widgets.some((widget) => (widget.children?.nodes.length ?? 0) > 0)).toBe(true);
    expect(widgets.some((widget) => (widget.linkedItems?.nodes.length ?? 0) > 0)).toBe(true);
  });

  it('gives one issue 500 notes and award emoji, and has labels and milestones', async () => {
    const id = encodeURIComponent('forgekit/forgekit-ui');
    expect(await total(`/projects/${id}/issues/1/notes?per_page=1`)).toBeGreaterThanOrEqual(LONG_DISCUSSION_NOTES);
    expect((await get<unknown[]>(`/projects/${id}/issues/1/award_emoji`)).body.length).toBeGreaterThan(0);
    expect(await total(`/projects/${id}/labels?per_page=1`)).toBeGreaterThan(0);
    expect(await total(`/projects/${id}/milestones?per_page=1`)).toBe(3);
  });

  it('opens merge requests with real diffs, runs pipelines with jobs, publishes releases with links', async () => {
    const id = encodeURIComponent('forgekit/platform/forge-server');
    const changes = await get<{ changes: { new_path: string; diff: string }[] }>(
      `/projects/${id}/merge_requests/1/changes`,
    );
    expect(changes.body.changes.map((change) => change.new_path).sort()).toEqual(['src/dark-mode.ts', 'src/index.ts']);
    const [pipeline] = (await get<{ id: number }[]>(`/projects/${id}/pipelines`)).body;
    expect((await get<unknown[]>(`/projects/${id}/pipelines/${pipeline!.id}/jobs`)).body.length).toBeGreaterThan(0);
    const [release] = (await get<{ tag_name: string; assets: { links: unknown[] } }[]>(`/projects/${id}/releases`))
      .body;
    expect(release).toMatchObject({ tag_name: 'v1.0.0' });
    expect(release!.assets.links).toHaveLength(2);
  });

  it('gives work items widget values: epics with children, key results with progress, threads on the long issue', async () => {
    const query = `query($types: [IssueType!]) { project(fullPath: "forgekit/forgekit-ui") {
      workItems(types: $types, first: 100) { nodes { title confidential widgets {
        ... on WorkItemWidgetHierarchy { children { count } }
        ... on WorkItemWidgetProgress { progress }
        ... on WorkItemWidgetWeight { weight }
        ... on WorkItemWidgetTimeTracking { timeEstimate totalTimeSpent }
        ... on WorkItemWidgetIteration { iteration { iid } }
        ... on WorkItemWidgetNotes { discussions(filter: ONLY_COMMENTS, first: 100) { nodes { resolved notes { count } } } }
      } } } } }`;
    type Node = { title: string; confidential: boolean; widgets: Record<string, unknown>[] };
    const read = async (types: string[]) =>
      (
        await server.request<{ data: { project: { workItems: { nodes: Node[] } } } }>('/api/graphql', {
          method: 'POST',
          token: ROOT_TOKEN,
          json: { query, variables: { types } },
        })
      ).body.data.project.workItems.nodes.map((node) => ({ ...node, values: Object.assign({}, ...node.widgets) }));
    const epics = await read(['EPIC']);
    expect(epics.map((epic) => epic.title).sort()).toEqual(DEMO_EPICS.map((epic) => epic.title).sort());
    expect(epics.every((epic) => epic.values.children.count > 0)).toBe(true);
    expect(epics.find((epic) => epic.confidential)).toBeDefined();
    const keyResults = await read(['KEY_RESULT']);
    expect(keyResults.map((kr) => kr.values.progress).sort()).toEqual(
      DEMO_OBJECTIVE.keyResults.map(([, progress]) => progress).sort(),
    );
    const issues = await read(['ISSUE']);
    expect(issues.some((issue) => issue.values.weight > 0)).toBe(true);
    expect(issues.some((issue) => issue.values.timeEstimate > 0 && issue.values.totalTimeSpent > 0)).toBe(true);
    expect(issues.some((issue) => issue.values.iteration)).toBe(true);
    const threads = issues.flatMap(
      (issue) => issue.values.discussions.nodes as { resolved: boolean; notes: { count: number } }[],
    );
    expect(threads.some((thread) => thread.notes.count > 1 && thread.resolved)).toBe(true);
    expect(await total('/projects/forgekit%2Fforgekit-ui/issues/1/notes?per_page=1')).toBeGreaterThan(
      LONG_DISCUSSION_NOTES,
    );
  });

  it('shows an active broadcast message', async () => {
    const rows = await server.database.db.selectFrom('broadcast_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ends_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('is idempotent: a second run does nothing', async () => {
    expect((await seedDemo(server.app)).seeded).toBe(false);
    expect(await total('/projects?per_page=1')).toBe(DEMO_PROJECTS.length);
  });
});
