/**
 * Round trips per GraphQL work item request, counted at the database (not timed), for the query
 * `npm run bench:server` measures (a work item with its hierarchy widget's children): who is
 * asking, the work item, its project with the asker's role, and the children with what shows them.
 * The count must not grow with the children, nor with the asker's kind (an administrator skips the
 * role lookup, a member does not): a query per child, per project or per permission check would be
 * caught here. Fifty concurrent requests (the bench's connections) on the embedded database all
 * answer 200, each with its own work item and children.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_ITEM_QUERY } from '../../../bench/serverWorkItemQuery.ts';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';
import { onEveryQuery } from '../helpers/queryCount.ts';

/** Token and user; the work item; its project, namespace and the asker's role; the children. */
export const WORK_ITEM_QUERY_ROUND_TRIPS = 4;
/**
 * A project's work item list with labels, milestone, assignees and hierarchy: token and user, the
 * project by path with its namespace and the asker's role, the page's total, the page, then one
 * query per widget table for the whole page (children, parent links, labels, users, milestones)
 * and the parents' items, whatever the page's length.
 */
export const WORK_ITEM_LIST_ROUND_TRIPS = 10;
/** Children of the counted work item: several, so a query per child shows. */
const CHILDREN = 3;
/** Concurrent requests, as the bench's connections. */
const CONNECTIONS = 50;
/** Rounds of them: the batches of one request must never mix with another's. */
const ROUNDS = 3;
/** GitLab's global id of the Task work item type. */
const TASK_TYPE_ID = 'gid://gitlab/WorkItems::Type/5';

interface WorkItemAnswer {
  data?: {
    workItem: {
      title: string;
      widgets: { type: string; hasChildren?: boolean; children?: { nodes: { title: string }[] } }[];
    } | null;
  };
  errors?: unknown[];
}

/** A project's work items with the widgets a list shows (labels, milestone, assignees, hierarchy). */
const LIST_QUERY = `query list($path: ID!, $first: Int) { project(fullPath: $path) { workItems(first: $first) { nodes {
  title widgets {
    ... on WorkItemWidgetLabels { labels { nodes { title } } }
    ... on WorkItemWidgetMilestone { milestone { title } }
    ... on WorkItemWidgetAssignees { assignees { nodes { username } } }
    ... on WorkItemWidgetHierarchy { hasChildren parent { title } }
  } } } } }`;

let server: TestServer;
let projectPath: string;
let memberToken: string;
let parentId: number;
let leafId: number;
/** Queries the embedded database ran since the last reset. */
let queries = 0;

beforeAll(async () => {
  server = await startTestServer();
  const member = await server.createUser('counted-member');
  memberToken = member.token;
  const rest = async <T>(path: string, json: unknown) => {
    const response = await server.request<T>(`/api/v4${path}`, { method: 'POST', token: ROOT_TOKEN, json });
    expect(response.status, response.text).toBe(201);
    return response.body;
  };
  // Private throughout: the member reads it through a role, not through its visibility.
  const group = await rest<{ id: number }>('/groups', { name: 'Counted', path: 'counted', visibility: 'private' });
  const project = await rest<{ id: number; path_with_namespace: string }>('/projects', {
    name: 'Work',
    namespace_id: group.id,
    visibility: 'private',
  });
  await rest(`/groups/${group.id}/members`, { user_id: member.user.id, access_level: ACCESS_LEVEL.DEVELOPER });
  projectPath = project.path_with_namespace;
  const milestone = await rest<{ id: number }>(`/projects/${project.id}/milestones`, { title: 'M1' });
  // Every item of the list shows the same widget values, so a page of one reads every widget table.
  const values = { labels: 'bug,ui', milestone_id: milestone.id, assignee_ids: [member.user.id] };
  const parent = await rest<{ id: number }>(`/projects/${project.id}/issues`, { title: 'Parent', ...values });
  parentId = parent.id;
  for (let n = 1; n <= CHILDREN; n += 1) {
    const created = await server.request<{ data: { workItemCreate: { workItem: { id: string } } } }>('/api/graphql', {
      method: 'POST',
      token: ROOT_TOKEN,
      json: {
        query: `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { workItem { id } } }`,
        variables: {
          input: {
            projectPath: project.path_with_namespace,
            title: `Child ${n}`,
            workItemTypeId: TASK_TYPE_ID,
            hierarchyWidget: { parentId: `gid://gitlab/WorkItem/${parent.id}` },
          },
        },
      },
    });
    leafId = Number(created.body.data.workItemCreate.workItem.id.split('/').pop());
    const iid = n + 1;
    const updated = await server.request(`/api/v4/projects/${project.id}/issues/${iid}`, {
      method: 'PUT',
      token: ROOT_TOKEN,
      json: values,
    });
    expect(updated.status, updated.text).toBe(200);
  }
  onEveryQuery(server.database, () => (queries += 1));
});
afterAll(() => server.close());

/** The bench's query for the work item `id`, as `token`'s owner, with the queries it ran. */
async function counted(id: number, token: string) {
  queries = 0;
  const response = await server.request<WorkItemAnswer>('/api/graphql', {
    method: 'POST',
    token,
    json: { query: WORK_ITEM_QUERY, variables: { id: `gid://gitlab/WorkItem/${id}` } },
  });
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  const hierarchy = response.body.data!.workItem!.widgets.find((widget) => widget.type === 'HIERARCHY');
  return { title: response.body.data!.workItem!.title, hierarchy, queries };
}

describe("the bench's GraphQL work item query", () => {
  it.each([
    ['an administrator (the bench)', ROOT_TOKEN],
    ['a Developer of the private group', 'member'],
  ])(`runs ${WORK_ITEM_QUERY_ROUND_TRIPS} queries for ${CHILDREN} children or none, asked by %s`, async (_, asker) => {
    const token = asker === 'member' ? memberToken : asker;
    const parent = await counted(parentId, token);
    // What the widget shows came with it (not from extra queries left out of the count).
    expect(parent.title).toBe('Parent');
    expect(parent.hierarchy).toMatchObject({
      type: 'HIERARCHY',
      hasChildren: true,
      children: { nodes: Array.from({ length: CHILDREN }, (_, n) => ({ title: `Child ${n + 1}` })) },
    });
    expect(parent.queries, 'queries for the parent').toBe(WORK_ITEM_QUERY_ROUND_TRIPS);
    const leaf = await counted(leafId, token);
    expect(leaf.hierarchy).toEqual({ type: 'HIERARCHY', hasChildren: false, children: { nodes: [] } });
    expect(leaf.queries, 'queries for the leaf').toBe(WORK_ITEM_QUERY_ROUND_TRIPS);
  });
});

describe("a project's work item list", () => {
  it(`runs ${WORK_ITEM_LIST_ROUND_TRIPS} queries for a page of 1 or ${CHILDREN + 1} items with their widgets`, async () => {
    const list = async (first: number) => {
      queries = 0;
      const response = await server.request<{
        data: { project: { workItems: { nodes: { title: string; widgets: Record<string, unknown>[] }[] } } };
      }>('/api/graphql', {
        method: 'POST',
        token: memberToken,
        json: { query: LIST_QUERY, variables: { path: projectPath, first } },
      });
      expect(response.status).toBe(200);
      return { nodes: response.body.data.project.workItems.nodes, queries };
    };
    const one = await list(1);
    const all = await list(CHILDREN + 1);
    expect(all.nodes).toHaveLength(CHILDREN + 1);
    // What the widgets show came with the list (not from extra queries left out of the count).
    const parent = all.nodes.find((node) => node.title === 'Parent')!;
    expect(parent.widgets).toEqual(
      expect.arrayContaining([
        { labels: { nodes: [{ title: 'bug' }, { title: 'ui' }] } },
        { milestone: { title: 'M1' } },
        { assignees: { nodes: [{ username: 'counted-member' }] } },
        { hasChildren: true, parent: null },
      ]),
    );
    const child = all.nodes.find((node) => node.title === 'Child 1')!;
    expect(child.widgets).toEqual(
      expect.arrayContaining([
        { labels: { nodes: [{ title: 'bug' }, { title: 'ui' }] } },
        { hasChildren: false, parent: { title: 'Parent' } },
      ]),
    );
    expect(one.queries, 'queries for a page of 1').toBe(WORK_ITEM_LIST_ROUND_TRIPS);
    expect(all.queries, `queries for a page of ${CHILDREN + 1}`).toBe(WORK_ITEM_LIST_ROUND_TRIPS);
  });
});

describe('the work item query under concurrency', () => {
  it(`answers ${CONNECTIONS} concurrent requests ${ROUNDS} times, all 200, each with its own item`, async () => {
    const items = [
      { id: parentId, title: 'Parent', children: CHILDREN },
      { id: leafId, title: `Child ${CHILDREN}`, children: 0 },
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      const asked = Array.from({ length: CONNECTIONS }, (_, n) => items[n % items.length]!);
      const answers = await Promise.all(asked.map((item, n) => counted(item.id, n % 2 ? memberToken : ROOT_TOKEN)));
      expect(answers.map(({ title, hierarchy }) => ({ title, children: hierarchy?.children?.nodes.length }))).toEqual(
        asked.map(({ title, children }) => ({ title, children })),
      );
    }
  });
});
