/**
 * The work item features of issue 15's last step, against the real server and database: iteration
 * search (`Group.iterations` / `Project.iterations` with GitLab's arguments) and setting one;
 * member autocomplete over GraphQL (`autocompleteUsers`); design upload as a multipart GraphQL
 * request, listed and served back; `includeDescendants` on `Group.workItems` (epic children from
 * subgroups and projects); to-dos on epics; and stored HTML redacted per viewer (a reference to an
 * issue made confidential after it was written). The fixture's people: olivia Owner, maude
 * Maintainer, rita Reporter, gus Guest of `acme`; nina signed in but no member.
 */
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_ERRORS, DESIGN_UPLOAD_LIMIT } from '../../server/domain/designs.ts';
import { RESOURCE_NOT_AVAILABLE } from '../../server/graphql/resolvers/mutations.ts';
import { typeDefs } from '../../server/graphql/schema.ts';
import { UPLOAD_DESIGNS } from '../../src/pages/projects/issues/designUpload.ts';
import { SEARCH_GROUP_WORK_ITEMS } from '../../src/pages/projects/issues/IssueRelations.tsx';
import { SEARCH_ITERATIONS, SEARCH_USERS } from '../../src/pages/projects/issues/IssueSidebar.tsx';
import { startIssuableFixture, type IssuableFixture, type Person } from '../helpers/issuables.ts';

interface GqlResult<T> {
  data?: T;
  errors?: { message: string }[];
}

let fixture: IssuableFixture;
const gid = (model: string, id: number | string) => `gid://gitlab/${model}/${id}`;
/** GitLab's seeded work item type ids. */
const EPIC_TYPE = gid('WorkItems::Type', 8);
/** A day in milliseconds, for iteration dates around today. */
const DAY = 24 * 60 * 60 * 1000;
/** The smallest PNG: one transparent pixel. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function gql<T>(query: string, variables: object, person?: Person) {
  const response = await fixture.server.request<GqlResult<T>>('/api/graphql', {
    method: 'POST',
    token: person ? fixture.tokens[person] : undefined,
    json: { query, variables },
  });
  return response.body;
}

/** `data` of a query that must succeed. */
async function data<T>(query: string, variables: object, person?: Person): Promise<T> {
  const result = await gql<T>(query, variables, person);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!;
}

async function restIssue(title: string, extra: object = {}) {
  const response = await fixture.api<{ id: number; iid: number }>(
    `/projects/${fixture.publicProject.id}/issues`,
    fixture.tokens.olivia,
    { method: 'POST', json: { title, ...extra } },
  );
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const UPDATE = `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors } }`;
async function update(person: Person | undefined, input: object) {
  return gql<{ workItemUpdate: { errors: string[] } | null }>(UPDATE, { input }, person);
}

beforeAll(async () => {
  fixture = await startIssuableFixture();
});
afterAll(() => fixture.server.close());

describe("the page's documents", () => {
  it.each(Object.entries({ SEARCH_ITERATIONS, SEARCH_USERS, SEARCH_GROUP_WORK_ITEMS, UPLOAD_DESIGNS }))(
    '%s validates against the schema',
    (_name, document) => {
      expect(validate(buildSchema(typeDefs), parse(document)).map((error) => error.message)).toEqual([]);
    },
  );
});

describe('iterations', () => {
  const ITERATIONS = `query($fullPath: ID!, $search: String, $in: [IterationSearchableField!], $state: IterationState,
      $includeAncestors: Boolean, $isProject: Boolean!) {
    group(fullPath: $fullPath) @skip(if: $isProject) {
      iterations(search: $search, in: $in, state: $state, includeAncestors: $includeAncestors) {
        nodes { id title state iterationCadence { title } } } }
    project(fullPath: $fullPath) @include(if: $isProject) {
      iterations(search: $search, in: $in, state: $state, includeAncestors: $includeAncestors) {
        nodes { id title state iterationCadence { title } } } } }`;
  type Iterations = { iterations: { nodes: { id: string; title: string; state: string }[] } };
  const titles = async (variables: object, person: Person = 'gus') => {
    const result = await data<{ group?: Iterations; project?: Iterations }>(
      ITERATIONS,
      { isProject: false, ...variables },
      person,
    );
    return (result.group ?? result.project)!.iterations.nodes.map((node) => node.title);
  };
  let current: number;

  beforeAll(async () => {
    const { db } = fixture.server.database;
    const sub = await fixture.api<{ id: number }>('/groups', fixture.tokens.olivia, {
      method: 'POST',
      json: { name: 'Planning', path: 'planning', parent_id: fixture.groupId, visibility: 'public' },
    });
    expect(sub.status).toBe(201);
    const cadence = async (groupId: number, title: string) =>
      (
        await db
          .insertInto('iterations_cadences')
          .values({ group_id: groupId, title })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const sprint = async (groupId: number, cadenceId: number, iid: number, title: string, fromToday: number) => {
      const start = new Date(Date.now() + fromToday * DAY);
      const due = new Date(start.getTime() + 6 * DAY);
      const row = await db
        .insertInto('sprints')
        .values({
          group_id: groupId,
          iterations_cadence_id: cadenceId,
          iid,
          title,
          start_date: start.toISOString().slice(0, 10),
          due_date: due.toISOString().slice(0, 10),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const team = await cadence(fixture.groupId, 'Team cadence');
    await sprint(fixture.groupId, team, 1, 'Alpha sprint', -30);
    current = await sprint(fixture.groupId, team, 2, 'Bravo sprint', -3);
    await sprint(fixture.groupId, team, 3, 'Charlie sprint', 30);
    await sprint(sub.body.id, await cadence(sub.body.id, 'Planning cadence'), 1, 'Delta sprint', 30);
  });

  it('filters by state, searches titles and cadence titles, and includes ancestors on request', async () => {
    expect(await titles({ fullPath: 'acme' })).toEqual(['Alpha sprint', 'Bravo sprint', 'Charlie sprint']);
    expect(await titles({ fullPath: 'acme', state: 'opened' })).toEqual(['Bravo sprint', 'Charlie sprint']);
    expect(await titles({ fullPath: 'acme', state: 'current' })).toEqual(['Bravo sprint']);
    expect(await titles({ fullPath: 'acme', state: 'closed' })).toEqual(['Alpha sprint']);
    expect(await titles({ fullPath: 'acme', search: 'char' })).toEqual(['Charlie sprint']);
    // The cadence's title only when `in` says so (GitLab's default is the title alone).
    expect(await titles({ fullPath: 'acme', search: 'team' })).toEqual([]);
    expect(
      await titles({ fullPath: 'acme', search: 'team', in: ['TITLE', 'CADENCE_TITLE'], state: 'upcoming' }),
    ).toEqual(['Charlie sprint']);
    expect(await titles({ fullPath: 'acme/planning' })).toEqual(['Delta sprint']);
    expect(await titles({ fullPath: 'acme/planning', includeAncestors: true, state: 'upcoming' })).toEqual([
      'Delta sprint',
      'Charlie sprint',
    ]);
    // A project sees its group's iterations, anonymous visitors of a public one too.
    expect(
      await titles({ fullPath: fixture.publicProject.path_with_namespace, isProject: true, state: 'opened' }),
    ).toEqual(['Bravo sprint', 'Charlie sprint']);
  });

  it('sets an iteration the sidebar found, which reads back; a Guest cannot', async () => {
    const issue = await restIssue('Iteration target');
    // The page's own search: open iterations of the project's groups, by title or cadence title.
    const [bravo] = (
      await data<{ project: { iterations: { nodes: { id: string }[] } } }>(
        SEARCH_ITERATIONS,
        { fullPath: fixture.publicProject.path_with_namespace, search: 'bravo', first: 20, isProject: true },
        'rita',
      )
    ).project.iterations.nodes;
    expect(bravo!.id).toBe(gid('Iteration', current));
    const id = gid('WorkItem', issue.id);
    expect((await update('gus', { id, iterationWidget: { iterationId: bravo!.id } })).errors?.[0]?.message).toBe(
      RESOURCE_NOT_AVAILABLE,
    );
    expect(
      (await update('rita', { id, iterationWidget: { iterationId: bravo!.id } })).data?.workItemUpdate?.errors,
    ).toEqual([]);
    const read = await data<{ workItem: { widgets: { iteration?: { title: string } | null }[] } }>(
      `query($id: WorkItemID!) { workItem(id: $id) { widgets { ... on WorkItemWidgetIteration { iteration { title } } } } }`,
      { id },
    );
    expect(read.workItem.widgets.find((widget) => widget.iteration)?.iteration?.title).toBe('Bravo sprint');
  });
});

describe('autocompleteUsers', () => {
  type Users = { users: { username: string; id: string }[] };
  const usernames = async (fullPath: string, search: string, isProject = true) => {
    const result = await data<{ workspace?: Users; groupWorkspace?: Users }>(
      SEARCH_USERS,
      { fullPath, search, isProject },
      'rita',
    );
    return (result.workspace ?? result.groupWorkspace)!.users.map((user) => user.username);
  };

  it("suggests the project's and its groups' members by username or name, not other users", async () => {
    const project = fixture.publicProject.path_with_namespace;
    expect(await usernames(project, '')).toEqual(['gus', 'maude', 'olivia', 'rita']);
    expect(await usernames(project, 'RI')).toEqual(['rita']);
    expect(await usernames(project, 'nina')).toEqual([]);
    expect(await usernames('acme', 'o', false)).toEqual(['olivia']);
  });
});

describe('designs', () => {
  const UPLOAD = `mutation($input: DesignManagementUploadInput!) { designManagementUpload(input: $input) {
    errors designs { id filename image } skippedDesigns { filename } } }`;
  type Upload = {
    designManagementUpload: {
      errors: string[];
      designs: { id: string; filename: string; image: string }[];
      skippedDesigns: { filename: string }[];
    } | null;
  };

  /** A multipart GraphQL request (the GraphQL multipart request spec), as apollo-upload-client sends. */
  async function upload(person: Person | undefined, iid: number, files: { name: string; bytes: Buffer }[]) {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: UPLOAD,
        variables: {
          input: {
            projectPath: fixture.publicProject.path_with_namespace,
            iid: String(iid),
            files: files.map(() => null),
          },
        },
      }),
    );
    form.set(
      'map',
      JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.input.files.${i}`]]))),
    );
    files.forEach((file, i) =>
      form.set(String(i), new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name),
    );
    const response = await fetch(`${fixture.server.url}/api/graphql`, {
      method: 'POST',
      headers: person ? { 'private-token': fixture.tokens[person] } : {},
      body: form,
    });
    return (await response.json()) as GqlResult<Upload>;
  }

  const DESIGNS = `query($id: WorkItemID!) { workItem(id: $id) { widgets { ... on WorkItemWidgetDesigns {
    designCollection { designs { nodes { filename image } } } } } } }`;
  async function listed(issueId: number, person?: Person) {
    const result = await data<{
      workItem: { widgets: { designCollection?: { designs: { nodes: { filename: string; image: string }[] } } }[] };
    }>(DESIGNS, { id: gid('WorkItem', issueId) }, person);
    return result.workItem.widgets.find((widget) => widget.designCollection)!.designCollection!.designs.nodes;
  }

  it('uploads images as a Developer, lists them and serves them back; a new version replaces the file', async () => {
    const issue = await restIssue('Design target');
    const result = await upload('maude', issue.iid, [{ name: 'home.png', bytes: PIXEL_PNG }]);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    expect(result.data!.designManagementUpload!.errors).toEqual([]);
    const [design] = await listed(issue.id, 'nina');
    expect(design!.filename).toBe('home.png');
    const served = await fetch(`${new URL(fixture.server.url).origin}${design!.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PIXEL_PNG)).toBe(true);

    // The same bytes again are skipped; other bytes are a new version at a new URL.
    const again = await upload('maude', issue.iid, [{ name: 'home.png', bytes: PIXEL_PNG }]);
    expect(again.data!.designManagementUpload!.skippedDesigns.map((skipped) => skipped.filename)).toEqual(['home.png']);
    const changed = Buffer.concat([PIXEL_PNG, Buffer.from([0])]);
    await upload('maude', issue.iid, [{ name: 'home.png', bytes: changed }]);
    const [version] = await listed(issue.id);
    expect(version!.image).not.toBe(design!.image);
    const newer = await fetch(`${new URL(fixture.server.url).origin}${version!.image}`);
    expect(Buffer.from(await newer.arrayBuffer()).equals(changed)).toBe(true);
  });

  it("refuses a Guest, an anonymous visitor, more than the limit, duplicates and non-images; hides a confidential item's images", async () => {
    const issue = await restIssue('Design refusals', { confidential: true });
    const one = [{ name: 'a.png', bytes: PIXEL_PNG }];
    expect((await upload('gus', issue.iid, one)).errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
    expect((await upload(undefined, issue.iid, one)).errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
    expect((await upload('rita', issue.iid, one)).errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
    const many = Array.from({ length: DESIGN_UPLOAD_LIMIT + 1 }, (_, i) => ({ name: `${i}.png`, bytes: PIXEL_PNG }));
    const errorsOf = async (files: typeof one) =>
      (await upload('maude', issue.iid, files)).data!.designManagementUpload!.errors;
    expect(await errorsOf(many)).toEqual([DESIGN_ERRORS.tooMany]);
    expect(await errorsOf([one[0]!, one[0]!])).toEqual([DESIGN_ERRORS.duplicate]);
    expect(await errorsOf([{ name: 'notes.txt', bytes: PIXEL_PNG }])).toEqual([DESIGN_ERRORS.extension]);
    expect(await errorsOf(one)).toEqual([]);
    const [design] = await listed(issue.id, 'maude');
    const origin = new URL(fixture.server.url).origin;
    const as = (person?: Person) =>
      fetch(`${origin}${design!.image}`, { headers: person ? { 'private-token': fixture.tokens[person] } : {} });
    expect((await as('nina')).status).toBe(404);
    expect((await as()).status).toBe(404);
    expect((await as('rita')).status).toBe(200);
  });
});

describe('epic children from descendant groups', () => {
  const SEARCH = `query($fullPath: ID!, $search: String, $includeDescendants: Boolean) {
    group(fullPath: $fullPath) { workItems(search: $search, includeDescendants: $includeDescendants) {
      nodes { title reference(full: true) } } } }`;
  const found = async (person: Person | undefined, includeDescendants: boolean) =>
    (
      await data<{ group: { workItems: { nodes: { title: string }[] } } }>(
        SEARCH,
        { fullPath: 'acme', search: 'Hierarchy', includeDescendants },
        person,
      )
    ).group.workItems.nodes
      .map((node) => node.title)
      .sort();

  beforeAll(async () => {
    const group = async (path: string, visibility: string) => {
      const response = await fixture.api<{ id: number }>('/groups', fixture.tokens.olivia, {
        method: 'POST',
        json: { name: path, path, parent_id: fixture.groupId, visibility },
      });
      expect(response.status).toBe(201);
    };
    await group('open-sub', 'public');
    await group('closed-sub', 'private');
    const epic = async (namespacePath: string, title: string) => {
      const result = await data<{ workItemCreate: { errors: string[] } }>(
        `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors } }`,
        { input: { namespacePath, title, workItemTypeId: EPIC_TYPE } },
        'olivia',
      );
      expect(result.workItemCreate.errors).toEqual([]);
    };
    await epic('acme', 'Hierarchy top epic');
    await epic('acme/open-sub', 'Hierarchy public subgroup epic');
    await epic('acme/closed-sub', 'Hierarchy private subgroup epic');
    await restIssue('Hierarchy project issue');
    await restIssue('Hierarchy confidential issue', { confidential: true });
  });

  it("lists the group's own items without it, and the readable ones of subgroups and projects with it", async () => {
    expect(await found('rita', false)).toEqual(['Hierarchy top epic']);
    expect(await found('rita', true)).toEqual([
      'Hierarchy confidential issue',
      'Hierarchy private subgroup epic',
      'Hierarchy project issue',
      'Hierarchy public subgroup epic',
      'Hierarchy top epic',
    ]);
    // A non-member: no private subgroup, no confidential issue.
    expect(await found('nina', true)).toEqual([
      'Hierarchy project issue',
      'Hierarchy public subgroup epic',
      'Hierarchy top epic',
    ]);
    expect(await found(undefined, true)).toEqual(await found('nina', true));
  });

  it("finds with the epic page's own search what the group's hierarchy holds, open items only", async () => {
    const result = await data<{ group: { workItems: { nodes: { title: string; reference: string }[] } } }>(
      SEARCH_GROUP_WORK_ITEMS,
      { fullPath: 'acme', search: 'Hierarchy public subgroup', first: 20 },
      'nina',
    );
    expect(result.group.workItems.nodes).toEqual([
      expect.objectContaining({ title: 'Hierarchy public subgroup epic', reference: 'acme/open-sub&1' }),
    ]);
  });

  it("adds a subgroup's epic and a project's issue found that way as children of the epic", async () => {
    const nodes = async (search: string) =>
      (
        await data<{ group: { workItems: { nodes: { id: string }[] } } }>(
          `query($search: String) { group(fullPath: "acme") { workItems(search: $search, includeDescendants: true) { nodes { id } } } }`,
          { search },
          'olivia',
        )
      ).group.workItems.nodes.map((node) => node.id);
    const [parent] = await nodes('Hierarchy top epic');
    const children = [...(await nodes('Hierarchy public subgroup epic')), ...(await nodes('Hierarchy project issue'))];
    expect(children).toHaveLength(2);
    expect(
      (await update('olivia', { id: parent, hierarchyWidget: { childrenIds: children } })).data?.workItemUpdate?.errors,
    ).toEqual([]);
  });
});

describe('to-dos on epics', () => {
  const TODOS = `query($id: WorkItemID!) { workItem(id: $id) { widgets { type ... on WorkItemWidgetCurrentUserTodos {
    currentUserTodos(state: pending) { nodes { id } } } } } }`;
  type Todos = { workItem: { widgets: { type: string; currentUserTodos?: { nodes: { id: string }[] } }[] } };
  const pending = async (id: string, person: Person) =>
    (await data<Todos>(TODOS, { id }, person)).workItem.widgets.find((widget) => widget.type === 'CURRENT_USER_TODOS')
      ?.currentUserTodos?.nodes ?? null;

  it('adds and marks done the asker’s own to-do on a group epic, never someone else’s', async () => {
    const created = await data<{ workItemCreate: { workItem: { id: string } } }>(
      `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { workItem { id } } }`,
      { input: { namespacePath: 'acme', title: 'Epic with to-dos', workItemTypeId: EPIC_TYPE } },
      'olivia',
    );
    const id = created.workItemCreate.workItem.id;
    expect(await pending(id, 'olivia')).toEqual([]);
    expect(
      (await update('olivia', { id, currentUserTodosWidget: { action: 'ADD' } })).data?.workItemUpdate?.errors,
    ).toEqual([]);
    const [todo] = (await pending(id, 'olivia'))!;
    expect(todo).toBeDefined();
    // A Guest may keep their own to-do, but marking olivia's changes nothing of hers.
    expect(
      (await update('gus', { id, currentUserTodosWidget: { action: 'ADD' } })).data?.workItemUpdate?.errors,
    ).toEqual([]);
    await update('gus', { id, currentUserTodosWidget: { action: 'MARK_AS_DONE', todoId: todo!.id } });
    expect(await pending(id, 'olivia')).toEqual([todo]);
    expect(await pending(id, 'gus')).toHaveLength(1);
    expect((await update(undefined, { id, currentUserTodosWidget: { action: 'ADD' } })).errors?.[0]?.message).toBe(
      RESOURCE_NOT_AVAILABLE,
    );
    await update('olivia', { id, currentUserTodosWidget: { action: 'MARK_AS_DONE', todoId: todo!.id } });
    expect(await pending(id, 'olivia')).toEqual([]);
  });
});

describe('confidential references redacted per viewer', () => {
  const SECRET = 'Quarterly salary negotiation';
  const READ = `query($id: WorkItemID!) { workItem(id: $id) {
    widgets { ... on WorkItemWidgetDescription { descriptionHtml }
      ... on WorkItemWidgetNotes { discussions { nodes { notes { nodes { bodyHtml } } } } } } } }`;
  type Read = {
    workItem: {
      widgets: {
        descriptionHtml?: string;
        discussions?: { nodes: { notes: { nodes: { bodyHtml: string }[] } }[] };
      }[];
    };
  };
  const htmlOf = async (id: number, person?: Person) => {
    const result = await data<Read>(READ, { id: gid('WorkItem', id) }, person);
    const description = result.workItem.widgets.find(
      (widget) => widget.descriptionHtml !== undefined,
    )!.descriptionHtml!;
    const notes = result.workItem.widgets
      .find((widget) => widget.discussions)!
      .discussions!.nodes.flatMap((discussion) => discussion.notes.nodes.map((note) => note.bodyHtml));
    return [description, ...notes];
  };

  it('shows a member the title of an issue made confidential after it was referenced, and others only #iid', async () => {
    const secret = await restIssue(SECRET);
    const mention = await restIssue('Refers to the secret', { description: `See #${secret.iid} for details.` });
    const note = await fixture.api(
      `/projects/${fixture.publicProject.id}/issues/${mention.iid}/notes`,
      fixture.tokens.olivia,
      { method: 'POST', json: { body: `Also #${secret.iid}.` } },
    );
    expect(note.status).toBe(201);
    const before = await htmlOf(mention.id, 'nina');
    expect(before.filter((html) => html.includes(SECRET))).toHaveLength(2);

    const made = await fixture.api(
      `/projects/${fixture.publicProject.id}/issues/${secret.iid}`,
      fixture.tokens.olivia,
      {
        method: 'PUT',
        json: { confidential: true },
      },
    );
    expect(made.status).toBe(200);
    for (const person of ['nina', 'gus', undefined] as const) {
      const html = (await htmlOf(mention.id, person)).join('\n');
      expect(html).not.toContain(SECRET);
      expect(html).toContain(`See #${secret.iid} for details.`);
      expect(html).toContain(`Also #${secret.iid}.`);
    }
    const member = await htmlOf(mention.id, 'rita');
    expect(member.filter((html) => html.includes(SECRET))).toHaveLength(2);
  });
});
