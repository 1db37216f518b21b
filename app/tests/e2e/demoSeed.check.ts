/**
 * The demo seed as `npm run app -- --seed demo` leaves it, read back through the API of the server
 * that seeded the end-to-end data (run.mjs runs this while that server listens, before any spec
 * changes the data): the people, groups with subgroups and custom emoji, projects with real
 * repositories, 300+ work items of every type with hierarchy and links, the 500-note discussion with
 * award emoji, merge requests with diffs, pipelines with jobs, releases with links, an active
 * broadcast message. run.mjs then starts the server again on the same data: the seed does nothing.
 *
 *   FORGEKIT_DEMO_URL=http://127.0.0.1:PORT node --import tsx --test app/tests/e2e/demoSeed.check.ts
 *
 * Here and not in the contract tests: the seed takes a minute of CPU, which the end-to-end data
 * needs anyway.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { XSRF_COOKIE } from '../../server/http/auth.ts';
import {
  DEMO_PASSWORD,
  DEMO_SEED,
  ISSUES_PER_PROJECT,
  LONG_DISCUSSION_NOTES,
  LONG_HISTORY_COMMITS,
} from '../../server/seed/demo.ts';
import { DEMO_GROUPS, DEMO_PROJECTS, DEMO_USERS } from '../../server/seed/demoData.ts';
import { DEMO_EPICS, DEMO_EXTRA_WORK_ITEMS, DEMO_OBJECTIVE } from '../../server/seed/demoWorkItems.ts';
import { E2E_ROOT_PASSWORD } from './constants.ts';

const url = process.env.FORGEKIT_DEMO_URL;
if (!url) throw new Error('FORGEKIT_DEMO_URL: the address of a server seeded with the demo');

/** The signed-in administrator's cookies (session and CSRF), as a `cookie` header. */
let cookies = '';
let csrfToken = '';

/** Signs in through the sign-in endpoint's JSON form; the session's cookies, or null when refused. */
async function signIn(login: string, password: string): Promise<string[] | null> {
  const response = await fetch(`${url}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
    redirect: 'manual',
  });
  return response.ok ? response.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf(';'))) : null;
}

async function get<T>(path: string): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(`${url}/api/v4${path}`, { headers: { cookie: cookies } });
  assert.equal(response.status, 200, `GET ${path}`);
  return { body: (await response.json()) as T, headers: response.headers };
}

const total = async (path: string) => Number((await get(path)).headers.get('x-total'));

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { cookie: cookies, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify({ query, variables }),
  });
  const { data, errors } = (await response.json()) as { data: T; errors?: unknown[] };
  assert.equal(errors, undefined, JSON.stringify(errors));
  return data;
}

before(async () => {
  const session = await signIn('root', E2E_ROOT_PASSWORD);
  assert.ok(session, 'root signs in');
  cookies = session.join('; ');
  const xsrf = session.find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`));
  csrfToken = decodeURIComponent(xsrf?.slice(XSRF_COOKIE.length + 1) ?? '');
});

describe(`the ${DEMO_SEED} seed`, () => {
  test('creates the people (signing in with the demo password): one blocked, one busy with a status, one bot', async () => {
    assert.equal(await total('/users?per_page=1'), DEMO_USERS.length + 1);
    const users = (await get<{ id: number; username: string; state: string }[]>('/users?per_page=100')).body;
    const byName = (username: string) => users.find((user) => user.username === username)!;
    assert.deepEqual(
      users.filter((user) => user.state === 'blocked').map((user) => user.username),
      ['former-contractor'],
    );
    assert.equal((await get<{ bot: boolean }>(`/users/${byName('release-bot').id}`)).body.bot, true);
    assert.ok(await signIn('amara', DEMO_PASSWORD), 'amara signs in');
    assert.equal(await signIn('former-contractor', DEMO_PASSWORD), null, 'a blocked user does not');
    const status = (await get<{ availability: string; emoji: string }>(`/users/${byName('amara').id}/status`)).body;
    assert.equal(status.availability, 'busy');
    assert.equal(status.emoji, 'palm_tree');
  });

  test('creates groups with subgroups and custom emoji', async () => {
    const groups = (await get<{ full_path: string }[]>('/groups?per_page=100')).body.map((g) => g.full_path).sort();
    const expected = DEMO_GROUPS.flatMap((g) => [g.path, ...g.subgroups.map((s) => `${g.path}/${s.path}`)]).sort();
    assert.deepEqual(groups, expected);
    const { group } = await graphql<{ group: { customEmoji: { nodes: { name: string }[] } } }>(
      '{ group(fullPath: "forgekit") { customEmoji { nodes { name } } } }',
    );
    assert.deepEqual(group.customEmoji.nodes.map((node) => node.name).sort(), ['forgekit', 'shipit']);
  });

  test('creates projects with real repositories: README, CI file, branches, tags, a long history', async () => {
    assert.equal(await total('/projects?per_page=1'), DEMO_PROJECTS.length);
    const id = encodeURIComponent('forgekit/forgekit-ui');
    const readme = await fetch(`${url}/api/v4/projects/${id}/repository/files/README.md/raw?ref=main`, {
      headers: { cookie: cookies },
    });
    assert.match(await readme.text(), /## Getting started/);
    const tree = (await get<{ path: string }[]>(`/projects/${id}/repository/tree`)).body.map((entry) => entry.path);
    for (const path of ['.gitlab-ci.yml', 'README.md', 'src', 'docs']) assert.ok(tree.includes(path), path);
    assert.ok((await total(`/projects/${id}/repository/commits?per_page=1`)) > LONG_HISTORY_COMMITS);
    const branches = (await get<{ name: string }[]>(`/projects/${id}/repository/branches`)).body.map((b) => b.name);
    assert.deepEqual(branches.sort(), ['feature/dark-mode', 'fix/pagination', 'main']);
    assert.ok((await total(`/projects/${id}/repository/tags?per_page=1`)) > 2);
  });

  test('creates 300+ work items of every type, with parents, children and links', async () => {
    assert.equal(
      await total('/issues?scope=all&per_page=1'),
      ISSUES_PER_PROJECT * DEMO_PROJECTS.length + DEMO_EXTRA_WORK_ITEMS,
    );
    for (const type of ['issue', 'incident', 'test_case', 'task'])
      assert.ok((await total(`/issues?scope=all&issue_type=${type}&per_page=1`)) > 0, type);
    type Widget = { parent?: unknown; children?: { nodes: unknown[] }; linkedItems?: { nodes: unknown[] } };
    const { project } = await graphql<{ project: { workItems: { nodes: { widgets: Widget[] }[] } } }>(`
      {
        project(fullPath: "forgekit/forgekit-ui") {
          workItems(first: 100) {
            nodes {
              widgets {
                type
                ... on WorkItemWidgetHierarchy {
                  parent {
                    id
                  }
                  children {
                    nodes {
                      id
                    }
                  }
                }
                ... on WorkItemWidgetLinkedItems {
                  linkedItems {
                    nodes {
                      linkType
                    }
                  }
                }
              }
            }
          }
        }
      }
    `);
    const widgets = project.workItems.nodes.flatMap((node) => node.widgets);
    assert.ok(
      widgets.some((widget) => widget.parent),
      'a parent',
    );
    assert.ok(
      widgets.some((widget) => (widget.children?.nodes.length ?? 0) > 0),
      'children',
    );
    assert.ok(
      widgets.some((widget) => (widget.linkedItems?.nodes.length ?? 0) > 0),
      'linked items',
    );
  });

  test('gives one issue 500 notes and award emoji, and has labels and milestones', async () => {
    const id = encodeURIComponent('forgekit/forgekit-ui');
    assert.ok((await total(`/projects/${id}/issues/1/notes?per_page=1`)) > LONG_DISCUSSION_NOTES);
    assert.ok((await get<unknown[]>(`/projects/${id}/issues/1/award_emoji`)).body.length > 0);
    assert.ok((await total(`/projects/${id}/labels?per_page=1`)) > 0);
    assert.equal(await total(`/projects/${id}/milestones?per_page=1`), 3);
  });

  test('opens merge requests with real diffs, runs pipelines with jobs, publishes releases with links', async () => {
    const id = encodeURIComponent('forgekit/platform/forge-server');
    const changes = await get<{ changes: { new_path: string }[] }>(`/projects/${id}/merge_requests/1/changes`);
    assert.deepEqual(changes.body.changes.map((change) => change.new_path).sort(), [
      'src/dark-mode.ts',
      'src/index.ts',
    ]);
    const [pipeline] = (await get<{ id: number }[]>(`/projects/${id}/pipelines`)).body;
    assert.ok((await get<unknown[]>(`/projects/${id}/pipelines/${pipeline!.id}/jobs`)).body.length > 0);
    const [release] = (await get<{ tag_name: string; assets: { links: unknown[] } }[]>(`/projects/${id}/releases`))
      .body;
    assert.equal(release?.tag_name, 'v1.0.0');
    assert.equal(release.assets.links.length, 2);
  });

  test('gives work items widget values: epics with children, key results with progress, threads on the long issue', async () => {
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
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a work item's widgets merged into one bag of values
    type Values = Record<string, any>;
    const read = async (types: string[]) =>
      (await graphql<{ project: { workItems: { nodes: Node[] } } }>(query, { types })).project.workItems.nodes.map(
        (node) => ({ ...node, values: Object.assign({}, ...node.widgets) as Values }),
      );
    const epics = await read(['EPIC']);
    assert.deepEqual(epics.map((epic) => epic.title).sort(), DEMO_EPICS.map((epic) => epic.title).sort());
    assert.ok(
      epics.every((epic) => epic.values.children.count > 0),
      'every epic has children',
    );
    assert.ok(
      epics.some((epic) => epic.confidential),
      'a confidential epic',
    );
    const keyResults = await read(['KEY_RESULT']);
    assert.deepEqual(
      keyResults.map((kr) => kr.values.progress).sort(),
      DEMO_OBJECTIVE.keyResults.map(([, progress]) => progress).sort(),
    );
    const issues = await read(['ISSUE']);
    assert.ok(
      issues.some((issue) => issue.values.weight > 0),
      'a weight',
    );
    assert.ok(
      issues.some((issue) => issue.values.timeEstimate > 0 && issue.values.totalTimeSpent > 0),
      'time tracked',
    );
    assert.ok(
      issues.some((issue) => issue.values.iteration),
      'an iteration',
    );
    const threads = issues.flatMap(
      (issue) => issue.values.discussions.nodes as { resolved: boolean; notes: { count: number } }[],
    );
    assert.ok(
      threads.some((thread) => thread.notes.count > 1 && thread.resolved),
      'a resolved thread',
    );
  });

  test('shows an active broadcast message', async () => {
    const messages = (await get<{ ends_at: string; active: boolean }[]>('/broadcast_messages')).body;
    assert.equal(messages.length, 1);
    assert.ok(new Date(messages[0]!.ends_at).getTime() > Date.now(), 'it ends later');
    assert.equal(messages[0]!.active, true);
  });
});
