/**
 * Work items (the `issues` rows seen through their type) with their widgets, the Issue type,
 * labels, milestones, notes as discussions, and award emoji. Widgets are an interface resolved by
 * `__typename`, as GitLab's `WorkItemWidget`.
 */
import { sql } from 'kysely';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { canCreateDesign } from '../../domain/designs.ts';
import { loadEmoji, markdownEmoji } from '../../domain/emoji.ts';
import { groupDiscussions, standaloneDiscussionId } from '../../domain/discussions.ts';
import type { AwardEmojiRow, LabelRow, MilestoneRow, NoteRow, StoredIssueType } from '../../domain/issuableTables.ts';
import {
  canAwardEmoji,
  canCreateNote,
  canDeleteIssue,
  canDeleteNote,
  canSetIssueMetadata,
  canUpdateIssue,
  canUpdateNote,
  issuesReadableBy,
} from '../../domain/issuablePermissions.ts';
import { labelTextColor } from '../../domain/labels.ts';
import { withFreshHtml } from '../../domain/markdown.ts';
import { isMilestoneExpired } from '../../domain/milestones.ts';
import type { UserRow } from '../../domain/users.ts';
import {
  ancestorIdsOf,
  linksOf,
  RELATED_LINK_TYPES,
  workItemTypeOf,
  type LinkFromSide,
} from '../../domain/workItems.ts';
import { arrayConnection, queryConnection, type ConnectionArgs } from '../connections.ts';
import {
  issuesQuery,
  loadReadableNamespace,
  loadReadableProject,
  loadUser,
  loadWorkItem,
  memo,
  readableWorkItems,
  type GraphqlContext,
  type ReadableProject,
  type ReadableWorkItem,
  type WorkItemRow,
} from '../context.ts';
import { toGlobalId } from '../ids.ts';
import { batchLoad } from '../loaders.ts';
import { likePattern } from './query.ts';
import { redactedHtml } from './redaction.ts';

/** GitLab's thumbs that count as votes. */
export const UPVOTE = 'thumbsup';
export const DOWNVOTE = 'thumbsdown';

/** Every widget type (spec section 3) with its GraphQL type. */
export const WIDGET_TYPENAMES = {
  ASSIGNEES: 'WorkItemWidgetAssignees',
  DESCRIPTION: 'WorkItemWidgetDescription',
  HIERARCHY: 'WorkItemWidgetHierarchy',
  LABELS: 'WorkItemWidgetLabels',
  MILESTONE: 'WorkItemWidgetMilestone',
  NOTES: 'WorkItemWidgetNotes',
  START_AND_DUE_DATE: 'WorkItemWidgetStartAndDueDate',
  ROLLEDUP_DATES: 'WorkItemWidgetRolledupDates',
  AWARD_EMOJI: 'WorkItemWidgetAwardEmoji',
  LINKED_ITEMS: 'WorkItemWidgetLinkedItems',
  PARTICIPANTS: 'WorkItemWidgetParticipants',
  NOTIFICATIONS: 'WorkItemWidgetNotifications',
  CURRENT_USER_TODOS: 'WorkItemWidgetCurrentUserTodos',
  TIME_TRACKING: 'WorkItemWidgetTimeTracking',
  WEIGHT: 'WorkItemWidgetWeight',
  PROGRESS: 'WorkItemWidgetProgress',
  ITERATION: 'WorkItemWidgetIteration',
  HEALTH_STATUS: 'WorkItemWidgetHealthStatus',
  COLOR: 'WorkItemWidgetColor',
  DESIGNS: 'WorkItemWidgetDesigns',
  DEVELOPMENT: 'WorkItemWidgetDevelopment',
} as const;
export type WidgetType = keyof typeof WIDGET_TYPENAMES;

/** The widgets of every type (GitLab's widget definitions, condensed). */
const COMMON_WIDGETS: readonly WidgetType[] = [
  'ASSIGNEES',
  'DESCRIPTION',
  'HIERARCHY',
  'LABELS',
  'NOTES',
  'AWARD_EMOJI',
  'LINKED_ITEMS',
  'PARTICIPANTS',
  'NOTIFICATIONS',
  'CURRENT_USER_TODOS',
];
/** The widgets each type adds to {@link COMMON_WIDGETS}. */
export const TYPE_WIDGETS: Readonly<Record<StoredIssueType, readonly WidgetType[]>> = {
  issue: [
    'MILESTONE',
    'START_AND_DUE_DATE',
    'TIME_TRACKING',
    'WEIGHT',
    'ITERATION',
    'HEALTH_STATUS',
    'DESIGNS',
    'DEVELOPMENT',
  ],
  task: ['MILESTONE', 'START_AND_DUE_DATE', 'TIME_TRACKING', 'WEIGHT', 'ITERATION', 'DEVELOPMENT'],
  incident: ['MILESTONE', 'START_AND_DUE_DATE', 'TIME_TRACKING', 'DEVELOPMENT'],
  test_case: [],
  requirement: [],
  objective: ['MILESTONE', 'PROGRESS', 'HEALTH_STATUS'],
  key_result: ['START_AND_DUE_DATE', 'PROGRESS', 'HEALTH_STATUS'],
  epic: ['ROLLEDUP_DATES', 'WEIGHT', 'HEALTH_STATUS', 'COLOR'],
};

/** Whether work items of `type` have the widget. */
export function hasWidget(type: StoredIssueType, widget: WidgetType): boolean {
  return COMMON_WIDGETS.includes(widget) || TYPE_WIDGETS[type].includes(widget);
}

/** A widget object: its type and the work item it belongs to. */
export interface Widget {
  __typename: (typeof WIDGET_TYPENAMES)[WidgetType];
  type: WidgetType;
  item: ReadableWorkItem;
}

/** A note with the work item it is on. */
export interface NoteView {
  note: NoteRow;
  item: ReadableWorkItem;
}

/** A discussion: its notes (oldest first) on one work item. */
export interface DiscussionView {
  id: string;
  individualNote: boolean;
  notes: NoteView[];
}

/** A deleted note as its event told it: its id and the discussion it was in (null: it stood alone). */
export interface DeletedNoteView {
  id: number;
  discussionId: string | null;
}

/** An award with what it is on (for the voter's user). */
type AwardView = AwardEmojiRow;

/** GitLab's `IssueType` enum value of a stored issue type. */
function issueTypeEnum(type: StoredIssueType): string {
  return type.toUpperCase();
}

/** The web path of a work item under the root (`/group/project/-/issues/1`, `/groups/group/-/epics/1`). */
export function workItemPath(item: ReadableWorkItem, root: string): string {
  if (!item.project.project) return `${root}/groups/${item.project.fullPath}/-/epics/${item.issue.iid}`;
  const kind = item.issue.issue_type === 'task' ? 'work_items' : 'issues';
  return `${root}/${item.project.fullPath}/-/${kind}/${item.issue.iid}`;
}

/** Only what the asker may see: Reporter and above see internal notes. */
function seesInternalNotes(item: ReadableWorkItem): boolean {
  return item.project.level >= ACCESS_LEVEL.REPORTER;
}

/** A readable note by id (its work item readable, internal notes for Reporter and above), or null. */
export async function loadNote(ctx: GraphqlContext, id: number): Promise<NoteView | null> {
  return memo(ctx, `note:${id}`, async () => {
    const note = await ctx.db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!note || note.noteable_type !== 'Issue') return null;
    const item = await loadWorkItem(ctx, note.noteable_id);
    if (!item || (note.internal && !seesInternalNotes(item))) return null;
    const [fresh] = await withFreshHtml(ctx.db, 'notes', [note], () => item.project.markdown);
    return { note: fresh!, item };
  });
}

/** The discussions on a work item: grouped, filtered (GitLab's notes filter) and sorted by their first note. */
export async function discussionsOf(
  ctx: GraphqlContext,
  item: ReadableWorkItem,
  filter: string,
  sort: 'CREATED_ASC' | 'CREATED_DESC',
): Promise<DiscussionView[]> {
  const views = await notesOf(ctx, item, 'ALL_NOTES');
  const byId = new Map(views.map((view) => [view.note.id, view]));
  const discussions = groupDiscussions(views.map((view) => view.note))
    .map((discussion) => ({
      id: discussion.id,
      individualNote: discussion.individualNote,
      notes: discussion.notes.map((note) => byId.get(note.id)!),
    }))
    .filter((discussion) => {
      const system = discussion.notes[0]!.note.system;
      return filter === 'ONLY_COMMENTS' ? !system : filter === 'ONLY_ACTIVITY' ? system : true;
    });
  return sort === 'CREATED_DESC' ? discussions.reverse() : discussions;
}

/** The discussion a readable note belongs to (its readable notes). */
async function discussionOfNote(ctx: GraphqlContext, view: NoteView): Promise<DiscussionView> {
  if (!view.note.discussion_id)
    return { id: standaloneDiscussionId(view.note.id), individualNote: true, notes: [view] };
  const discussions = await discussionsOf(ctx, view.item, 'ALL_NOTES', 'CREATED_ASC');
  return (
    discussions.find((discussion) => discussion.id === view.note.discussion_id) ?? {
      id: view.note.discussion_id,
      individualNote: false,
      notes: [view],
    }
  );
}

/** The notes of a discussion that can be resolved (comments: system notes cannot). */
function resolvableNotes(discussion: DiscussionView): NoteView[] {
  return discussion.individualNote ? [] : discussion.notes.filter((view) => !view.note.system);
}

/** The last resolution of a resolved discussion, or null. */
function resolution(discussion: DiscussionView): NoteRow | null {
  const notes = resolvableNotes(discussion);
  if (notes.length === 0 || notes.some((view) => view.note.resolved_at === null)) return null;
  return notes.map((view) => view.note).reduce((last, note) => (note.resolved_at! > last.resolved_at! ? note : last));
}

/** Work items of a project the asker may read, newest first. */
export function projectWorkItems(
  p: ReadableProject,
  args: ConnectionArgs & {
    iid?: string | null;
    iids?: string[] | null;
    state?: 'opened' | 'closed' | 'locked' | 'all' | null;
    types?: string[] | null;
    search?: string | null;
  },
  ctx: GraphqlContext,
) {
  if (!p.project.issues_enabled) return arrayConnection([], args);
  let query = issuesQuery(ctx.db)
    .innerJoin('projects', 'projects.id', 'issues.project_id')
    .where('issues.project_id', '=', p.project.id)
    .where(issuesReadableBy(ctx.user));
  const iids = [...(args.iid ? [args.iid] : []), ...(args.iids ?? [])].filter((iid) => /^\d{1,9}$/.test(iid));
  if (args.iid || args.iids) query = query.where('issues.iid', 'in', [0, ...iids.map(Number)]);
  if (args.state === 'opened' || args.state === 'closed') query = query.where('issues.state', '=', args.state);
  if (args.types)
    query = query.where(
      'issues.issue_type',
      'in',
      args.types.map((type) => type.toLowerCase() as StoredIssueType),
    );
  if (args.search) {
    const pattern = likePattern(args.search);
    query = query.where((eb) =>
      eb.or([eb('issues.title', 'ilike', pattern), eb('issues.description', 'ilike', pattern)]),
    );
  }
  return queryConnection(query.orderBy('issues.created_at', 'desc').orderBy('issues.id', 'desc'), args, (rows) =>
    rows.map((issue) => ({ issue, project: p })),
  );
}

/** Labels of a project and/or groups, by title. */
export function loadLabels(
  ctx: GraphqlContext,
  options: { projectId?: number; groupIds: readonly number[]; searchTerm?: string | null; args: ConnectionArgs },
) {
  let query = ctx.db
    .selectFrom('labels')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(options.projectId ? [eb('project_id', '=', options.projectId)] : []),
        ...(options.groupIds.length ? [eb('group_id', 'in', options.groupIds)] : []),
        sql<boolean>`false`,
      ]),
    );
  if (options.searchTerm) query = query.where('title', 'ilike', likePattern(options.searchTerm));
  return queryConnection(query.orderBy('title').orderBy('id'), options.args, (rows) => rows);
}

/** Milestones of a project and/or groups. */
export function loadMilestones(
  ctx: GraphqlContext,
  options: {
    projectId?: number;
    groupIds: readonly number[];
    state?: 'active' | 'closed' | null;
    searchTitle?: string | null;
    args: ConnectionArgs;
  },
) {
  let query = ctx.db
    .selectFrom('milestones')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(options.projectId ? [eb('project_id', '=', options.projectId)] : []),
        ...(options.groupIds.length ? [eb('group_id', 'in', options.groupIds)] : []),
        sql<boolean>`false`,
      ]),
    );
  if (options.state) query = query.where('state', '=', options.state);
  if (options.searchTitle) query = query.where('title', 'ilike', likePattern(options.searchTitle));
  return queryConnection(query.orderBy('due_date').orderBy('id'), options.args, (rows) => rows);
}

/** The award emoji on an issue or a note, oldest first (those a list asks for are read together). */
async function awardsOn(ctx: GraphqlContext, type: 'Issue' | 'Note', id: number): Promise<AwardView[]> {
  const awards = await batchLoad(ctx, `awards:${type}`, id, async (ids) => {
    const rows = await ctx.db
      .selectFrom('award_emoji')
      .selectAll()
      .where('awardable_type', '=', type)
      .where('awardable_id', 'in', ids)
      .orderBy('id')
      .execute();
    const byAwardable = new Map<number, AwardView[]>();
    for (const row of rows) byAwardable.set(row.awardable_id, [...(byAwardable.get(row.awardable_id) ?? []), row]);
    return byAwardable;
  });
  return awards ?? [];
}

async function usersByIds(ctx: GraphqlContext, ids: readonly number[]): Promise<UserRow[]> {
  const users = await Promise.all(ids.map((id) => loadUser(ctx, id)));
  return users.filter((user) => user !== null);
}

async function readableItems(ctx: GraphqlContext, ids: readonly number[]): Promise<ReadableWorkItem[]> {
  const items = await Promise.all(ids.map((id) => loadWorkItem(ctx, id)));
  return items.filter((item) => item !== null);
}

/**
 * The children of a work item in their order (readable or not), with their assignees: the children
 * of every item a pass asks for in one query, which `hasChildren` and `children` share.
 */
async function childRowsOf(ctx: GraphqlContext, parentId: number): Promise<WorkItemRow[]> {
  const children = await batchLoad(ctx, 'children', parentId, async (parentIds) => {
    const rows = await issuesQuery(ctx.db)
      .innerJoin('work_item_parent_links as links', 'links.work_item_id', 'issues.id')
      .select('links.work_item_parent_id as child_of')
      .where('links.work_item_parent_id', 'in', parentIds)
      .orderBy(sql`links.relative_position NULLS LAST`)
      .orderBy('links.id')
      .execute();
    const byParent = new Map<number, WorkItemRow[]>();
    for (const { child_of: parent, ...row } of rows) byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
    return byParent;
  });
  return children ?? [];
}

/** The labels of a work item by title (those of every item a pass asks for in one query). */
async function labelsOn(ctx: GraphqlContext, issueId: number): Promise<LabelRow[]> {
  const labels = await batchLoad(ctx, 'labels', issueId, async (issueIds) => {
    const rows = await ctx.db
      .selectFrom('labels')
      .innerJoin('label_links', 'label_links.label_id', 'labels.id')
      .selectAll('labels')
      .select('label_links.target_id as on_issue')
      .where('label_links.target_type', '=', 'Issue')
      .where('label_links.target_id', 'in', issueIds)
      .orderBy('labels.title')
      .execute();
    const byIssue = new Map<number, LabelRow[]>();
    for (const { on_issue: issue, ...label } of rows) byIssue.set(issue, [...(byIssue.get(issue) ?? []), label]);
    return byIssue;
  });
  return labels ?? [];
}

/** A milestone by id, or null (those a pass asks for read together). */
async function milestoneById(ctx: GraphqlContext, id: number | null): Promise<MilestoneRow | null> {
  if (id === null) return null;
  const milestone = await batchLoad(ctx, 'milestone', id, async (ids) => {
    const rows = await ctx.db.selectFrom('milestones').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
  return milestone ?? null;
}

/** The parent id of a work item, or null (those a pass asks for read together). */
async function parentIdOfItem(ctx: GraphqlContext, id: number): Promise<number | null> {
  const parent = await batchLoad(ctx, 'parent', id, async (ids) => {
    const rows = await ctx.db
      .selectFrom('work_item_parent_links')
      .select(['work_item_id', 'work_item_parent_id'])
      .where('work_item_id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.work_item_id, row.work_item_parent_id]));
  });
  return parent ?? null;
}

/** Readable notes on a work item, oldest first. */
async function notesOf(ctx: GraphqlContext, item: ReadableWorkItem, filter: string): Promise<NoteView[]> {
  return memo(ctx, `notes:${item.issue.id}:${filter}`, () => loadNotesOf(ctx, item, filter));
}

async function loadNotesOf(ctx: GraphqlContext, item: ReadableWorkItem, filter: string): Promise<NoteView[]> {
  let query = ctx.db
    .selectFrom('notes')
    .selectAll()
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', item.issue.id);
  if (!seesInternalNotes(item)) query = query.where('internal', '=', false);
  if (filter === 'ONLY_COMMENTS') query = query.where('system', '=', false);
  if (filter === 'ONLY_ACTIVITY') query = query.where('system', '=', true);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  const fresh = await withFreshHtml(ctx.db, 'notes', rows, () => item.project.markdown);
  return fresh.map((note) => ({ note, item }));
}

async function readableLinks(ctx: GraphqlContext, item: ReadableWorkItem) {
  const links = await memo(ctx, `links:${item.issue.id}`, () => linksOf(ctx.db, item.issue.id));
  const withItems = await Promise.all(
    links.map(async (link) => ({ ...link, other: await loadWorkItem(ctx, link.otherId) })),
  );
  return withItems.filter((link): link is LinkFromSide & { other: ReadableWorkItem } => link.other !== null);
}

function stateOf(state: 'opened' | 'closed'): 'OPEN' | 'CLOSED' {
  return state === 'opened' ? 'OPEN' : 'CLOSED';
}

/** The work item permissions GitLab's `WorkItemPermissions` reports, from the domain's rules. */
function permissions(item: ReadableWorkItem, ctx: GraphqlContext) {
  const { level } = item.project;
  const mayUpdate = canUpdateIssue(ctx.user, level, item.issue);
  return {
    readWorkItem: true,
    updateWorkItem: mayUpdate,
    deleteWorkItem: ctx.user !== null && canDeleteIssue(level),
    adminWorkItem: ctx.user !== null && canSetIssueMetadata(level),
    adminParentLink: mayUpdate,
    adminWorkItemLink: mayUpdate,
    setWorkItemMetadata: ctx.user !== null && canSetIssueMetadata(level),
    createNote: canCreateNote(ctx.user, level, item.issue),
    awardEmoji: canAwardEmoji(ctx.user),
    createDesign: canCreateDesign(ctx.user, level, item.project.project !== null),
  };
}

function reference(item: ReadableWorkItem, full: boolean | undefined): string {
  // A group's epics are referenced with `&` (GitLab's epic reference prefix).
  const prefix = item.project.project ? '#' : '&';
  return full ? `${item.project.fullPath}${prefix}${item.issue.iid}` : `${prefix}${item.issue.iid}`;
}

function countVotes(awards: readonly AwardView[], name: string): number {
  return awards.filter((award) => award.name === name).length;
}

/** GitLab's task list items: `- [ ]`, `* [x]`, `1. [X]` at the start of a line. */
const TASK_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[([ xX])\]/gm;

/** How many task list items a description has and how many are done, or null without any. */
export function taskCompletionStatus(description: string | null): { count: number; completedCount: number } | null {
  const marks = [...(description ?? '').matchAll(TASK_ITEM)].map((match) => match[1]!);
  if (marks.length === 0) return null;
  return { count: marks.length, completedCount: marks.filter((mark) => mark !== ' ').length };
}

/** May the asker resolve threads on the item (Reporter and above, or the item's author)? */
export function canResolve(ctx: GraphqlContext, item: ReadableWorkItem): boolean {
  return ctx.user !== null && (canSetIssueMetadata(item.project.level) || item.issue.author_id === ctx.user.id);
}

/** Fields Issue and WorkItem share. */
const issuableFields = {
  iid: (item: ReadableWorkItem) => String(item.issue.iid),
  title: (item: ReadableWorkItem) => item.issue.title,
  titleHtml: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) => redactedHtml(ctx, item.issue.title_html),
  description: (item: ReadableWorkItem) => item.issue.description,
  descriptionHtml: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) =>
    redactedHtml(ctx, item.issue.description_html),
  confidential: (item: ReadableWorkItem) => item.issue.confidential,
  createdAt: (item: ReadableWorkItem) => item.issue.created_at,
  updatedAt: (item: ReadableWorkItem) => item.issue.updated_at,
  closedAt: (item: ReadableWorkItem) => item.issue.closed_at,
  author: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) => loadUser(ctx, item.issue.author_id),
  reference: (item: ReadableWorkItem, args: { full?: boolean }) => reference(item, args.full),
};

function unicodeHex(characters: string): string {
  return [...characters].map((char) => char.codePointAt(0)!.toString(16)).join('-');
}

/** Resolvers of the work item side of the schema. */
export const workItemResolvers = {
  Query: {
    workItem: (_: unknown, args: { id: { id: number } }, ctx: GraphqlContext) => loadWorkItem(ctx, args.id.id),
    issue: (_: unknown, args: { id: { id: number } }, ctx: GraphqlContext) => loadWorkItem(ctx, args.id.id),
    note: (_: unknown, args: { id: { id: number } }, ctx: GraphqlContext) => loadNote(ctx, args.id.id),
    async milestone(_: unknown, args: { id: { id: number } }, ctx: GraphqlContext) {
      const milestone = await ctx.db
        .selectFrom('milestones')
        .selectAll()
        .where('id', '=', args.id.id)
        .executeTakeFirst();
      if (!milestone) return null;
      if (milestone.project_id) return (await loadReadableProject(ctx, milestone.project_id)) ? milestone : null;
      return (await loadReadableNamespace(ctx, milestone.group_id!)) ? milestone : null;
    },
  },

  Issuable: {
    // Issues and work items are the same rows: the ID the subscriber gave decides the type.
    __resolveType: (item: ReadableWorkItem & { asType?: string }) => item.asType ?? 'WorkItem',
  },

  WorkItem: {
    ...issuableFields,
    id: (item: ReadableWorkItem) => toGlobalId('WorkItem', item.issue.id),
    state: (item: ReadableWorkItem) => stateOf(item.issue.state),
    namespace: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) =>
      loadReadableNamespace(ctx, item.project.namespace.id),
    project: (item: ReadableWorkItem) => (item.project.project ? item.project : null),
    lockVersion: (item: ReadableWorkItem) => item.issue.lock_version,
    archived: (item: ReadableWorkItem) => item.project.project?.archived ?? false,
    webUrl: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) => `${ctx.baseUrl}${workItemPath(item, '')}`,
    workItemType: (item: ReadableWorkItem) => workItemTypeOf(item.issue.issue_type),
    userPermissions: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) => permissions(item, ctx),
    widgets(item: ReadableWorkItem, args: { onlyTypes?: string[] | null; exceptTypes?: string[] | null }): Widget[] {
      return (Object.keys(WIDGET_TYPENAMES) as WidgetType[])
        .filter(
          (type) =>
            hasWidget(item.issue.issue_type, type) &&
            (!args.onlyTypes || args.onlyTypes.includes(type)) &&
            !args.exceptTypes?.includes(type),
        )
        .map((type) => ({ type, __typename: WIDGET_TYPENAMES[type], item }));
    },
  },

  Issue: {
    ...issuableFields,
    id: (item: ReadableWorkItem) => toGlobalId('Issue', item.issue.id),
    state: (item: ReadableWorkItem) => item.issue.state,
    type: (item: ReadableWorkItem) => issueTypeEnum(item.issue.issue_type),
    discussionLocked: (item: ReadableWorkItem) => Boolean(item.issue.discussion_locked),
    dueDate: (item: ReadableWorkItem) => item.issue.due_date,
    webUrl: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) => `${ctx.baseUrl}${workItemPath(item, '')}`,
    webPath: (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) => workItemPath(item, ctx.root),
    upvotes: async (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) =>
      countVotes(await awardsOn(ctx, 'Issue', item.issue.id), UPVOTE),
    downvotes: async (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) =>
      countVotes(await awardsOn(ctx, 'Issue', item.issue.id), DOWNVOTE),
    userNotesCount: async (item: ReadableWorkItem, _: unknown, ctx: GraphqlContext) =>
      (await notesOf(ctx, item, 'ONLY_COMMENTS')).length,
  },

  WorkItemType: {
    id: (type: { id: number }) => toGlobalId('WorkItems::Type', type.id),
  },

  WorkItemWidget: { __resolveType: (widget: Widget) => widget.__typename },

  WorkItemWidgetAssignees: {
    assignees: async (widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) =>
      arrayConnection(await usersByIds(ctx, widget.item.issue.assignee_ids), args),
    allowsMultipleAssignees: () => true,
    canInviteMembers: (widget: Widget) => widget.item.project.level >= ACCESS_LEVEL.MAINTAINER,
  },

  WorkItemWidgetDescription: {
    description: (widget: Widget) => widget.item.issue.description,
    descriptionHtml: (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      redactedHtml(ctx, widget.item.issue.description_html),
    edited: (widget: Widget) => widget.item.issue.last_edited_at !== null,
    lastEditedAt: (widget: Widget) => widget.item.issue.last_edited_at,
    lastEditedBy: (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      loadUser(ctx, widget.item.issue.last_edited_by_id),
    taskCompletionStatus: (widget: Widget) => taskCompletionStatus(widget.item.issue.description),
  },

  WorkItemWidgetAwardEmoji: {
    awardEmoji: async (widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) =>
      arrayConnection(await awardsOn(ctx, 'Issue', widget.item.issue.id), args),
    upvotes: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      countVotes(await awardsOn(ctx, 'Issue', widget.item.issue.id), UPVOTE),
    downvotes: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      countVotes(await awardsOn(ctx, 'Issue', widget.item.issue.id), DOWNVOTE),
  },

  WorkItemWidgetLabels: {
    labels: async (widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) =>
      arrayConnection(await labelsOn(ctx, widget.item.issue.id), args),
    allowsScopedLabels: () => true,
  },

  WorkItemWidgetStartAndDueDate: {
    startDate: (widget: Widget) => widget.item.issue.start_date,
    dueDate: (widget: Widget) => widget.item.issue.due_date,
  },

  WorkItemWidgetParticipants: {
    async participants(widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) {
      const notes = await notesOf(ctx, widget.item, 'ONLY_COMMENTS');
      const ids = [
        ...new Set([
          ...(widget.item.issue.author_id ? [widget.item.issue.author_id] : []),
          ...widget.item.issue.assignee_ids,
          ...notes.flatMap(({ note }) => (note.author_id ? [note.author_id] : [])),
        ]),
      ];
      return arrayConnection(await usersByIds(ctx, ids), args);
    },
  },

  WorkItemWidgetHierarchy: {
    async parent(widget: Widget, _: unknown, ctx: GraphqlContext) {
      const parentId = await parentIdOfItem(ctx, widget.item.issue.id);
      return parentId === null ? null : loadWorkItem(ctx, parentId);
    },
    async children(widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) {
      const children = await readableWorkItems(ctx, await childRowsOf(ctx, widget.item.issue.id));
      return arrayConnection(
        children.filter((child) => child !== null),
        args,
      );
    },
    async ancestors(widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) {
      // GitLab lists ancestors from the top down.
      const ids = (await ancestorIdsOf(ctx.db, widget.item.issue.id)).reverse();
      return arrayConnection(await readableItems(ctx, ids), args);
    },
    // Counts children the asker may not read too, as GitLab's `has_children?`.
    hasChildren: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await childRowsOf(ctx, widget.item.issue.id)).length > 0,
    hasParent: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await parentIdOfItem(ctx, widget.item.issue.id)) !== null,
  },

  WorkItemWidgetMilestone: {
    milestone: (widget: Widget, _: unknown, ctx: GraphqlContext) => milestoneById(ctx, widget.item.issue.milestone_id),
  },

  WorkItemWidgetNotes: {
    discussionLocked: (widget: Widget) => Boolean(widget.item.issue.discussion_locked),
    async discussions(
      widget: Widget,
      args: ConnectionArgs & { filter?: string; sort?: 'CREATED_ASC' | 'CREATED_DESC' },
      ctx: GraphqlContext,
    ) {
      return arrayConnection(
        await discussionsOf(ctx, widget.item, args.filter ?? 'ALL_NOTES', args.sort ?? 'CREATED_ASC'),
        args,
      );
    },
  },

  WorkItemWidgetLinkedItems: {
    async linkedItems(
      widget: Widget,
      args: ConnectionArgs & { filter?: keyof typeof RELATED_LINK_TYPES | null },
      ctx: GraphqlContext,
    ) {
      const links = await readableLinks(ctx, widget.item);
      const wanted = args.filter ? RELATED_LINK_TYPES[args.filter] : null;
      return arrayConnection(
        links.filter((link) => !wanted || link.linkType === wanted),
        args,
      );
    },
    async blocked(widget: Widget, _: unknown, ctx: GraphqlContext) {
      const links = await readableLinks(ctx, widget.item);
      return links.some((link) => link.linkType === 'is_blocked_by' && link.other.issue.state === 'opened');
    },
    blockedByCount: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await readableLinks(ctx, widget.item)).filter((link) => link.linkType === 'is_blocked_by').length,
    blockingCount: async (widget: Widget, _: unknown, ctx: GraphqlContext) =>
      (await readableLinks(ctx, widget.item)).filter((link) => link.linkType === 'blocks').length,
  },

  LinkedWorkItemType: {
    linkCreatedAt: (link: LinkFromSide) => link.link.created_at,
    linkUpdatedAt: (link: LinkFromSide) => link.link.updated_at,
    linkId: (link: LinkFromSide) => toGlobalId('WorkItems::RelatedWorkItemLink', link.link.id),
    workItemState: (link: { other: ReadableWorkItem }) => stateOf(link.other.issue.state),
    workItem: (link: { other: ReadableWorkItem }) => link.other,
  },

  Label: {
    id: (label: LabelRow) => toGlobalId(label.type, label.id),
    textColor: (label: LabelRow) => labelTextColor(label.color),
    descriptionHtml: (label: LabelRow) => label.description_html,
    createdAt: (label: LabelRow) => label.created_at,
    updatedAt: (label: LabelRow) => label.updated_at,
  },

  Milestone: {
    id: (milestone: MilestoneRow) => toGlobalId('Milestone', milestone.id),
    iid: (milestone: MilestoneRow) => String(milestone.iid),
    dueDate: (milestone: MilestoneRow) => milestone.due_date,
    startDate: (milestone: MilestoneRow) => milestone.start_date,
    expired: (milestone: MilestoneRow) => isMilestoneExpired(milestone),
    async webPath(milestone: MilestoneRow, _: unknown, ctx: GraphqlContext) {
      if (milestone.project_id) {
        const project = await loadReadableProject(ctx, milestone.project_id);
        return `${ctx.root}/${project?.fullPath}/-/milestones/${milestone.iid}`;
      }
      const group = await ctx.db
        .selectFrom('namespaces')
        .select('full_path')
        .where('id', '=', milestone.group_id!)
        .executeTakeFirstOrThrow();
      return `${ctx.root}/groups/${group.full_path}/-/milestones/${milestone.iid}`;
    },
    createdAt: (milestone: MilestoneRow) => milestone.created_at,
    updatedAt: (milestone: MilestoneRow) => milestone.updated_at,
  },

  Note: {
    id: (view: NoteView) => toGlobalId('Note', view.note.id),
    body: (view: NoteView) => view.note.note,
    bodyHtml: (view: NoteView, _: unknown, ctx: GraphqlContext) => redactedHtml(ctx, view.note.note_html),
    author: (view: NoteView, _: unknown, ctx: GraphqlContext) => loadUser(ctx, view.note.author_id),
    createdAt: (view: NoteView) => view.note.created_at,
    updatedAt: (view: NoteView) => view.note.updated_at,
    lastEditedAt: (view: NoteView) =>
      view.note.updated_at.getTime() === view.note.created_at.getTime() ? null : view.note.updated_at,
    system: (view: NoteView) => view.note.system,
    internal: (view: NoteView) => view.note.internal,
    confidential: (view: NoteView) => view.note.internal,
    url: (view: NoteView, _: unknown, ctx: GraphqlContext) =>
      `${ctx.baseUrl}${workItemPath(view.item, '')}#note_${view.note.id}`,
    discussion: (view: NoteView, _: unknown, ctx: GraphqlContext) => discussionOfNote(ctx, view),
    resolvable: (view: NoteView) => view.note.discussion_id !== null && !view.note.system,
    resolved: (view: NoteView) => view.note.resolved_at !== null,
    resolvedAt: (view: NoteView) => view.note.resolved_at,
    resolvedBy: (view: NoteView, _: unknown, ctx: GraphqlContext) => loadUser(ctx, view.note.resolved_by_id),
    awardEmoji: async (view: NoteView, args: ConnectionArgs, ctx: GraphqlContext) =>
      arrayConnection(await awardsOn(ctx, 'Note', view.note.id), args),
    userPermissions(view: NoteView, _: unknown, ctx: GraphqlContext) {
      const { level } = view.item.project;
      return {
        readNote: true,
        createNote: canCreateNote(ctx.user, level, view.item.issue),
        adminNote: canUpdateNote(ctx.user, view.note),
        awardEmoji: canAwardEmoji(ctx.user) && !view.note.system,
        resolveNote: view.note.discussion_id !== null && !view.note.system && canResolve(ctx, view.item),
        repositionNote: canDeleteNote(ctx.user, level, view.note) && !view.note.system,
      };
    },
  },

  Discussion: {
    id: (discussion: DiscussionView) => toGlobalId('Discussion', discussion.id),
    replyId: (discussion: DiscussionView) => toGlobalId('Discussion', discussion.id),
    createdAt: (discussion: DiscussionView) => discussion.notes[0]!.note.created_at,
    resolvable: (discussion: DiscussionView) => resolvableNotes(discussion).length > 0,
    resolved: (discussion: DiscussionView) => resolution(discussion) !== null,
    resolvedAt: (discussion: DiscussionView) => resolution(discussion)?.resolved_at ?? null,
    resolvedBy: (discussion: DiscussionView, _: unknown, ctx: GraphqlContext) =>
      loadUser(ctx, resolution(discussion)?.resolved_by_id ?? null),
    notes: (discussion: DiscussionView, args: ConnectionArgs) => arrayConnection(discussion.notes, args),
  },

  DeletedNote: {
    id: (deleted: DeletedNoteView) => toGlobalId('Note', deleted.id),
    discussionId: (deleted: DeletedNoteView) =>
      toGlobalId('Discussion', deleted.discussionId ?? standaloneDiscussionId(deleted.id)),
    async lastDiscussionNote(deleted: DeletedNoteView, _: unknown, ctx: GraphqlContext) {
      if (deleted.discussionId === null) return true;
      const left = await ctx.db
        .selectFrom('notes')
        .select('id')
        .where('discussion_id', '=', deleted.discussionId)
        .executeTakeFirst();
      return left === undefined;
    },
  },

  AwardEmoji: {
    async description(award: AwardView) {
      await loadEmoji();
      return markdownEmoji(award.name)?.description ?? award.name;
    },
    async emoji(award: AwardView) {
      await loadEmoji();
      return markdownEmoji(award.name)?.unicode ?? '';
    },
    async unicode(award: AwardView) {
      await loadEmoji();
      return unicodeHex(markdownEmoji(award.name)?.unicode ?? '');
    },
    async unicodeVersion(award: AwardView) {
      await loadEmoji();
      return markdownEmoji(award.name)?.unicodeVersion ?? '';
    },
    user: (award: AwardView, _: unknown, ctx: GraphqlContext) => loadUser(ctx, award.user_id),
  },
};
