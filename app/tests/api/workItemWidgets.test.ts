/**
 * Work items end to end on the server (issue 15): discussions with replies, resolution, internal
 * and system notes, the notes filter, sort and paging; the lock version that refuses a stale
 * description; every widget read and written through GitLab's GraphQL inputs with GitLab's
 * refusals; the hierarchy of all 8 types; and realtime between two ActionCable connections.
 * Real server, real database, the fixture's people (olivia Owner, rita Reporter, gus Guest).
 */
import { randomUUID } from 'node:crypto';
import { adapters, createConsumer, type Consumer } from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { staleObjectMessage } from '../../server/domain/errors.ts';
import { INVALID_COLOR } from '../../server/domain/labels.ts';
import { MAX_ITEMS_AT_ONCE, PARENT_ERRORS, TOO_MANY_ITEMS } from '../../server/domain/workItems.ts';
import { RESOURCE_NOT_AVAILABLE, widgetNotSupported } from '../../server/graphql/resolvers/mutations.ts';
import { startIssuableFixture, type IssuableFixture, type Person } from '../helpers/issuables.ts';

interface GqlResult<T> {
  data?: T;
  errors?: { message: string }[];
}

let fixture: IssuableFixture;
const gid = (model: string, id: number | string) => `gid://gitlab/${model}/${id}`;
/** Work item type global IDs (GitLab's seeded ids). */
const TYPE = { issue: 1, task: 5, objective: 6, keyResult: 7, epic: 8 } as const;
/** Notes of the long thread: more than one page of GitLab's largest page (100). */
const LONG_THREAD_NOTES = 500;
const PAGE = 100;

async function gql<T = Record<string, never>>(query: string, variables: object, person?: Person) {
  const response = await fixture.server.request<GqlResult<T>>('/api/graphql', {
    method: 'POST',
    token: person ? fixture.tokens[person] : undefined,
    json: { query, variables },
  });
  return response.body;
}

const UPDATE = `mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors workItem { id lockVersion } } }`;
async function update(person: Person, input: Record<string, unknown>) {
  return gql<{ workItemUpdate: { errors: string[]; workItem: { lockVersion: number } | null } }>(
    UPDATE,
    { input },
    person,
  );
}

async function create(person: Person, title: string, type: number, extra: Record<string, unknown> = {}) {
  const result = await gql<{ workItemCreate: { errors: string[]; workItem: { id: string } | null } }>(
    `mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors workItem { id } } }`,
    {
      input: {
        projectPath: fixture.publicProject.path_with_namespace,
        title,
        workItemTypeId: gid('WorkItems::Type', type),
        ...extra,
      },
    },
    person,
  );
  expect(result.data?.workItemCreate.errors, JSON.stringify(result)).toEqual([]);
  return result.data!.workItemCreate.workItem!.id;
}

async function widget<T>(id: string, fragment: string, person?: Person): Promise<T> {
  const result = await gql<{ workItem: { widgets: Record<string, unknown>[] } }>(
    `query($id: WorkItemID!) { workItem(id: $id) { widgets { type ${fragment} } } }`,
    { id },
    person,
  );
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  const widgets = result.data!.workItem.widgets.filter((w) => Object.keys(w).length > 1);
  return widgets[0] as T;
}

async function restIssue(title: string, extra: Record<string, unknown> = {}) {
  const response = await fixture.api<{ id: number; iid: number }>(
    `/projects/${fixture.publicProject.id}/issues`,
    fixture.tokens.olivia,
    { method: 'POST', json: { title, ...extra } },
  );
  expect(response.status).toBe(201);
  return response.body;
}

const idOf = (workItemGid: string) => Number(workItemGid.split('/').pop());

beforeAll(async () => {
  fixture = await startIssuableFixture();
});
afterAll(() => fixture.server.close());

describe('discussions', () => {
  const DISCUSSIONS = `query($id: WorkItemID!, $filter: NotesFilterType, $sort: WorkItemDiscussionsSort, $first: Int, $after: String) {
    workItem(id: $id) { widgets { ... on WorkItemWidgetNotes {
      discussions(filter: $filter, sort: $sort, first: $first, after: $after) {
        count pageInfo { hasNextPage endCursor }
        nodes { id resolvable resolved resolvedBy { username }
          notes { nodes { body system internal resolvable author { username } } } }
      } } } } }`;
  type Discussions = {
    count: number;
    pageInfo: { hasNextPage: boolean; endCursor: string };
    nodes: {
      id: string;
      resolvable: boolean;
      resolved: boolean;
      resolvedBy: { username: string } | null;
      notes: { nodes: { body: string; system: boolean; internal: boolean; author: { username: string } }[] };
    }[];
  };
  const discussions = async (id: number, person?: Person, variables: object = {}) => {
    const result = await gql<{ workItem: { widgets: { discussions?: Discussions }[] } }>(
      DISCUSSIONS,
      { id: gid('WorkItem', id), ...variables },
      person,
    );
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data!.workItem.widgets.find((w) => w.discussions)!.discussions!;
  };
  let issue: { id: number; iid: number };
  let threadId: string;

  beforeAll(async () => {
    issue = await restIssue('Discussed');
    const thread = await fixture.api<{ id: string }>(
      `/projects/${fixture.publicProject.id}/issues/${issue.iid}/discussions`,
      fixture.tokens.gus,
      { method: 'POST', json: { body: 'Shall we?' } },
    );
    expect(thread.status).toBe(201);
    threadId = gid('Discussion', thread.body.id);
    await fixture.api(`/projects/${fixture.publicProject.id}/issues/${issue.iid}/notes`, fixture.tokens.olivia, {
      method: 'POST',
      json: { body: 'A single comment' },
    });
    await fixture.api(`/projects/${fixture.publicProject.id}/issues/${issue.iid}/notes`, fixture.tokens.rita, {
      method: 'POST',
      json: { body: 'Internal remark', internal: true },
    });
    await fixture.api(`/projects/${fixture.publicProject.id}/issues/${issue.iid}`, fixture.tokens.olivia, {
      method: 'PUT',
      json: { title: 'Discussed at length' },
    });
  });

  it('groups a reply into its thread; internal notes only for Reporter and above', async () => {
    const reply = await gql<{ createNote: { errors: string[]; note: { discussion: { id: string } } } }>(
      `mutation($input: CreateNoteInput!) { createNote(input: $input) { errors note { discussion { id } } } }`,
      { input: { noteableId: gid('WorkItem', issue.id), body: 'Yes, we shall', discussionId: threadId } },
      'olivia',
    );
    expect(reply.data!.createNote).toEqual({ errors: [], note: { discussion: { id: threadId } } });

    const forOwner = await discussions(issue.id, 'olivia');
    expect(forOwner.nodes.map((d) => d.notes.nodes.map((n) => n.body))).toEqual([
      ['Shall we?', 'Yes, we shall'],
      ['A single comment'],
      ['Internal remark'],
      ['changed title from **Discussed** to **Discussed at length**'],
    ]);
    expect(forOwner.nodes[0]).toMatchObject({ id: threadId, resolvable: true, resolved: false });
    expect(forOwner.nodes[1]!.resolvable).toBe(false);
    expect(forOwner.nodes[3]!.notes.nodes[0]).toMatchObject({ system: true, author: { username: 'olivia' } });
    for (const person of [undefined, 'gus'] as const) {
      const bodies = (await discussions(issue.id, person)).nodes.flatMap((d) => d.notes.nodes.map((n) => n.body));
      expect(bodies).not.toContain('Internal remark');
      expect(bodies).toContain('A single comment');
    }
  });

  it('filters comments and activity, and sorts newest first', async () => {
    const comments = await discussions(issue.id, 'olivia', { filter: 'ONLY_COMMENTS' });
    expect(comments.nodes.every((d) => !d.notes.nodes[0]!.system)).toBe(true);
    expect(comments.count).toBe(3);
    const activity = await discussions(issue.id, 'olivia', { filter: 'ONLY_ACTIVITY' });
    expect(activity.nodes.map((d) => d.notes.nodes[0]!.system)).toEqual([true]);
    const newest = await discussions(issue.id, 'olivia', { sort: 'CREATED_DESC' });
    expect(newest.nodes.map((d) => d.id)).toEqual(
      (await discussions(issue.id, 'olivia')).nodes.map((d) => d.id).reverse(),
    );
  });

  it('resolves a thread for Reporters and above (not for a Guest), and unresolves it', async () => {
    const TOGGLE = `mutation($input: DiscussionToggleResolveInput!) { discussionToggleResolve(input: $input) {
      errors discussion { resolved resolvedBy { username } } } }`;
    const refused = await gql(TOGGLE, { input: { id: threadId, resolve: true } }, 'gus');
    expect(refused.errors?.map((e) => e.message)).toEqual([RESOURCE_NOT_AVAILABLE]);
    const resolved = await gql<{ discussionToggleResolve: unknown }>(
      TOGGLE,
      { input: { id: threadId, resolve: true } },
      'rita',
    );
    expect(resolved.data!.discussionToggleResolve).toEqual({
      errors: [],
      discussion: { resolved: true, resolvedBy: { username: 'rita' } },
    });
    expect((await discussions(issue.id, 'gus')).nodes[0]).toMatchObject({ resolved: true });
    const reopened = await gql<{ discussionToggleResolve: unknown }>(
      TOGGLE,
      { input: { id: threadId, resolve: false } },
      'olivia',
    );
    expect(reopened.data!.discussionToggleResolve).toEqual({
      errors: [],
      discussion: { resolved: false, resolvedBy: null },
    });
  });

  it(`pages a ${LONG_THREAD_NOTES}-note issue ${PAGE} discussions at a time`, async () => {
    const long = await restIssue('Long thread');
    const start = Date.now();
    await fixture.server.database.db
      .insertInto('notes')
      .values(
        Array.from({ length: LONG_THREAD_NOTES }, (_, index) => ({
          noteable_type: 'Issue',
          noteable_id: long.id,
          project_id: fixture.publicProject.id,
          author_id: fixture.ids.olivia,
          note: `Note ${index + 1}`,
          created_at: new Date(start + index),
          updated_at: new Date(start + index),
        })),
      )
      .execute();
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await discussions(long.id, undefined, { first: PAGE, after });
      expect(page.count).toBe(LONG_THREAD_NOTES);
      seen.push(...page.nodes.map((d) => d.notes.nodes[0]!.body));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(Array.from({ length: LONG_THREAD_NOTES }, (_, index) => `Note ${index + 1}`));
  });
});

describe('lock version and description', () => {
  it('refuses a description written on a stale copy with GitLab conflict text; REST edits move the version', async () => {
    const issue = await restIssue('Locked', { description: '- [ ] one\n- [ ] two' });
    const read = async () =>
      (
        await gql<{ workItem: { lockVersion: number; description: string } }>(
          `query($id: WorkItemID!) { workItem(id: $id) { lockVersion description } }`,
          { id: gid('WorkItem', issue.id) },
        )
      ).data!.workItem;
    const before = await read();
    // A checkbox toggled through the description, with the version read.
    const toggled = await update('rita', {
      id: gid('WorkItem', issue.id),
      lockVersion: before.lockVersion,
      descriptionWidget: { description: '- [x] one\n- [ ] two' },
    });
    expect(toggled.data!.workItemUpdate).toEqual({
      errors: [],
      workItem: { id: gid('WorkItem', issue.id), lockVersion: before.lockVersion + 1 },
    });
    const description = await widget<{ taskCompletionStatus: unknown; lastEditedBy: unknown; edited: boolean }>(
      gid('WorkItem', issue.id),
      '... on WorkItemWidgetDescription { edited taskCompletionStatus { count completedCount } lastEditedBy { username } }',
    );
    expect(description).toMatchObject({
      edited: true,
      taskCompletionStatus: { count: 2, completedCount: 1 },
      lastEditedBy: { username: 'rita' },
    });
    // Someone else's edit through REST moves the version on; the first editor's copy is now stale.
    await fixture.api(`/projects/${fixture.publicProject.id}/issues/${issue.iid}`, fixture.tokens.olivia, {
      method: 'PUT',
      json: { description: 'Rewritten by olivia' },
    });
    const stale = await update('rita', {
      id: gid('WorkItem', issue.id),
      lockVersion: before.lockVersion + 1,
      descriptionWidget: { description: '- [x] one\n- [x] two' },
    });
    expect(stale.data!.workItemUpdate).toEqual({ errors: [staleObjectMessage('work item')], workItem: null });
    expect(await read()).toEqual({ lockVersion: before.lockVersion + 2, description: 'Rewritten by olivia' });
    // A comment does not move it (no false conflicts).
    await fixture.api(`/projects/${fixture.publicProject.id}/issues/${issue.iid}/notes`, fixture.tokens.gus, {
      method: 'POST',
      json: { body: 'Just a comment' },
    });
    expect((await read()).lockVersion).toBe(before.lockVersion + 2);
  });
});

describe('widgets', () => {
  let issueId: string;
  beforeAll(async () => {
    issueId = gid('WorkItem', (await restIssue('Widgets')).id);
  });

  it('writes weight, health status, dates and time tracking for Reporters; a Guest is refused', async () => {
    const refused = await update('gus', { id: issueId, weightWidget: { weight: 3 } });
    expect(refused.errors?.map((e) => e.message)).toEqual([RESOURCE_NOT_AVAILABLE]);
    const result = await update('rita', {
      id: issueId,
      weightWidget: { weight: 3 },
      healthStatusWidget: { healthStatus: 'atRisk' },
      startAndDueDateWidget: { startDate: '2026-12-01', dueDate: '2026-12-24' },
      timeTrackingWidget: { timeEstimate: '1d 4h', timelog: { timeSpent: '1h 30m', summary: 'Pairing' } },
    });
    expect(result.data!.workItemUpdate.errors).toEqual([]);
    const read = await gql<{ workItem: { widgets: Record<string, unknown>[] } }>(
      `query($id: WorkItemID!) { workItem(id: $id) { widgets {
        ... on WorkItemWidgetWeight { weight }
        ... on WorkItemWidgetHealthStatus { healthStatus }
        ... on WorkItemWidgetStartAndDueDate { startDate dueDate }
        ... on WorkItemWidgetTimeTracking { timeEstimate totalTimeSpent humanReadableAttributes { timeEstimate totalTimeSpent }
          timelogs { totalSpentTime nodes { timeSpent summary user { username } } } }
      } } }`,
      { id: issueId },
    );
    const values = Object.assign({}, ...read.data!.workItem.widgets);
    expect(values).toMatchObject({
      weight: 3,
      healthStatus: 'atRisk',
      startDate: '2026-12-01',
      dueDate: '2026-12-24',
      timeEstimate: 12 * 3600,
      totalTimeSpent: 5400,
      humanReadableAttributes: { timeEstimate: '1d 4h', totalTimeSpent: '1h 30m' },
      timelogs: { totalSpentTime: 5400, nodes: [{ timeSpent: 5400, summary: 'Pairing', user: { username: 'rita' } }] },
    });
    const badDates = await update('rita', {
      id: issueId,
      startAndDueDateWidget: { startDate: '2026-12-24', dueDate: '2026-12-01' },
    });
    expect(badDates.data!.workItemUpdate.errors).toEqual(['Due date must be greater than or equal to start date']);
  });

  it('applies /estimate and /spend in a comment and keeps the rest as the note', async () => {
    const NOTE = `mutation($input: CreateNoteInput!) { createNote(input: $input) {
      errors note { body } quickActionsStatus { messages commandNames } } }`;
    const only = await gql<{ createNote: unknown }>(
      NOTE,
      { input: { noteableId: issueId, body: '/estimate 2h\n/spend 30m 2026-11-20' } },
      'rita',
    );
    expect(only.data!.createNote).toEqual({
      errors: [],
      note: null,
      quickActionsStatus: {
        messages: ['Set time estimate to 2h.', 'Added 30m spent time.'],
        commandNames: ['estimate', 'spend'],
      },
    });
    const mixed = await gql<{ createNote: { note: { body: string } } }>(
      NOTE,
      { input: { noteableId: issueId, body: 'Done for today\n/spend -15m' } },
      'rita',
    );
    expect(mixed.data!.createNote.note.body).toBe('Done for today');
    const tracking = await widget<{ timeEstimate: number; totalTimeSpent: number }>(
      issueId,
      '... on WorkItemWidgetTimeTracking { timeEstimate totalTimeSpent }',
    );
    expect(tracking).toMatchObject({ timeEstimate: 7200, totalTimeSpent: 5400 + 1800 - 900 });

    // The same commands through REST notes: 202 without a note; a Guest's lines stay text.
    const { iid } = await fixture.server.database.db
      .selectFrom('issues')
      .select('iid')
      .where('id', '=', idOf(issueId))
      .executeTakeFirstOrThrow();
    const notesPath = `/projects/${fixture.publicProject.id}/issues/${iid}/notes`;
    const applied = await fixture.api(notesPath, fixture.tokens.rita, { method: 'POST', json: { body: '/spend 1h' } });
    expect(applied.status).toBe(202);
    expect(applied.body).toEqual({
      commands_changes: { spend_time: { duration: 3600, user_id: fixture.ids.rita } },
      summary: ['Added 1h spent time.'],
    });
    const mixedRest = await fixture.api<{ body: string }>(notesPath, fixture.tokens.rita, {
      method: 'POST',
      json: { body: 'Estimate updated\n/estimate 3h' },
    });
    expect([mixedRest.status, mixedRest.body.body]).toEqual([201, 'Estimate updated']);
    const guest = await fixture.api<{ body: string }>(notesPath, fixture.tokens.gus, {
      method: 'POST',
      json: { body: '/spend 8h' },
    });
    expect([guest.status, guest.body.body]).toEqual([201, '/spend 8h']);
    expect(await widget(issueId, '... on WorkItemWidgetTimeTracking { timeEstimate totalTimeSpent }')).toMatchObject({
      timeEstimate: 3 * 3600,
      totalTimeSpent: 5400 + 1800 - 900 + 3600,
    });
  });

  it('subscribes and unsubscribes notifications, adds and marks a to-do done, for any signed-in reader', async () => {
    const subscribed = () =>
      widget<{ subscribed: boolean }>(issueId, '... on WorkItemWidgetNotifications { subscribed }', 'nina');
    expect((await subscribed()).subscribed).toBe(false);
    expect(
      (await update('nina', { id: issueId, notificationsWidget: { subscribed: true } })).data!.workItemUpdate.errors,
    ).toEqual([]);
    expect((await subscribed()).subscribed).toBe(true);
    const unsubscribe = await gql<{ workItemSubscribe: { errors: string[] } }>(
      `mutation($input: WorkItemSubscribeInput!) { workItemSubscribe(input: $input) { errors } }`,
      { input: { id: issueId, subscribed: false } },
      'nina',
    );
    expect(unsubscribe.data!.workItemSubscribe.errors).toEqual([]);
    expect((await subscribed()).subscribed).toBe(false);

    const todos = () =>
      widget<{ currentUserTodos: { nodes: { state: string; action: string }[] } }>(
        issueId,
        '... on WorkItemWidgetCurrentUserTodos { currentUserTodos { nodes { state action } } }',
        'nina',
      );
    await update('nina', { id: issueId, currentUserTodosWidget: { action: 'ADD' } });
    expect((await todos()).currentUserTodos.nodes).toEqual([{ state: 'pending', action: 'marked' }]);
    await update('nina', { id: issueId, currentUserTodosWidget: { action: 'MARK_AS_DONE' } });
    expect((await todos()).currentUserTodos.nodes).toEqual([{ state: 'done', action: 'marked' }]);
  });

  it('keeps one scoped label per scope', async () => {
    const labels: Record<string, string> = {};
    for (const name of ['priority::high', 'priority::low', 'frontend']) {
      const label = await fixture.api<{ id: number }>(
        `/projects/${fixture.publicProject.id}/labels`,
        fixture.tokens.olivia,
        { method: 'POST', json: { name, color: '#aa0000' } },
      );
      labels[name] = gid('ProjectLabel', label.body.id);
    }
    const titles = async () =>
      (
        await widget<{ labels: { nodes: { title: string }[] } }>(
          issueId,
          '... on WorkItemWidgetLabels { labels { nodes { title } } }',
        )
      ).labels.nodes.map((label) => label.title);
    await update('rita', {
      id: issueId,
      labelsWidget: { addLabelIds: [labels['priority::high'], labels.frontend] },
    });
    expect(await titles()).toEqual(['frontend', 'priority::high']);
    await update('rita', { id: issueId, labelsWidget: { addLabelIds: [labels['priority::low']] } });
    expect(await titles()).toEqual(['frontend', 'priority::low']);
  });

  it('sets an iteration of the group, lists merge requests that close the item', async () => {
    const db = fixture.server.database.db;
    const cadence = await db
      .insertInto('iterations_cadences')
      .values({ group_id: fixture.groupId, title: 'Sprints' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sprint = await db
      .insertInto('sprints')
      .values({
        iid: 1,
        group_id: fixture.groupId,
        iterations_cadence_id: cadence.id,
        start_date: '2026-11-23',
        due_date: '2026-12-04',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await update('rita', { id: issueId, iterationWidget: { iterationId: gid('Iteration', sprint.id) } });
    expect(
      await widget(issueId, '... on WorkItemWidgetIteration { iteration { iid iterationCadence { title } } }'),
    ).toEqual({ type: 'ITERATION', iteration: { iid: '1', iterationCadence: { title: 'Sprints' } } });

    const { iid } = await db
      .selectFrom('issues')
      .select('iid')
      .where('id', '=', idOf(issueId))
      .executeTakeFirstOrThrow();
    const closing = await fixture.insertMergeRequest(fixture.publicProject.id, 1, 'Fix widgets');
    const mentioning = await fixture.insertMergeRequest(fixture.publicProject.id, 2, 'Mentions only');
    await db
      .updateTable('merge_requests')
      .set({ description: `Closes #${iid}` })
      .where('id', '=', closing.id)
      .execute();
    await db
      .updateTable('merge_requests')
      .set({ description: `See #${iid}` })
      .where('id', '=', mentioning.id)
      .execute();
    expect(
      await widget(
        issueId,
        '... on WorkItemWidgetDevelopment { willAutoCloseByMergeRequest closingMergeRequests { nodes { mergeRequest { iid title } } } }',
      ),
    ).toEqual({
      type: 'DEVELOPMENT',
      willAutoCloseByMergeRequest: true,
      closingMergeRequests: { nodes: [{ mergeRequest: { iid: '1', title: 'Fix widgets' } }] },
    });
  });

  it('refuses widgets the type does not have, in GitLab payload shape', async () => {
    const result = await update('olivia', { id: issueId, colorWidget: { color: '#123' } });
    expect(result.data!.workItemUpdate).toEqual({
      errors: [widgetNotSupported('color', 'Issue')],
      workItem: null,
    });
  });
});

describe('hierarchy of every type', () => {
  it('places objectives, key results, epics, issues and tasks by the allowed parents, with counts by type', async () => {
    const epic = await create('olivia', 'Big epic', TYPE.epic, { colorWidget: { color: '#1068bf' } });
    const subEpic = await create('olivia', 'Sub epic', TYPE.epic, { hierarchyWidget: { parentId: epic } });
    const objective = await create('olivia', 'Objective', TYPE.objective);
    const keyResult = await create('olivia', 'Key result', TYPE.keyResult, {
      hierarchyWidget: { parentId: objective },
    });
    const issue = await create('olivia', 'Child issue', TYPE.issue, {
      hierarchyWidget: { parentId: epic },
      startAndDueDateWidget: { startDate: '2026-12-02', dueDate: '2027-01-15' },
    });
    const task = await create('olivia', 'Task', TYPE.task, { hierarchyWidget: { parentId: issue } });

    const refused = await update('olivia', { id: task, hierarchyWidget: { parentId: epic } });
    expect(refused.data!.workItemUpdate.errors).toEqual([`Work item ${PARENT_ERRORS.type}`]);
    const keyResultUnderEpic = await update('olivia', { id: keyResult, hierarchyWidget: { parentId: epic } });
    expect(keyResultUnderEpic.data!.workItemUpdate.errors).toEqual([`Work item ${PARENT_ERRORS.type}`]);

    const hierarchy = await widget<{ rolledUpCountsByType: unknown; children: { nodes: { title: string }[] } }>(
      epic,
      `... on WorkItemWidgetHierarchy { children { nodes { title } } rolledUpCountsByType {
        workItemType { name } countsByState { all opened closed } } }`,
    );
    expect(hierarchy.children.nodes.map((node) => node.title)).toEqual(['Sub epic', 'Child issue']);
    expect(hierarchy.rolledUpCountsByType).toEqual([
      { workItemType: { name: 'Issue' }, countsByState: { all: 1, opened: 1, closed: 0 } },
      { workItemType: { name: 'Task' }, countsByState: { all: 1, opened: 1, closed: 0 } },
      { workItemType: { name: 'Epic' }, countsByState: { all: 1, opened: 1, closed: 0 } },
    ]);
    expect(await widget(epic, '... on WorkItemWidgetRolledupDates { startDate dueDate startDateIsFixed }')).toEqual({
      type: 'ROLLEDUP_DATES',
      startDate: '2026-12-02',
      dueDate: '2027-01-15',
      startDateIsFixed: false,
    });
    expect(await widget(epic, '... on WorkItemWidgetColor { color textColor }')).toEqual({
      type: 'COLOR',
      color: '#1068bf',
      textColor: '#FFFFFF',
    });
    const badColor = await update('olivia', { id: epic, colorWidget: { color: '#12345' } });
    expect(badColor.data!.workItemUpdate.errors).toEqual([`Color ${INVALID_COLOR}`]);

    // Reorder: the child issue before the sub-epic.
    const reorder = await gql<{ workItemsHierarchyReorder: { errors: string[]; parentWorkItem: { id: string } } }>(
      `mutation($input: workItemsHierarchyReorderInput!) { workItemsHierarchyReorder(input: $input) {
        errors parentWorkItem { id } } }`,
      { input: { id: issue, adjacentWorkItemId: subEpic, relativePosition: 'BEFORE' } },
      'olivia',
    );
    expect(reorder.data!.workItemsHierarchyReorder).toEqual({ errors: [], parentWorkItem: { id: epic } });
    const reordered = await widget<{ children: { nodes: { title: string }[] } }>(
      epic,
      '... on WorkItemWidgetHierarchy { children { nodes { title } } }',
    );
    expect(reordered.children.nodes.map((node) => node.title)).toEqual(['Child issue', 'Sub epic']);

    // Progress of a key result.
    await update('olivia', { id: keyResult, progressWidget: { currentValue: 30, startValue: 20, endValue: 60 } });
    expect(await widget(keyResult, '... on WorkItemWidgetProgress { progress currentValue }')).toEqual({
      type: 'PROGRESS',
      progress: 25,
      currentValue: 30,
    });
  });

  it('adds at most ten children at once, and no open child under a confidential parent', async () => {
    const parent = await create('olivia', 'Confidential epic', TYPE.epic, { confidential: true });
    const open = await create('olivia', 'Open issue', TYPE.issue);
    const refused = await update('olivia', { id: open, hierarchyWidget: { parentId: parent } });
    expect(refused.data!.workItemUpdate.errors).toEqual([`Work item ${PARENT_ERRORS.confidential}`]);

    const epic = await create('olivia', 'Roomy epic', TYPE.epic);
    const children: string[] = [];
    for (let i = 0; i <= MAX_ITEMS_AT_ONCE; i += 1) children.push(await create('olivia', `Child ${i}`, TYPE.issue));
    const tooMany = await update('olivia', { id: epic, hierarchyWidget: { childrenIds: children } });
    expect(tooMany.errors?.map((e) => e.message)).toEqual([TOO_MANY_ITEMS]);
    const ten = await update('olivia', {
      id: epic,
      hierarchyWidget: { childrenIds: children.slice(0, MAX_ITEMS_AT_ONCE) },
    });
    expect(ten.data!.workItemUpdate.errors).toEqual([]);
  });
});

describe('realtime between two connections', () => {
  const consumers: Consumer[] = [];
  afterAll(() => consumers.forEach((consumer) => consumer.disconnect()));

  /** A consumer connected as `person`, with what its subscription received. */
  async function subscribe(person: Person, query: string, variables: object) {
    class TokenWebSocket extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: { 'private-token': fixture.tokens[person] } });
      }
    }
    adapters.WebSocket = TokenWebSocket as unknown as typeof globalThis.WebSocket;
    globalThis.addEventListener ??= () => {};
    globalThis.removeEventListener ??= () => {};
    const consumer = createConsumer(`${fixture.server.url.replace(/^http/, 'ws')}/cable`);
    consumers.push(consumer);
    const received: { result?: { data?: Record<string, unknown> } }[] = [];
    await new Promise<void>((resolve, reject) => {
      consumer.subscriptions.create(
        { channel: 'GraphqlChannel', query, variables, nonce: randomUUID() },
        {
          connected: () => resolve(),
          rejected: () => reject(new Error('rejected')),
          received: (data: (typeof received)[number]) => received.push(data),
        },
      );
    });
    return received;
  }

  it("sees the other person's title change, dates set through REST, and a reply", async () => {
    const issue = await restIssue('Shared');
    const issuableId = gid('Issue', issue.id);
    const olivia = await subscribe(
      'olivia',
      'subscription($issuableId: IssuableID!) { issuableTitleUpdated(issuableId: $issuableId) { ... on Issue { title } } }',
      { issuableId },
    );
    const gus = await subscribe(
      'gus',
      'subscription($issuableId: IssuableID!) { issuableDatesUpdated(issuableId: $issuableId) { ... on Issue { dueDate } } }',
      { issuableId },
    );
    const notes = await subscribe(
      'gus',
      'subscription($noteableId: NoteableID) { workItemNoteCreated(noteableId: $noteableId) { body } }',
      { noteableId: gid('WorkItem', issue.id) },
    );
    // The subscriptions' initial (empty) results.
    await expect.poll(() => olivia.length + gus.length + notes.length).toBe(3);

    await update('rita', { id: gid('WorkItem', issue.id), title: 'Shared and renamed' });
    await expect
      .poll(() => olivia.map((frame) => frame.result?.data?.issuableTitleUpdated).filter(Boolean))
      .toEqual([{ title: 'Shared and renamed' }]);

    await fixture.api(`/projects/${fixture.publicProject.id}/issues/${issue.iid}`, fixture.tokens.olivia, {
      method: 'PUT',
      json: { due_date: '2026-12-31' },
    });
    await expect
      .poll(() => gus.map((frame) => frame.result?.data?.issuableDatesUpdated).filter(Boolean))
      .toEqual([{ dueDate: '2026-12-31T00:00:00.000Z' }]);

    await gql(
      `mutation($input: CreateNoteInput!) { createNote(input: $input) { errors } }`,
      { input: { noteableId: gid('WorkItem', issue.id), body: 'Live comment' } },
      'olivia',
    );
    await expect
      .poll(() => notes.map((frame) => frame.result?.data?.workItemNoteCreated).filter(Boolean))
      .toContainEqual({ body: 'Live comment' });
  });
});
