/**
 * GraphQL contract (`/api/graphql`): GitLab's names and shapes for the current user, projects,
 * groups, custom emoji with pageInfo, work items and their widgets (an interface), notes as
 * discussions, award emoji, labels and milestones; permissions (anonymous, Guest, non-member,
 * confidential issues); mutations through the domain; array batching (at most 10); introspection;
 * depth and complexity limits. Every GraphQL document of the library validates against the schema,
 * and the client's fragment map is the schema's.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CUSTOM_EMOJI_QUERY } from 'forgekit/emoji';
import { buildSchema, isAbstractType, parse, validate, type GraphQLAbstractType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVEL } from '../../server/domain/access.ts';
import { createCustomEmoji } from '../../server/domain/customEmoji.ts';
import { GRAPHQL_BATCH_LIMIT } from '../../server/graphql/routes.ts';
import { MAX_COMPLEXITY, MAX_DEPTH } from '../../server/graphql/limits.ts';
import { RESOURCE_NOT_AVAILABLE } from '../../server/graphql/resolvers/mutations.ts';
import { typeDefs } from '../../server/graphql/schema.ts';
import { PARENT_ERRORS, TOO_MANY_ITEMS } from '../../server/domain/workItems.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

const REPO_ROOT = new URL('../../../', import.meta.url);

interface GqlResult<T = Record<string, unknown>> {
  data?: T;
  errors?: { message: string }[];
}

let server: TestServer;
const tokens: Record<'owner' | 'guest' | 'stranger', string> = {} as never;
const ids: Record<string, number> = {};

async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) {
  const response = await server.request<GqlResult<T>>('/api/graphql', {
    method: 'POST',
    token,
    json: { query, variables },
  });
  expect(response.headers.get('content-type')).toBe('application/json');
  return response.body;
}

async function rest<T>(path: string, token: string, json?: unknown, method = json ? 'POST' : 'GET') {
  const response = await server.request<T>(`/api/v4${path}`, { token, json, method });
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

const gid = (model: string, id: number) => `gid://gitlab/${model}/${id}`;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await server.createUser('owner');
  const guest = await server.createUser('guest');
  const stranger = await server.createUser('stranger');
  tokens.owner = owner.token;
  tokens.guest = guest.token;
  tokens.stranger = stranger.token;
  ids.guestUser = guest.user.id;
  const top = await rest<{ id: number }>('/groups', tokens.owner, { name: 'Top', path: 'top', visibility: 'public' });
  const sub = await rest<{ id: number }>('/groups', tokens.owner, {
    name: 'Sub',
    path: 'sub',
    parent_id: top.id,
    visibility: 'public',
  });
  ids.top = top.id;
  ids.sub = sub.id;
  const project = await rest<{ id: number }>('/projects', tokens.owner, {
    name: 'App',
    path: 'app',
    namespace_id: sub.id,
    visibility: 'public',
  });
  const secret = await rest<{ id: number }>('/projects', tokens.owner, {
    name: 'Secret',
    path: 'secret',
    namespace_id: sub.id,
  });
  ids.project = project.id;
  ids.secret = secret.id;
  await rest(`/projects/${project.id}/members`, tokens.owner, {
    user_id: guest.user.id,
    access_level: ACCESS_LEVEL.GUEST,
  });
  const issue = await rest<{ id: number; iid: number }>(`/projects/${project.id}/issues`, tokens.owner, {
    title: 'Public issue',
    description: 'Hello **world**',
  });
  const confidential = await rest<{ id: number }>(`/projects/${project.id}/issues`, tokens.owner, {
    title: 'Secret issue',
    confidential: true,
  });
  const task = await rest<{ id: number }>(`/projects/${project.id}/issues`, tokens.owner, {
    title: 'A task',
    issue_type: 'task',
  });
  ids.issue = issue.id;
  ids.issueIid = issue.iid;
  ids.confidential = confidential.id;
  ids.task = task.id;
  const note = await rest<{ id: number }>(`/projects/${project.id}/issues/${issue.iid}/notes`, tokens.owner, {
    body: 'First comment',
  });
  ids.note = note.id;
  await rest(`/projects/${project.id}/issues/${issue.iid}/award_emoji`, tokens.guest, { name: 'thumbsup' });
  for (const name of ['alpha', 'beta', 'gamma'])
    await createCustomEmoji(server.database.db, {
      groupId: sub.id,
      name,
      url: `https://emoji.example/${name}.png`,
      creatorId: owner.user.id,
    });
  await createCustomEmoji(server.database.db, {
    groupId: top.id,
    name: 'topmoji',
    url: 'https://emoji.example/top.png',
    creatorId: owner.user.id,
  });
});
afterAll(() => server.close());

describe('queries', () => {
  it('currentUser is the token owner, null when anonymous', async () => {
    expect((await gql('{ currentUser { id username webUrl } }', {}, tokens.guest)).data).toEqual({
      currentUser: { id: gid('User', ids.guestUser!), username: 'guest', webUrl: `${server.url}/guest` },
    });
    expect((await gql('{ currentUser { id } }')).data).toEqual({ currentUser: null });
  });

  it('reads a work item with its widgets through interface fragments', async () => {
    const { data, errors } = await gql<{ workItem: Record<string, unknown> & { widgets: Record<string, unknown>[] } }>(
      `query($id: WorkItemID!) { workItem(id: $id) {
        id iid title state workItemType { name iconName } reference(full: true)
        userPermissions { updateWorkItem createNote }
        widgets {
          __typename type
          ... on WorkItemWidgetDescription { descriptionHtml }
          ... on WorkItemWidgetAwardEmoji { upvotes awardEmoji { nodes { name emoji user { username } } } }
          ... on WorkItemWidgetNotes { discussions { nodes { id notes { nodes { body author { username } } } } } }
        }
      } }`,
      { id: gid('WorkItem', ids.issue!) },
      tokens.guest,
    );
    expect(errors).toBeUndefined();
    expect(data!.workItem).toMatchObject({
      id: gid('WorkItem', ids.issue!),
      iid: String(ids.issueIid),
      title: 'Public issue',
      state: 'OPEN',
      workItemType: { name: 'Issue', iconName: 'issue-type-issue' },
      reference: `top/sub/app#${ids.issueIid}`,
      userPermissions: { updateWorkItem: false, createNote: true },
    });
    const widgets = Object.fromEntries(data!.workItem.widgets.map((widget) => [widget.type, widget]));
    expect(widgets.DESCRIPTION).toMatchObject({ __typename: 'WorkItemWidgetDescription' });
    expect(widgets.DESCRIPTION!.descriptionHtml).toContain('<strong>world</strong>');
    expect(widgets.AWARD_EMOJI).toMatchObject({
      upvotes: 1,
      awardEmoji: { nodes: [{ name: 'thumbsup', emoji: '👍', user: { username: 'guest' } }] },
    });
    expect(widgets.NOTES).toMatchObject({
      discussions: { nodes: [{ notes: { nodes: [{ body: 'First comment', author: { username: 'owner' } }] } }] },
    });
    expect((widgets.NOTES as { discussions: { nodes: { id: string }[] } }).discussions.nodes[0]!.id).toMatch(
      /^gid:\/\/gitlab\/Discussion\/[0-9a-f]{40}$/,
    );
  });

  it('hides confidential work items from Guests and non-members, shows them to the project Owner', async () => {
    const query = 'query($id: WorkItemID!) { workItem(id: $id) { title confidential } }';
    const variables = { id: gid('WorkItem', ids.confidential!) };
    expect((await gql(query, variables)).data).toEqual({ workItem: null });
    expect((await gql(query, variables, tokens.guest)).data).toEqual({ workItem: null });
    expect((await gql(query, variables, tokens.stranger)).data).toEqual({ workItem: null });
    expect((await gql(query, variables, tokens.owner)).data).toEqual({
      workItem: { title: 'Secret issue', confidential: true },
    });
  });

  it('hides private projects from anonymous users and non-members', async () => {
    const query = '{ project(fullPath: "top/sub/secret") { name } }';
    expect((await gql(query)).data).toEqual({ project: null });
    expect((await gql(query, {}, tokens.stranger)).data).toEqual({ project: null });
    expect((await gql(query, {}, tokens.owner)).data).toEqual({ project: { name: 'Secret' } });
  });

  it('lists a project work items (confidential ones only for who may see them)', async () => {
    const query = '{ project(fullPath: "top/sub/app") { workItems { count nodes { title } } } }';
    const titles = async (token?: string) =>
      (
        await gql<{ project: { workItems: { nodes: { title: string }[] } } }>(query, {}, token)
      ).data!.project.workItems.nodes.map((node) => node.title);
    expect(await titles()).toEqual(['A task', 'Public issue']);
    expect(await titles(tokens.owner)).toEqual(['A task', 'Secret issue', 'Public issue']);
  });

  it('pages custom emoji with pageInfo, ancestors included on request (the library getCustomEmoji query)', async () => {
    const page = (after: string) =>
      gql<{
        group: {
          customEmoji: {
            pageInfo: { hasNextPage: boolean; endCursor: string };
            nodes: { name: string; url: string }[];
          };
        };
      }>(
        `query($after: String) { group(fullPath: "top/sub") { customEmoji(first: 2, after: $after, includeAncestorGroups: true) {
          pageInfo { hasNextPage endCursor } nodes { id name url } } } }`,
        { after },
      );
    const first = (await page('')).data!.group.customEmoji;
    expect(first.nodes.map((node) => node.name)).toEqual(['alpha', 'beta']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await page(first.pageInfo.endCursor)).data!.group.customEmoji;
    expect(second.nodes.map((node) => node.name)).toEqual(['gamma', 'topmoji']);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const library = await gql<{ group: { customEmoji: { nodes: unknown[] } } }>(CUSTOM_EMOJI_QUERY, {
      groupPath: 'top/sub',
    });
    expect(library.errors).toBeUndefined();
    expect(library.data!.group.customEmoji.nodes).toHaveLength(4);
    const own = await gql<{ group: { customEmoji: { nodes: { name: string }[] } } }>(
      '{ group(fullPath: "top/sub") { customEmoji { nodes { name } } } }',
    );
    expect(own.data!.group.customEmoji.nodes.map((node) => node.name)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('answers an array of operations with an array of results, at most ten', async () => {
    const batch = (count: number) =>
      server.request<unknown>('/api/graphql', {
        method: 'POST',
        json: Array.from({ length: count }, (_, i) => ({
          query: `query Q${i} { currentUser { id } }`,
          operationName: `Q${i}`,
        })),
      });
    const ok = await batch(2);
    expect(ok.body).toEqual([{ data: { currentUser: null } }, { data: { currentUser: null } }]);
    const tooMany = await batch(GRAPHQL_BATCH_LIMIT + 1);
    expect(JSON.stringify(tooMany.body)).toContain(
      `Batching is limited to ${GRAPHQL_BATCH_LIMIT} operations per request.`,
    );
  });

  it('answers introspection', async () => {
    const { data } = await gql<{ __schema: { types: { name: string }[] } }>('{ __schema { types { name } } }');
    expect(data!.__schema.types.map((type) => type.name)).toContain('WorkItemWidgetHierarchy');
  });

  it('refuses queries deeper or more complex than GitLab allows', async () => {
    const deep = (levels: number) =>
      `{ ${'project(fullPath: "top/sub/app") { group { '.repeat(1)}${'parent { '.repeat(levels)}id${' }'.repeat(levels + 2)} }`;
    const anonymousLimit = MAX_DEPTH.anonymous;
    const tooDeep = await gql(deep(anonymousLimit));
    expect(tooDeep.errors?.[0]?.message).toBe(
      `Query has depth of ${anonymousLimit + 3}, which exceeds max depth of ${anonymousLimit}`,
    );
    expect((await gql(deep(anonymousLimit), {}, tokens.owner)).errors).toBeUndefined();
    const wide = `{ ${Array.from({ length: MAX_COMPLEXITY.anonymous + 1 }, (_, i) => `u${i}: currentUser { id }`).join(' ')} }`;
    const complex = await gql(wide);
    expect(complex.errors?.[0]?.message).toMatch(
      new RegExp(`^Query has complexity of \\d+, which exceeds max complexity of ${MAX_COMPLEXITY.anonymous}$`),
    );
  });
});

describe('mutations', () => {
  const createNote = `mutation($input: CreateNoteInput!) { createNote(input: $input) { errors note { body author { username } } } }`;

  it('comments on a work item; a non-member cannot comment on a private project', async () => {
    const ok = await gql(
      createNote,
      { input: { noteableId: gid('WorkItem', ids.issue!), body: 'From GraphQL' } },
      tokens.guest,
    );
    expect(ok.data).toEqual({
      createNote: { errors: [], note: { body: 'From GraphQL', author: { username: 'guest' } } },
    });
    const notes = await rest<{ body: string }[]>(`/projects/${ids.project}/issues/${ids.issueIid}/notes`, tokens.owner);
    expect(notes.map((note) => note.body)).toContain('From GraphQL');
    const refused = await gql(
      createNote,
      { input: { noteableId: gid('WorkItem', ids.confidential!), body: 'x' } },
      tokens.stranger,
    );
    expect(refused.errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
    const anonymous = await gql(createNote, { input: { noteableId: gid('WorkItem', ids.issue!), body: 'x' } });
    expect(anonymous.errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
  });

  it('toggles an award emoji on and off', async () => {
    const toggle = `mutation($input: AwardEmojiToggleInput!) { awardEmojiToggle(input: $input) { errors toggledOn awardEmoji { name } } }`;
    const input = { awardableId: gid('WorkItem', ids.issue!), name: 'tada' };
    expect((await gql(toggle, { input }, tokens.stranger)).data).toEqual({
      awardEmojiToggle: { errors: [], toggledOn: true, awardEmoji: { name: 'tada' } },
    });
    expect((await gql(toggle, { input }, tokens.stranger)).data).toEqual({
      awardEmojiToggle: { errors: [], toggledOn: false, awardEmoji: null },
    });
    expect((await gql(toggle, { input: { ...input, name: 'not_an_emoji' } }, tokens.stranger)).data).toMatchObject({
      awardEmojiToggle: { errors: ['Name is not a valid emoji name'] },
    });
  });

  it('updates a work item through the domain (title, state, labels), with model errors in `errors`', async () => {
    const label = await rest<{ id: number }>(`/projects/${ids.project}/labels`, tokens.owner, {
      name: 'bug',
      color: '#FF0000',
    });
    const update = `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors workItem { title state
      widgets { ... on WorkItemWidgetLabels { labels { nodes { title } } } } } } }`;
    const result = await gql<{
      workItemUpdate: {
        errors: string[];
        workItem: { title: string; state: string; widgets: { labels?: { nodes: { title: string }[] } }[] };
      };
    }>(
      update,
      {
        input: {
          id: gid('WorkItem', ids.task!),
          title: 'Renamed task',
          stateEvent: 'CLOSE',
          labelsWidget: { addLabelIds: [gid('ProjectLabel', label.id)] },
        },
      },
      tokens.owner,
    );
    expect(result.data!.workItemUpdate).toMatchObject({
      errors: [],
      workItem: { title: 'Renamed task', state: 'CLOSED' },
    });
    expect(result.data!.workItemUpdate.workItem.widgets.find((widget) => widget.labels)?.labels?.nodes).toEqual([
      { title: 'bug' },
    ]);
    const issue = await rest<{ state: string; labels: string[] }>(`/projects/${ids.project}/issues/3`, tokens.owner);
    expect(issue).toMatchObject({ state: 'closed', labels: ['bug'] });
    const tooLong = await gql(
      update,
      { input: { id: gid('WorkItem', ids.task!), title: 'x'.repeat(256) } },
      tokens.owner,
    );
    expect(tooLong.data).toEqual({
      workItemUpdate: { errors: ['Title is too long (maximum is 255 characters)'], workItem: null },
    });
    const guest = await gql(update, { input: { id: gid('WorkItem', ids.task!), title: 'no' } }, tokens.guest);
    expect(guest.errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
  });

  it('links work items (at most ten at once) and shows the link from both sides', async () => {
    const add = `mutation($input: WorkItemAddLinkedItemsInput!) { workItemAddLinkedItems(input: $input) { errors message } }`;
    const linked = await gql(
      add,
      { input: { id: gid('WorkItem', ids.issue!), workItemsIds: [gid('WorkItem', ids.task!)], linkType: 'BLOCKS' } },
      tokens.owner,
    );
    expect(linked.data).toEqual({ workItemAddLinkedItems: { errors: [], message: 'Successfully linked ID(s): 3.' } });
    const linkedItems = async (id: number) =>
      (
        await gql<{
          workItem: { widgets: { linkedItems?: { nodes: { linkType: string; workItem: { title: string } }[] } }[] };
        }>(
          `query($id: WorkItemID!) { workItem(id: $id) { widgets { ... on WorkItemWidgetLinkedItems { linkedItems { nodes { linkType workItem { title } } } } } } }`,
          { id: gid('WorkItem', id) },
        )
      ).data!.workItem.widgets.find((widget) => widget.linkedItems)!.linkedItems!.nodes;
    expect(await linkedItems(ids.issue!)).toEqual([{ linkType: 'blocks', workItem: { title: 'Renamed task' } }]);
    expect(await linkedItems(ids.task!)).toEqual([{ linkType: 'is_blocked_by', workItem: { title: 'Public issue' } }]);
    const eleven = Array.from({ length: 11 }, (_, i) => gid('WorkItem', i + 1));
    const refused = await gql(add, { input: { id: gid('WorkItem', ids.issue!), workItemsIds: eleven } }, tokens.owner);
    expect(refused.errors?.[0]?.message).toBe(TOO_MANY_ITEMS);
  });

  it('refuses a non-confidential child under a confidential parent, accepts it under an open parent', async () => {
    const update = `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors workItem {
      widgets { ... on WorkItemWidgetHierarchy { parent { title } } } } } }`;
    const refused = await gql(
      update,
      { input: { id: gid('WorkItem', ids.task!), hierarchyWidget: { parentId: gid('WorkItem', ids.confidential!) } } },
      tokens.owner,
    );
    expect(refused.data).toEqual({
      workItemUpdate: { errors: [`Work item ${PARENT_ERRORS.confidential}`], workItem: null },
    });
    const accepted = await gql<{ workItemUpdate: { workItem: { widgets: { parent?: { title: string } }[] } } }>(
      update,
      { input: { id: gid('WorkItem', ids.task!), hierarchyWidget: { parentId: gid('WorkItem', ids.issue!) } } },
      tokens.owner,
    );
    expect(accepted.data!.workItemUpdate.workItem.widgets.find((widget) => widget.parent)?.parent).toEqual({
      title: 'Public issue',
    });
    const children = await gql<{
      workItem: { widgets: { children?: { nodes: { title: string }[] }; hasChildren?: boolean }[] };
    }>(
      `query($id: WorkItemID!) { workItem(id: $id) { widgets { ... on WorkItemWidgetHierarchy { hasChildren children { nodes { title } } } } } }`,
      { id: gid('WorkItem', ids.issue!) },
    );
    expect(children.data!.workItem.widgets.find((widget) => widget.children)).toEqual({
      hasChildren: true,
      children: { nodes: [{ title: 'Renamed task' }] },
    });
  });

  it('creates a task under a parent, edits and deletes notes, and deletes work items for Owners only', async () => {
    const create = `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors workItem { id title
      workItemType { name } widgets { ... on WorkItemWidgetHierarchy { parent { title } } } } } }`;
    const created = await gql<{
      workItemCreate: { errors: string[]; workItem: { id: string; widgets: { parent?: { title: string } }[] } };
    }>(
      create,
      {
        input: {
          projectPath: 'top/sub/app',
          title: 'Sub task',
          workItemTypeId: 'gid://gitlab/WorkItems::Type/5',
          hierarchyWidget: { parentId: gid('WorkItem', ids.issue!) },
        },
      },
      tokens.owner,
    );
    expect(created.data!.workItemCreate).toMatchObject({
      errors: [],
      workItem: { title: 'Sub task', workItemType: { name: 'Task' } },
    });
    expect(created.data!.workItemCreate.workItem.widgets.find((widget) => widget.parent)?.parent).toEqual({
      title: 'Public issue',
    });

    const note = await gql<{ createNote: { note: { id: string } } }>(
      'mutation($input: CreateNoteInput!) { createNote(input: $input) { note { id } } }',
      { input: { noteableId: created.data!.workItemCreate.workItem.id, body: 'draft' } },
      tokens.guest,
    );
    const noteId = note.data!.createNote.note.id;
    const updateNote = 'mutation($input: UpdateNoteInput!) { updateNote(input: $input) { errors note { body } } }';
    expect((await gql(updateNote, { input: { id: noteId, body: 'final' } }, tokens.guest)).data).toEqual({
      updateNote: { errors: [], note: { body: 'final' } },
    });
    expect((await gql(updateNote, { input: { id: noteId, body: 'hijack' } }, tokens.owner)).errors?.[0]?.message).toBe(
      RESOURCE_NOT_AVAILABLE,
    );
    const destroyNote = 'mutation($input: DestroyNoteInput!) { destroyNote(input: $input) { errors } }';
    expect((await gql(destroyNote, { input: { id: noteId } }, tokens.guest)).data).toEqual({
      destroyNote: { errors: [] },
    });
    expect((await gql('query($id: NoteID!) { note(id: $id) { id } }', { id: noteId }, tokens.owner)).data).toEqual({
      note: null,
    });

    const remove =
      'mutation($input: WorkItemDeleteInput!) { workItemDelete(input: $input) { errors project { fullPath } } }';
    const id = created.data!.workItemCreate.workItem.id;
    expect((await gql(remove, { input: { id } }, tokens.guest)).errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
    expect((await gql(remove, { input: { id } }, tokens.owner)).data).toEqual({
      workItemDelete: { errors: [], project: { fullPath: 'top/sub/app' } },
    });
    expect((await gql('query($id: WorkItemID!) { workItem(id: $id) { id } }', { id }, tokens.owner)).data).toEqual({
      workItem: null,
    });
  });

  it('creates labels for Reporters and above only', async () => {
    const create = `mutation($input: LabelCreateInput!) { labelCreate(input: $input) { errors label { title color textColor } } }`;
    expect(
      (await gql(create, { input: { projectPath: 'top/sub/app', title: 'ui', color: '#FFFFFF' } }, tokens.owner)).data,
    ).toEqual({
      labelCreate: { errors: [], label: { title: 'ui', color: '#FFFFFF', textColor: '#333333' } },
    });
    const guest = await gql(create, { input: { projectPath: 'top/sub/app', title: 'nope' } }, tokens.guest);
    expect(guest.errors?.[0]?.message).toBe(RESOURCE_NOT_AVAILABLE);
  });

  it('refuses an ID of the wrong type with GitLab message', async () => {
    const result = await gql(
      'query($id: WorkItemID!) { workItem(id: $id) { id } }',
      { id: gid('Project', 1) },
      ROOT_TOKEN,
    );
    expect(result.errors?.[0]?.message).toContain(`"${gid('Project', 1)}" does not represent an instance of WorkItem`);
  });
});

describe('the library client against the server', () => {
  it('runs the library getCustomEmoji fetcher and batched queries through its Apollo Client', async () => {
    const { createApolloClient, createCustomEmojiFetcher } = await import('forgekit/client');
    const { gql: tag } = await import('@apollo/client');
    const client = createApolloClient({ baseUrl: server.url });
    const fetchPage = createCustomEmojiFetcher(client);
    const page = await fetchPage(CUSTOM_EMOJI_QUERY, { groupPath: 'top/sub', after: '' });
    expect(page.group?.customEmoji?.nodes.map((node) => node.name)).toEqual(['alpha', 'beta', 'gamma', 'topmoji']);
    // Operations with a batch key go through the client's batching link (array payloads).
    const query = (name: string) => tag`query ${name} { currentUser { id } }`;
    const results = await Promise.all(
      ['First', 'Second'].map((name) =>
        client.query({ query: query(name), context: { batchKey: 'pair' }, fetchPolicy: 'network-only' }),
      ),
    );
    expect(results.map((result) => result.data)).toEqual([{ currentUser: null }, { currentUser: null }]);
  });
});

describe('the library and the schema', () => {
  const schema = buildSchema(typeDefs);

  it('validates every GraphQL document of the library', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src/**/*.graphql'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    const documents = [
      { name: 'forgekit/emoji CUSTOM_EMOJI_QUERY', text: CUSTOM_EMOJI_QUERY },
      ...files.map((file) => ({ name: file, text: readFileSync(new URL(file, REPO_ROOT), 'utf8') })),
    ];
    for (const { name, text } of documents) {
      expect(
        validate(schema, parse(text)).map((error) => error.message),
        name,
      ).toEqual([]);
    }
  });

  it('the client fragment map is generated from this schema', () => {
    const committed = JSON.parse(
      readFileSync(new URL('src/client/graphql/possibleTypes.generated.json', REPO_ROOT), 'utf8'),
    );
    const expected = Object.fromEntries(
      Object.values(schema.getTypeMap())
        .filter((type): type is GraphQLAbstractType => isAbstractType(type) && !type.name.startsWith('__'))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((type) => [type.name, [...schema.getPossibleTypes(type)].map((t) => t.name).sort()]),
    );
    expect(committed).toEqual(expected);
    expect(committed.WorkItemWidget).toContain('WorkItemWidgetHierarchy');
  });
});
