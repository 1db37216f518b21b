/**
 * Group epics (group work items, decision 016) against the real server and database: creation
 * with a group `namespacePath` and iids per group, `Group.workItems` with its filters, sorts and
 * state counts, `Group.workItem` / `Namespace.workItem`, updates, notes and the hierarchy (issues
 * of the group's projects and epics under an epic), the REST epic list, and who sees what: anonymous
 * on a public group, a Guest, a non-member on a private subgroup, confidential epics.
 * The fixture's people: olivia Owner, rita Reporter, gus Guest of `acme`; nina no member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_HIERARCHY_ERROR } from '../../server/domain/groupWorkItems.ts';
import { RESOURCE_NOT_AVAILABLE } from '../../server/graphql/resolvers/mutations.ts';
import { GROUP_PERMISSIONS } from '../../src/pages/groups/epics/constants.ts';
import { startIssuableFixture, type IssuableFixture, type Person } from '../helpers/issuables.ts';

interface GqlResult<T> {
  data?: T;
  errors?: { message: string }[];
}

let fixture: IssuableFixture;
const gid = (model: string, id: number | string) => `gid://gitlab/${model}/${id}`;
/** GitLab's seeded work item type ids. */
const EPIC_TYPE = gid('WorkItems::Type', 8);
const ISSUE_TYPE = gid('WorkItems::Type', 1);
/** The fixture's private subgroup (Guest gus and Reporter rita inherit their `acme` roles). */
const PRIVATE_PATH = 'acme/hidden';

async function gql<T>(query: string, variables: object, person?: Person) {
  const response = await fixture.server.request<GqlResult<T>>('/api/graphql', {
    method: 'POST',
    token: person ? fixture.tokens[person] : undefined,
    json: { query, variables },
  });
  return response.body;
}

interface CreatedItem {
  id: string;
  iid: string;
  webUrl: string;
  reference: string;
  project: null | { fullPath: string };
  namespace: { fullPath: string };
}
const CREATE = `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) {
  errors workItem { id iid webUrl reference(full: true) project { fullPath } namespace { fullPath } } } }`;

async function createIn(person: Person, namespacePath: string, title: string, extra: object = {}) {
  return gql<{ workItemCreate: { errors: string[]; workItem: CreatedItem | null } }>(
    CREATE,
    { input: { namespacePath, title, workItemTypeId: EPIC_TYPE, ...extra } },
    person,
  );
}

async function epic(person: Person, namespacePath: string, title: string, extra: object = {}) {
  const result = await createIn(person, namespacePath, title, extra);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  expect(result.data!.workItemCreate.errors).toEqual([]);
  return result.data!.workItemCreate.workItem!;
}

const LIST = `query($fullPath: ID!, $state: IssuableState, $search: String, $sort: WorkItemSort, $first: Int) {
  group(fullPath: $fullPath) {
    workItems(types: [EPIC], state: $state, search: $search, sort: $sort, first: $first) { count nodes { iid title } }
    workItemStateCounts(types: [EPIC], search: $search) { all opened closed } } }`;
type List = {
  group: {
    workItems: { count: number; nodes: { iid: string; title: string }[] };
    workItemStateCounts: { all: number; opened: number; closed: number };
  } | null;
};
async function list(person: Person | undefined, fullPath: string, variables: object = {}) {
  const result = await gql<List>(LIST, { fullPath, ...variables }, person);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.group;
}
const titles = (group: List['group']) => group!.workItems.nodes.map((node) => node.title);

const UPDATE = `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors workItem { state } } }`;
async function update(person: Person, input: object) {
  return gql<{ workItemUpdate: { errors: string[]; workItem: { state: string } | null } }>(UPDATE, { input }, person);
}

const ONE = `query($fullPath: ID!, $iid: String!) {
  group(fullPath: $fullPath) { workItem(iid: $iid) { title confidential } }
  namespace(fullPath: $fullPath) { workItem(iid: $iid) { title } } }`;
async function one(person: Person | undefined, fullPath: string, iid: string) {
  const result = await gql<{
    group: { workItem: { title: string } | null } | null;
    namespace: { workItem: { title: string } | null } | null;
  }>(ONE, { fullPath, iid }, person);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!;
}

let roadmap: CreatedItem;
let secret: CreatedItem;
let hiddenEpic: CreatedItem;

beforeAll(async () => {
  fixture = await startIssuableFixture();
  const hidden = await fixture.api<{ id: number }>('/groups', fixture.tokens.olivia, {
    method: 'POST',
    json: { name: 'Hidden', path: 'hidden', parent_id: fixture.groupId, visibility: 'private' },
  });
  expect(hidden.status).toBe(201);
  roadmap = await epic('rita', 'acme', 'Roadmap', { descriptionWidget: { description: 'The **plan**' } });
  secret = await epic('rita', 'acme', 'Secret plans', { confidential: true });
  hiddenEpic = await epic('olivia', PRIVATE_PATH, 'Hidden epic');
});
afterAll(() => fixture.server.close());

describe('creating epics', () => {
  it('creates an epic in a group, numbered per group, linked to the epic page', async () => {
    expect(roadmap).toMatchObject({
      iid: '1',
      webUrl: `${fixture.server.url}/groups/acme/-/epics/1`,
      reference: 'acme&1',
      project: null,
      namespace: { fullPath: 'acme' },
    });
    expect(secret.iid).toBe('2');
    // Another group counts its own iids, and a project's issues keep theirs.
    expect(hiddenEpic.iid).toBe('1');
  });

  it('tells the list page who may create epics', async () => {
    const may = async (person?: Person) =>
      (
        await gql<{ group: { userPermissions: { createWorkItem: boolean } } }>(
          GROUP_PERMISSIONS,
          { fullPath: 'acme' },
          person,
        )
      ).data!.group.userPermissions.createWorkItem;
    expect([await may('rita'), await may('gus'), await may('nina'), await may()]).toEqual([true, false, false, false]);
  });

  it('refuses epics to Guests and non-members, and other types in a group', async () => {
    for (const person of ['gus', 'nina'] as const) {
      const result = await createIn(person, 'acme', 'Not allowed');
      expect(result.errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
    }
    const issue = await gql<{ workItemCreate: { errors: string[] } }>(
      CREATE,
      { input: { namespacePath: 'acme', title: 'An issue in a group', workItemTypeId: ISSUE_TYPE } },
      'rita',
    );
    expect(issue.data!.workItemCreate.errors).toEqual(['Work item type is not supported']);
  });
});

describe('reading epics', () => {
  it('lists the group epics with counts, search and sort', async () => {
    await epic('rita', 'acme', 'Another plan');
    const group = await list('rita', 'acme', { sort: 'TITLE_ASC' });
    expect(titles(group)).toEqual(['Another plan', 'Roadmap', 'Secret plans']);
    expect(group!.workItems.count).toBe(3);
    expect(group!.workItemStateCounts).toEqual({ all: 3, opened: 3, closed: 0 });
    // The search reads titles and descriptions ('The **plan**').
    expect(titles(await list('rita', 'acme', { search: 'PLAN', sort: 'TITLE_DESC' }))).toEqual([
      'Secret plans',
      'Roadmap',
      'Another plan',
    ]);
    expect(titles(await list('rita', 'acme', { search: 'nothing like it' }))).toEqual([]);
  });

  it('shows anonymous visitors and Guests the public epics of a public group only', async () => {
    for (const person of [undefined, 'gus', 'nina'] as const) {
      const group = await list(person, 'acme', { sort: 'TITLE_ASC' });
      expect(titles(group)).not.toContain('Secret plans');
      expect(group!.workItemStateCounts.all).toBe(2);
      expect((await one(person, 'acme', secret.iid)).group!.workItem).toBeNull();
      expect((await one(person, 'acme', roadmap.iid)).namespace!.workItem).toEqual({ title: 'Roadmap' });
    }
    expect((await one('rita', 'acme', secret.iid)).group!.workItem).toEqual({
      title: 'Secret plans',
      confidential: true,
    });
  });

  it('shows a confidential epic to its assignees', async () => {
    const assigned = await update('rita', {
      id: secret.id,
      assigneesWidget: { assigneeIds: [gid('User', fixture.ids.gus)] },
    });
    expect(assigned.data!.workItemUpdate.errors).toEqual([]);
    expect((await one('gus', 'acme', secret.iid)).group!.workItem).toMatchObject({ title: 'Secret plans' });
    expect((await one('nina', 'acme', secret.iid)).group!.workItem).toBeNull();
  });

  it('hides a private group and its epics from non-members, not from inherited members', async () => {
    expect(await list(undefined, PRIVATE_PATH)).toBeNull();
    expect(await list('nina', PRIVATE_PATH)).toBeNull();
    const byId = await gql<{ workItem: unknown }>(`query($id: WorkItemID!) { workItem(id: $id) { title } }`, {
      id: hiddenEpic.id,
    });
    expect(byId.data!.workItem).toBeNull();
    expect(titles(await list('gus', PRIVATE_PATH))).toEqual(['Hidden epic']);
  });
});

describe('changing epics', () => {
  const CHILDREN = `query($id: WorkItemID!) { workItem(id: $id) { widgets { ... on WorkItemWidgetHierarchy {
    children { nodes { title workItemType { name } } } } } } }`;
  const childrenOf = async (id: string) => {
    const result = await gql<{ workItem: { widgets: { children?: { nodes: { title: string }[] } }[] } }>(
      CHILDREN,
      { id },
      'rita',
    );
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data!.workItem.widgets.find((widget) => widget.children)!.children!.nodes.map((n) => n.title);
  };

  it("takes issues of the group's projects and epics of its subgroups as children", async () => {
    const issue = await fixture.api<{ id: number }>(
      `/projects/${fixture.publicProject.id}/issues`,
      fixture.tokens.rita,
      {
        method: 'POST',
        json: { title: 'Child issue' },
      },
    );
    const added = await update('rita', {
      id: roadmap.id,
      hierarchyWidget: { childrenIds: [gid('WorkItem', issue.body.id), hiddenEpic.id] },
    });
    expect(added.data!.workItemUpdate.errors).toEqual([]);
    expect(await childrenOf(roadmap.id)).toEqual(['Child issue', 'Hidden epic']);
  });

  it('refuses a child from outside the group hierarchy', async () => {
    const other = await fixture.api<{ id: number }>('/groups', fixture.tokens.rita, {
      method: 'POST',
      json: { name: 'Other', path: 'other-group', visibility: 'public' },
    });
    const outsider = await epic('rita', 'other-group', 'Elsewhere');
    expect(other.status).toBe(201);
    const refused = await update('rita', { id: roadmap.id, hierarchyWidget: { childrenIds: [outsider.id] } });
    expect(refused.data!.workItemUpdate.errors).toEqual([`Work item ${GROUP_HIERARCHY_ERROR}`]);
  });

  it('takes comments from Guests and closes for Reporters', async () => {
    const note = await gql<{ createNote: { errors: string[]; note: { body: string } | null } }>(
      `mutation($input: CreateNoteInput!) { createNote(input: $input) { errors note { body } } }`,
      { input: { noteableId: roadmap.id, body: 'Looks good' } },
      'gus',
    );
    expect(note.data!.createNote).toEqual({ errors: [], note: { body: 'Looks good' } });
    expect((await update('gus', { id: roadmap.id, stateEvent: 'CLOSE' })).errors?.[0]?.message).toBe(
      RESOURCE_NOT_AVAILABLE,
    );
    const closed = await update('rita', { id: roadmap.id, stateEvent: 'CLOSE' });
    expect(closed.data!.workItemUpdate.workItem).toEqual({ state: 'CLOSED' });
    expect((await list('rita', 'acme', { state: 'closed' }))!.workItems.nodes.map((n) => n.iid)).toEqual(['1']);
    expect((await list('rita', 'acme'))!.workItemStateCounts).toMatchObject({ opened: 2, closed: 1 });
  });
});

describe('REST epics', () => {
  interface RestEpic {
    iid: number;
    title: string;
    web_url: string;
    references: { full: string };
    confidential: boolean;
    author: { username: string };
  }

  it('lists the epics a visitor may read, paginated, and shows one', async () => {
    const anonymous = await fixture.api<RestEpic[]>('/groups/acme/epics?order_by=title&sort=asc');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.map((e) => e.title)).not.toContain('Secret plans');
    expect(anonymous.headers.get('x-total')).toBe(String(anonymous.body.length));
    const shown = await fixture.api<RestEpic>(`/groups/acme/epics/${roadmap.iid}`);
    expect(shown.body).toMatchObject({
      iid: 1,
      title: 'Roadmap',
      web_url: `${fixture.server.url}/groups/acme/-/epics/1`,
      references: { full: 'acme&1' },
      author: { username: 'rita' },
    });
    expect((await fixture.api(`/groups/acme/epics/${secret.iid}`)).status).toBe(404);
    expect((await fixture.api(`/groups/acme/epics/${secret.iid}`, fixture.tokens.rita)).status).toBe(200);
    const reporter = await fixture.api<RestEpic[]>('/groups/acme/epics?state=opened', fixture.tokens.rita);
    expect(reporter.body.map((e) => e.title)).toContain('Secret plans');
  });

  it('hides a private group from non-members', async () => {
    const path = encodeURIComponent(PRIVATE_PATH);
    expect((await fixture.api(`/groups/${path}/epics`)).status).toBe(404);
    expect((await fixture.api(`/groups/${path}/epics`, fixture.tokens.nina)).status).toBe(404);
    expect((await fixture.api<RestEpic[]>(`/groups/${path}/epics`, fixture.tokens.gus)).body).toHaveLength(1);
  });
});
