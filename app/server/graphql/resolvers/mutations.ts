/**
 * Mutations, through the same domain functions and permission questions as REST: work items
 * (GitLab's issues) with their widgets, hierarchy and links; notes; award emoji; labels. Model
 * validation failures come back in the payload's `errors` as GitLab's full messages; what the
 * asker may not see or do is GitLab's "resource not available" error.
 */
import { parseDuration } from 'forgekit';
import { GraphQLError } from 'graphql/index.js';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { canonicalEmojiName } from '../../domain/emoji.ts';
import { StaleObjectError, ValidationError, isUniqueViolation, TAKEN } from '../../domain/errors.ts';
import { findNamespace } from '../../domain/groups.ts';
import { canCreateGroupWorkItem, GROUP_WORK_ITEM_TYPE } from '../../domain/groupWorkItems.ts';
import { replyToDiscussion, standaloneDiscussionId } from '../../domain/discussions.ts';
import type { LabelRow, MilestoneRow, StoredIssueType } from '../../domain/issuableTables.ts';
import {
  canAdminLabels,
  canAwardEmoji,
  canCreateIssue,
  canCreateNote,
  canDeleteIssue,
  canDeleteNote,
  canSetIssueMetadata,
  canUpdateIssue,
  canUpdateNote,
} from '../../domain/issuablePermissions.ts';
import { createIssue, updateIssue, type IssueFields, type StateEvent } from '../../domain/issues.ts';
import { applyTimeTrackingCommands, parseTimeTrackingCommands } from '../../domain/timeTracking.ts';
import { createTodo } from '../../domain/todos.ts';
import {
  HEALTH_STATUSES,
  colorError,
  logTime,
  progressOf,
  setSubscribed,
  type HealthStatusName,
} from '../../domain/workItemWidgets.ts';
import { LABEL_EXISTS, labelErrors } from '../../domain/labels.ts';
import { renderedColumns, type MarkdownScope } from '../../domain/markdown.ts';
import { createNote } from '../../domain/notes.ts';
import { canReadGroup, groupAccessLevel } from '../../domain/permissions.ts';
import { findProject } from '../../domain/projects.ts';
import {
  MAX_ITEMS_AT_ONCE,
  RELATED_LINK_TYPES,
  TOO_MANY_ITEMS,
  WORK_ITEM_TYPES,
  ADJACENT_PARENT_MISMATCH,
  POSITION_ARGS_REQUIRED,
  addLinks,
  parentIdOf,
  removeLinks,
  reorderChild,
  setParent,
} from '../../domain/workItems.ts';
import {
  loadReadableNamespace,
  loadReadableProject,
  loadWorkItem,
  type GraphqlContext,
  type ReadableWorkItem,
  type WorkItemContainer,
} from '../context.ts';
import type { GlobalId } from '../ids.ts';
import { groupContainerFor } from './groupWorkItems.ts';
import { canResolve, discussionsOf, hasWidget, loadNote, type WidgetType } from './workItems.ts';

/** GitLab's error for what does not exist or may not be done (`ResourceNotAvailable`). */
export const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
/** GitLab's award emoji validation messages (full messages of `AwardEmoji#name`). */
export const AWARD_INVALID_NAME = 'Name is not a valid emoji name';
export const AWARD_TAKEN = `Name ${TAKEN}`;

function notAvailable(): GraphQLError {
  return new GraphQLError(RESOURCE_NOT_AVAILABLE);
}

function requireUser(ctx: GraphqlContext) {
  if (!ctx.user) throw notAvailable();
  return ctx.user;
}

/** `work_item` → `Work item`: Rails' humanized attribute name. */
function humanize(field: string): string {
  const words = field.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** GitLab's refusal of a widget input the work item's type does not have. */
export function widgetNotSupported(widget: string, type: string): string {
  return `Following widget keys are not supported by ${type} type: [:${widget}]`;
}
/** GitLab's refusal of a duration it cannot read (`Gitlab::TimeTrackingFormatter`). */
export const INVALID_TIME_FORMAT = 'Time spent must be formatted correctly. For example: 1h 30m.';
export const INVALID_ESTIMATE_FORMAT = 'Time estimate must be formatted correctly. For example: 1h 30m.';

/** A validation failure as GitLab's full messages; other errors go on. */
function fullMessages(error: unknown): string[] {
  if (error instanceof StaleObjectError) return [error.message];
  if (!(error instanceof ValidationError)) throw error;
  return Object.entries(error.errors).flatMap(([field, messages]) =>
    messages.map((message) => `${humanize(field)} ${message}`),
  );
}

/** Runs `change`; a `ValidationError` becomes the payload's `errors`. */
async function payload<T extends object>(change: () => Promise<T>): Promise<T | { errors: string[] }> {
  try {
    return { errors: [], ...(await change()) };
  } catch (error) {
    return { errors: fullMessages(error) };
  }
}

async function workItemOrFail(ctx: GraphqlContext, gid: GlobalId): Promise<ReadableWorkItem> {
  const item = await loadWorkItem(ctx, gid.id);
  if (!item) throw notAvailable();
  return item;
}

/** Labels by global ID that the work item's project or group sees (its own and its groups'). */
async function projectLabels(
  ctx: GraphqlContext,
  project: WorkItemContainer,
  ids: readonly GlobalId[],
): Promise<LabelRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .selectFrom('labels')
    .selectAll()
    .where(
      'id',
      'in',
      ids.map((gid) => gid.id),
    )
    .where((eb) =>
      eb.or([
        ...(project.project ? [eb('project_id', '=', project.project.id)] : []),
        eb('group_id', 'in', project.namespace.traversal_ids),
      ]),
    )
    .execute();
}

async function projectMilestone(
  ctx: GraphqlContext,
  project: WorkItemContainer,
  gid: GlobalId | null | undefined,
): Promise<MilestoneRow | null | undefined> {
  if (gid === undefined) return undefined;
  if (gid === null) return null;
  const milestone = await ctx.db
    .selectFrom('milestones')
    .selectAll()
    .where('id', '=', gid.id)
    .where((eb) =>
      eb.or([
        ...(project.project ? [eb('project_id', '=', project.project.id)] : []),
        eb('group_id', 'in', project.namespace.traversal_ids),
      ]),
    )
    .executeTakeFirst();
  if (!milestone) throw new ValidationError({ milestone: ['is invalid'] });
  return milestone;
}

/** Assignees that may be assigned in the project: existing users, at most as many as given. */
async function assigneeIds(ctx: GraphqlContext, ids: readonly (GlobalId | null)[]): Promise<number[]> {
  const wanted = ids.flatMap((gid) => (gid ? [gid.id] : []));
  if (wanted.length === 0) return [];
  const rows = await ctx.db.selectFrom('users').select('id').where('id', 'in', wanted).execute();
  return rows.map((row) => row.id);
}

interface WidgetInputs {
  descriptionWidget?: { description: string } | null;
  assigneesWidget?: { assigneeIds: (GlobalId | null)[] } | null;
  milestoneWidget?: { milestoneId?: GlobalId | null } | null;
  startAndDueDateWidget?: { dueDate?: string | null; startDate?: string | null } | null;
  weightWidget?: { weight?: number | null } | null;
  healthStatusWidget?: { healthStatus?: HealthStatusName | null } | null;
  iterationWidget?: { iterationId?: GlobalId | null } | null;
  colorWidget?: { color: string } | null;
}

/** Each widget input and the widget it needs the work item's type to have. */
const INPUT_WIDGETS: Readonly<Record<string, WidgetType>> = {
  descriptionWidget: 'DESCRIPTION',
  assigneesWidget: 'ASSIGNEES',
  labelsWidget: 'LABELS',
  milestoneWidget: 'MILESTONE',
  startAndDueDateWidget: 'START_AND_DUE_DATE',
  hierarchyWidget: 'HIERARCHY',
  notesWidget: 'NOTES',
  notificationsWidget: 'NOTIFICATIONS',
  currentUserTodosWidget: 'CURRENT_USER_TODOS',
  timeTrackingWidget: 'TIME_TRACKING',
  rolledupDatesWidget: 'ROLLEDUP_DATES',
  weightWidget: 'WEIGHT',
  progressWidget: 'PROGRESS',
  healthStatusWidget: 'HEALTH_STATUS',
  iterationWidget: 'ITERATION',
  colorWidget: 'COLOR',
};

/** GitLab refuses widget inputs the type does not have: the refusal, or null. */
function unsupportedWidgets(type: StoredIssueType, typeName: string, input: object): string | null {
  const keys = Object.entries(input)
    .filter(([key, value]) => value !== undefined && value !== null && INPUT_WIDGETS[key])
    .filter(([key]) => !hasWidget(type, INPUT_WIDGETS[key]!))
    .map(([key]) => key.replace(/Widget$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  return keys.length ? widgetNotSupported(keys.join(', :'), typeName) : null;
}

/** An iteration of the project's groups by global ID (`is invalid` otherwise). */
async function projectIteration(ctx: GraphqlContext, project: WorkItemContainer, gid: GlobalId): Promise<number> {
  const sprint = await ctx.db
    .selectFrom('sprints')
    .select('id')
    .where('id', '=', gid.id)
    .where('group_id', 'in', project.namespace.traversal_ids)
    .executeTakeFirst();
  if (!sprint) throw new ValidationError({ iteration: ['is invalid'] });
  return sprint.id;
}

/** The fields of `createIssue`/`updateIssue` the widget inputs set; metadata needs Reporter. */
async function widgetFields(
  ctx: GraphqlContext,
  project: WorkItemContainer,
  input: WidgetInputs,
): Promise<IssueFields> {
  const fields: IssueFields = {};
  if (input.descriptionWidget) fields.description = input.descriptionWidget.description;
  const metadata =
    input.assigneesWidget ||
    input.milestoneWidget ||
    input.startAndDueDateWidget ||
    input.weightWidget ||
    input.healthStatusWidget ||
    input.iterationWidget ||
    input.colorWidget;
  if (metadata && !canSetIssueMetadata(project.level)) throw notAvailable();
  if (input.assigneesWidget) fields.assigneeIds = await assigneeIds(ctx, input.assigneesWidget.assigneeIds);
  if (input.milestoneWidget)
    fields.milestone = await projectMilestone(ctx, project, input.milestoneWidget.milestoneId ?? null);
  if (input.startAndDueDateWidget) {
    if (input.startAndDueDateWidget.dueDate !== undefined) fields.dueDate = input.startAndDueDateWidget.dueDate;
    if (input.startAndDueDateWidget.startDate !== undefined) fields.startDate = input.startAndDueDateWidget.startDate;
    const { startDate, dueDate } = input.startAndDueDateWidget;
    if (startDate && dueDate && dueDate < startDate)
      throw new ValidationError({ due_date: ['must be greater than or equal to start date'] });
  }
  if (input.weightWidget) {
    const weight = input.weightWidget.weight ?? null;
    if (weight !== null && weight < 0) throw new ValidationError({ weight: ['must be greater than or equal to 0'] });
    fields.weight = weight;
  }
  if (input.healthStatusWidget)
    fields.healthStatus = input.healthStatusWidget.healthStatus
      ? HEALTH_STATUSES[input.healthStatusWidget.healthStatus]
      : null;
  if (input.iterationWidget)
    fields.sprintId = input.iterationWidget.iterationId
      ? await projectIteration(ctx, project, input.iterationWidget.iterationId)
      : null;
  if (input.colorWidget) {
    const errors = colorError(input.colorWidget.color);
    if (errors) throw new ValidationError(errors);
    fields.color = input.colorWidget.color;
  }
  return fields;
}

interface WorkItemUpdateInput extends WidgetInputs {
  id: GlobalId;
  title?: string | null;
  confidential?: boolean | null;
  stateEvent?: 'CLOSE' | 'REOPEN' | null;
  labelsWidget?: { addLabelIds?: GlobalId[] | null; removeLabelIds?: GlobalId[] | null } | null;
  hierarchyWidget?: { parentId?: GlobalId | null; childrenIds?: GlobalId[] | null } | null;
  notesWidget?: { discussionLocked: boolean } | null;
  notificationsWidget?: { subscribed: boolean } | null;
  currentUserTodosWidget?: { action: 'ADD' | 'MARK_AS_DONE'; todoId?: GlobalId | null } | null;
  timeTrackingWidget?: {
    timeEstimate?: string | null;
    timelog?: { timeSpent: string; spentAt?: Date | null; summary?: string | null } | null;
  } | null;
  rolledupDatesWidget?: {
    startDateFixed?: string | null;
    startDateIsFixed?: boolean | null;
    dueDateFixed?: string | null;
    dueDateIsFixed?: boolean | null;
  } | null;
  progressWidget?: { currentValue: number; startValue?: number | null; endValue?: number | null } | null;
  lockVersion?: number | null;
}

async function updateHierarchy(
  ctx: GraphqlContext,
  item: ReadableWorkItem,
  hierarchy: NonNullable<WorkItemUpdateInput['hierarchyWidget']>,
): Promise<void> {
  if (hierarchy.parentId !== undefined) {
    const parent = hierarchy.parentId ? await workItemOrFail(ctx, hierarchy.parentId) : null;
    if (parent && !canUpdateIssue(ctx.user, parent.project.level, parent.issue)) throw notAvailable();
    await setParent(ctx.db, item.issue, parent?.issue ?? null);
  }
  if (hierarchy.childrenIds) {
    if (hierarchy.childrenIds.length > MAX_ITEMS_AT_ONCE) throw new GraphQLError(TOO_MANY_ITEMS);
    for (const childId of hierarchy.childrenIds) {
      const child = await workItemOrFail(ctx, childId);
      if (!canUpdateIssue(ctx.user, child.project.level, child.issue)) throw notAvailable();
      await setParent(ctx.db, child.issue, item.issue);
    }
  }
}

/** The widget inputs stored in the issue's own columns: time estimate and rolled-up dates. */
function columnWidgets(project: WorkItemContainer, input: WorkItemUpdateInput, fields: IssueFields): void {
  const estimate = input.timeTrackingWidget?.timeEstimate;
  if (input.timeTrackingWidget && !canSetIssueMetadata(project.level)) throw notAvailable();
  if (estimate !== undefined && estimate !== null) {
    const seconds = estimate.trim() === '0' ? 0 : parseDuration(estimate);
    if (seconds === null || seconds < 0) throw new ValidationError({ base: [INVALID_ESTIMATE_FORMAT] });
    fields.timeEstimate = seconds;
  }
  const dates = input.rolledupDatesWidget;
  if (dates) {
    if (!canSetIssueMetadata(project.level)) throw notAvailable();
    if (dates.startDateFixed !== undefined) fields.startDate = dates.startDateFixed;
    if (dates.dueDateFixed !== undefined) fields.dueDate = dates.dueDateFixed;
    if (dates.startDateIsFixed != null) fields.startDateIsFixed = dates.startDateIsFixed;
    if (dates.dueDateIsFixed != null) fields.dueDateIsFixed = dates.dueDateIsFixed;
  }
}

/** The widget inputs kept in rows of their own: timelogs, progress, notifications, to-dos. */
async function rowWidgets(ctx: GraphqlContext, item: ReadableWorkItem, input: WorkItemUpdateInput): Promise<void> {
  const user = requireUser(ctx);
  const timelog = input.timeTrackingWidget?.timelog;
  if (timelog) {
    const seconds = parseDuration(timelog.timeSpent);
    if (seconds === null || seconds === 0) throw new ValidationError({ base: [INVALID_TIME_FORMAT] });
    await logTime(
      ctx.db,
      item.issue,
      user.id,
      { seconds, spentAt: timelog.spentAt ?? undefined, summary: timelog.summary },
      item.project.markdown,
    );
  }
  if (input.progressWidget) {
    if (!canSetIssueMetadata(item.project.level)) throw notAvailable();
    const current = await ctx.db
      .selectFrom('work_item_progresses')
      .selectAll()
      .where('issue_id', '=', item.issue.id)
      .executeTakeFirst();
    const values = {
      start_value: input.progressWidget.startValue ?? current?.start_value ?? 0,
      end_value: input.progressWidget.endValue ?? current?.end_value ?? PROGRESS_END,
      current_value: input.progressWidget.currentValue,
    };
    const progress = progressOf({ start: values.start_value, end: values.end_value, current: values.current_value });
    await ctx.db
      .insertInto('work_item_progresses')
      .values({ issue_id: item.issue.id, ...values, progress })
      .onConflict((oc) => oc.column('issue_id').doUpdateSet({ ...values, progress, updated_at: new Date() }))
      .execute();
  }
  if (input.notificationsWidget)
    await setSubscribed(ctx.db, user.id, item.issue.id, input.notificationsWidget.subscribed);
  if (input.currentUserTodosWidget) {
    if (input.currentUserTodosWidget.action === 'ADD') {
      // A group work item's to-do belongs to its group (GitLab's `todos.group_id`).
      await createTodo(ctx.db, {
        userId: user.id,
        authorId: user.id,
        projectId: item.issue.project_id,
        groupId: item.issue.project_id === null ? item.issue.namespace_id : null,
        targetType: 'Issue',
        targetId: item.issue.id,
        action: 'marked',
      });
    } else {
      let query = ctx.db
        .updateTable('todos')
        .set({ state: 'done', updated_at: new Date() })
        .where('user_id', '=', user.id)
        .where('target_type', '=', 'Issue')
        .where('target_id', '=', item.issue.id)
        .where('state', '=', 'pending');
      if (input.currentUserTodosWidget.todoId) query = query.where('id', '=', input.currentUserTodosWidget.todoId.id);
      await query.execute();
    }
  }
}

/** The first note of a discussion on the item (by its 40-hex id), readable by the asker. */
async function firstNoteOf(ctx: GraphqlContext, item: ReadableWorkItem, discussionId: string) {
  const hex = discussionId.slice(discussionId.lastIndexOf('/') + 1);
  const threaded = await ctx.db
    .selectFrom('notes')
    .selectAll()
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', item.issue.id)
    .where('discussion_id', '=', hex)
    .orderBy('id')
    .executeTakeFirst();
  // A comment that stands alone has a discussion id derived from its own id.
  const first =
    threaded ??
    (
      await ctx.db
        .selectFrom('notes')
        .selectAll()
        .where('noteable_type', '=', 'Issue')
        .where('noteable_id', '=', item.issue.id)
        .where('discussion_id', 'is', null)
        .where('system', '=', false)
        .execute()
    ).find((note) => standaloneDiscussionId(note.id) === hex);
  if (!first || !(await loadNote(ctx, first.id))) throw notAvailable();
  return first;
}

/** GitLab's default end value of a progress (a percentage). */
const PROGRESS_END = 100;

/** Resolvers of the mutation root. */
export const mutationResolvers = {
  Mutation: {
    async workItemUpdate(_: unknown, { input }: { input: WorkItemUpdateInput }, ctx: GraphqlContext) {
      const user = requireUser(ctx);
      const item = await workItemOrFail(ctx, input.id);
      const { project } = item;
      // Anyone who can read may change their own notifications and to-dos (GitLab's rule).
      const personalOnly = Object.entries(input).every(
        ([key, value]) =>
          ['id', 'clientMutationId', 'notificationsWidget', 'currentUserTodosWidget'].includes(key) || value == null,
      );
      if (!personalOnly && !canUpdateIssue(user, project.level, item.issue)) throw notAvailable();
      const type = WORK_ITEM_TYPES.find((candidate) => candidate.issueType === item.issue.issue_type)!;
      const unsupported = unsupportedWidgets(item.issue.issue_type, type.name, input);
      if (unsupported) return { errors: [unsupported], workItem: null };
      return payload(async () => {
        const fields: IssueFields & { stateEvent?: StateEvent; lockVersion?: number } = await widgetFields(
          ctx,
          project,
          input,
        );
        if (input.lockVersion !== undefined && input.lockVersion !== null) fields.lockVersion = input.lockVersion;
        columnWidgets(project, input, fields);
        if (input.title !== undefined && input.title !== null) fields.title = input.title;
        if (input.confidential !== undefined && input.confidential !== null) fields.confidential = input.confidential;
        if (input.stateEvent) fields.stateEvent = input.stateEvent === 'CLOSE' ? 'close' : 'reopen';
        if (input.notesWidget) fields.discussionLocked = input.notesWidget.discussionLocked;
        if (input.labelsWidget) {
          if (!canSetIssueMetadata(project.level)) throw notAvailable();
          const current = await ctx.db
            .selectFrom('labels')
            .innerJoin('label_links', 'label_links.label_id', 'labels.id')
            .selectAll('labels')
            .where('label_links.target_type', '=', 'Issue')
            .where('label_links.target_id', '=', item.issue.id)
            .execute();
          const added = await projectLabels(ctx, project, input.labelsWidget.addLabelIds ?? []);
          const removed = new Set((input.labelsWidget.removeLabelIds ?? []).map((gid) => gid.id));
          const byId = new Map([...current, ...added].map((label) => [label.id, label]));
          fields.labels = [...byId.values()].filter((label) => !removed.has(label.id));
        }
        const updated =
          Object.keys(fields).length > 0
            ? await updateIssue(ctx.db, project.project, item.issue, user.id, fields, project.markdown)
            : item.issue;
        if (input.hierarchyWidget) await updateHierarchy(ctx, { ...item, issue: updated }, input.hierarchyWidget);
        await rowWidgets(ctx, { ...item, issue: updated }, input);
        ctx.cache.clear();
        return { workItem: await loadWorkItem(ctx, item.issue.id) };
      });
    },

    async workItemCreate(
      _: unknown,
      {
        input,
      }: {
        input: WidgetInputs & {
          namespacePath?: string | null;
          projectPath?: string | null;
          title: string;
          workItemTypeId: GlobalId;
          confidential?: boolean | null;
          labelsWidget?: { labelIds: GlobalId[] } | null;
          hierarchyWidget?: { parentId?: GlobalId | null } | null;
        };
      },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      const path = input.projectPath ?? input.namespacePath;
      const type = WORK_ITEM_TYPES.find((candidate) => candidate.id === input.workItemTypeId.id);
      const row = path ? await findProject(ctx.db, path) : undefined;
      // A namespace path that is no project names a group: its work items are epics (decision 016).
      const group = path && !row && !input.projectPath ? await groupContainerFor(ctx, path) : null;
      const project = row ? await loadReadableProject(ctx, row.id) : group;
      if (!project || (project.project && !project.project.issues_enabled) || !canCreateIssue(user))
        throw notAvailable();
      if (group && !canCreateGroupWorkItem(group.level)) throw notAvailable();
      if (!type || (group && type.issueType !== GROUP_WORK_ITEM_TYPE))
        return { errors: ['Work item type is not supported'], workItem: null };
      const unsupported = unsupportedWidgets(type.issueType, type.name, input);
      if (unsupported) return { errors: [unsupported], workItem: null };
      return payload(async () => {
        const fields = await widgetFields(ctx, project, input);
        if (input.labelsWidget) {
          if (!canSetIssueMetadata(project.level)) throw notAvailable();
          fields.labels = await projectLabels(ctx, project, input.labelsWidget.labelIds);
        }
        const parent = input.hierarchyWidget?.parentId
          ? await workItemOrFail(ctx, input.hierarchyWidget.parentId)
          : null;
        const issue = await createIssue(
          ctx.db,
          project.project ?? { group: project.namespace },
          user.id,
          {
            ...fields,
            title: input.title,
            confidential: input.confidential ?? parent?.issue.confidential ?? false,
            issueType: type.issueType,
          },
          project.markdown,
        );
        if (parent) await setParent(ctx.db, issue, parent.issue);
        return { workItem: await loadWorkItem(ctx, issue.id) };
      });
    },

    async workItemDelete(_: unknown, { input }: { input: { id: GlobalId } }, ctx: GraphqlContext) {
      requireUser(ctx);
      const item = await workItemOrFail(ctx, input.id);
      if (!canDeleteIssue(item.project.level)) throw notAvailable();
      await ctx.db.deleteFrom('issues').where('id', '=', item.issue.id).execute();
      return item.project.project
        ? { errors: [], project: item.project, namespace: null }
        : { errors: [], project: null, namespace: await loadReadableNamespace(ctx, item.project.namespace.id) };
    },

    async workItemAddLinkedItems(
      _: unknown,
      { input }: { input: { id: GlobalId; workItemsIds: GlobalId[]; linkType?: keyof typeof RELATED_LINK_TYPES } },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      if (input.workItemsIds.length > MAX_ITEMS_AT_ONCE) throw new GraphQLError(TOO_MANY_ITEMS);
      const item = await workItemOrFail(ctx, input.id);
      if (!canUpdateIssue(user, item.project.level, item.issue)) throw notAvailable();
      const targets = (await Promise.all(input.workItemsIds.map((gid) => loadWorkItem(ctx, gid.id)))).filter(
        (target) => target !== null,
      );
      const linked = await addLinks(
        ctx.db,
        item.issue.id,
        targets.map((target) => target.issue.id),
        RELATED_LINK_TYPES[input.linkType ?? 'RELATED'],
      );
      ctx.cache.clear();
      const iids = linked.map((id) => targets.find((target) => target.issue.id === id)!.issue.iid);
      return {
        errors: linked.length ? [] : ['Items are already linked or could not be found'],
        message: linked.length ? `Successfully linked ID(s): ${iids.join(', ')}.` : null,
        workItem: await loadWorkItem(ctx, item.issue.id),
      };
    },

    async workItemRemoveLinkedItems(
      _: unknown,
      { input }: { input: { id: GlobalId; workItemsIds: GlobalId[] } },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      if (input.workItemsIds.length > MAX_ITEMS_AT_ONCE) throw new GraphQLError(TOO_MANY_ITEMS);
      const item = await workItemOrFail(ctx, input.id);
      if (!canUpdateIssue(user, item.project.level, item.issue)) throw notAvailable();
      const removed = await removeLinks(
        ctx.db,
        item.issue.id,
        input.workItemsIds.map((gid) => gid.id),
      );
      ctx.cache.clear();
      return {
        errors: removed.length ? [] : ['No work item IDs provided.'],
        message: removed.length ? `Successfully unlinked IDs: ${removed.join(', ')}.` : null,
        workItem: await loadWorkItem(ctx, item.issue.id),
      };
    },

    async createNote(
      _: unknown,
      {
        input,
      }: { input: { noteableId: GlobalId; body: string; internal?: boolean | null; discussionId?: string | null } },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      const item = await workItemOrFail(ctx, input.noteableId);
      const { project } = item;
      if (!canCreateNote(user, project.level, item.issue)) throw notAvailable();
      if (input.internal && project.level < ACCESS_LEVEL.REPORTER) throw notAvailable();
      if (!input.body.trim()) return { errors: ["Note can't be blank"], note: null };
      const first = input.discussionId ? await firstNoteOf(ctx, item, input.discussionId) : null;
      // `/estimate` and `/spend` apply to the issue (time tracking needs Reporter); the rest is the note.
      const commands = canSetIssueMetadata(project.level) ? parseTimeTrackingCommands(input.body) : null;
      const body = commands ? commands.text : input.body;
      const quickActionsStatus = commands
        ? { messages: commands.messages, commandNames: commands.commandNames, errorMessages: commands.errorMessages }
        : null;
      const newNote = {
        noteableType: 'Issue' as const,
        noteableId: item.issue.id,
        projectId: project.project?.id ?? null,
        authorId: user.id,
        body,
        // A reply is as internal as its thread.
        internal: first ? first.internal : Boolean(input.internal),
      };
      // Mentions on group work items make no to-dos yet (to-dos are listed by project).
      const mentions = project.project
        ? { issue: item.issue, assigneeIds: item.issue.assignee_ids, project: project.project, authorId: user.id }
        : undefined;
      const note = body.trim()
        ? first
          ? await replyToDiscussion(ctx.db, first, newNote, project.markdown, mentions)
          : await createNote(ctx.db, newNote, project.markdown, mentions)
        : null;
      if (commands)
        await applyTimeTrackingCommands(
          ctx.db,
          project.project,
          item.issue,
          user.id,
          commands,
          note?.id ?? null,
          project.markdown,
        );
      await ctx.db.updateTable('issues').set({ updated_at: new Date() }).where('id', '=', item.issue.id).execute();
      ctx.cache.clear();
      return { errors: [], note: note ? await loadNote(ctx, note.id) : null, quickActionsStatus };
    },

    async discussionToggleResolve(
      _: unknown,
      { input }: { input: { id: string; resolve: boolean } },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      const hex = input.id.slice(input.id.lastIndexOf('/') + 1);
      const row = await ctx.db
        .selectFrom('notes')
        .select(['noteable_id', 'id'])
        .where('discussion_id', '=', hex)
        .where('noteable_type', '=', 'Issue')
        .orderBy('id')
        .executeTakeFirst();
      const view = row ? await loadNote(ctx, row.id) : null;
      if (!view || !canResolve(ctx, view.item)) throw notAvailable();
      await ctx.db
        .updateTable('notes')
        .set(
          input.resolve
            ? { resolved_at: new Date(), resolved_by_id: user.id }
            : { resolved_at: null, resolved_by_id: null },
        )
        .where('discussion_id', '=', hex)
        .where('system', '=', false)
        .execute();
      ctx.cache.clear();
      const discussions = await discussionsOf(ctx, view.item, 'ALL_NOTES', 'CREATED_ASC');
      return { errors: [], discussion: discussions.find((discussion) => discussion.id === hex) ?? null };
    },

    async workItemsHierarchyReorder(
      _: unknown,
      {
        input,
      }: {
        input: {
          id: GlobalId;
          adjacentWorkItemId?: GlobalId | null;
          parentId?: GlobalId | null;
          relativePosition?: 'BEFORE' | 'AFTER' | null;
        };
      },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      if (Boolean(input.adjacentWorkItemId) !== Boolean(input.relativePosition))
        throw new GraphQLError(POSITION_ARGS_REQUIRED);
      const item = await workItemOrFail(ctx, input.id);
      const adjacent = input.adjacentWorkItemId ? await workItemOrFail(ctx, input.adjacentWorkItemId) : null;
      const newParent = input.parentId ? await workItemOrFail(ctx, input.parentId) : null;
      const currentParentId = await parentIdOf(ctx.db, item.issue.id);
      const parent =
        newParent ??
        (currentParentId === null ? null : await workItemOrFail(ctx, { model: 'WorkItem', id: currentParentId }));
      if (!parent || !canUpdateIssue(user, parent.project.level, parent.issue)) throw notAvailable();
      if (adjacent && (await parentIdOf(ctx.db, adjacent.issue.id)) !== parent.issue.id)
        throw new GraphQLError(ADJACENT_PARENT_MISMATCH);
      return payload(async () => {
        if (newParent && newParent.issue.id !== currentParentId) await setParent(ctx.db, item.issue, newParent.issue);
        if (adjacent)
          await reorderChild(ctx.db, parent.issue.id, item.issue.id, adjacent.issue.id, input.relativePosition!);
        ctx.cache.clear();
        return {
          workItem: await loadWorkItem(ctx, item.issue.id),
          adjacentWorkItem: adjacent ? await loadWorkItem(ctx, adjacent.issue.id) : null,
          parentWorkItem: await loadWorkItem(ctx, parent.issue.id),
        };
      });
    },

    async workItemSubscribe(
      _: unknown,
      { input }: { input: { id: GlobalId; subscribed: boolean } },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      const item = await workItemOrFail(ctx, input.id);
      await setSubscribed(ctx.db, user.id, item.issue.id, input.subscribed);
      return { errors: [], workItem: item };
    },

    async updateNote(_: unknown, { input }: { input: { id: GlobalId; body?: string | null } }, ctx: GraphqlContext) {
      const user = requireUser(ctx);
      const view = await loadNote(ctx, input.id.id);
      if (!view || !canUpdateNote(user, view.note)) throw notAvailable();
      if (input.body === undefined || input.body === null) return { errors: [], note: view };
      if (!input.body.trim()) return { errors: ["Note can't be blank"], note: view };
      const html = await renderedColumns(ctx.db, 'notes', { note: input.body }, view.item.project.markdown);
      await ctx.db
        .updateTable('notes')
        .set({ note: input.body, ...(html as { note_html: string }), updated_at: new Date() })
        .where('id', '=', view.note.id)
        .execute();
      ctx.cache.clear();
      return { errors: [], note: await loadNote(ctx, view.note.id) };
    },

    async destroyNote(_: unknown, { input }: { input: { id: GlobalId } }, ctx: GraphqlContext) {
      const user = requireUser(ctx);
      const view = await loadNote(ctx, input.id.id);
      if (!view || !canDeleteNote(user, view.item.project.level, view.note)) throw notAvailable();
      await ctx.db.deleteFrom('notes').where('id', '=', view.note.id).execute();
      return { errors: [], note: null };
    },

    awardEmojiAdd: (_: unknown, { input }: { input: AwardInput }, ctx: GraphqlContext) => award(ctx, input, 'add'),
    awardEmojiRemove: (_: unknown, { input }: { input: AwardInput }, ctx: GraphqlContext) =>
      award(ctx, input, 'remove'),
    awardEmojiToggle: (_: unknown, { input }: { input: AwardInput }, ctx: GraphqlContext) =>
      award(ctx, input, 'toggle'),

    async labelCreate(
      _: unknown,
      {
        input,
      }: {
        input: {
          projectPath?: string | null;
          groupPath?: string | null;
          title: string;
          color?: string | null;
          description?: string | null;
        };
      },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      let owner: { project_id: number } | { group_id: number };
      let scope: MarkdownScope;
      if (input.projectPath) {
        const row = await findProject(ctx.db, input.projectPath);
        const project = row ? await loadReadableProject(ctx, row.id) : null;
        if (!project || !canAdminLabels(project.level)) throw notAvailable();
        owner = { project_id: project.project.id };
        scope = project.markdown;
      } else {
        const group = input.groupPath ? await findNamespace(ctx.db, input.groupPath) : undefined;
        if (!group || group.type !== 'Group' || !(await canReadGroup(ctx.db, user, group))) throw notAvailable();
        if (!canAdminLabels(await groupAccessLevel(ctx.db, user, group))) throw notAvailable();
        owner = { group_id: group.id };
        scope = {
          root: ctx.root,
          group: {
            id: group.id,
            fullPath: group.full_path,
            traversalIds: group.traversal_ids,
            visibilityLevel: group.visibility_level,
          },
        };
      }
      const color = (input.color ?? '').trim();
      const errors = labelErrors({ title: input.title, color });
      if (Object.keys(errors).length) return { errors: fullMessages(new ValidationError(errors)), label: null };
      const html = await renderedColumns(ctx.db, 'labels', { description: input.description ?? null }, scope);
      try {
        const label = await ctx.db
          .insertInto('labels')
          .values({
            type: 'project_id' in owner ? 'ProjectLabel' : 'GroupLabel',
            ...owner,
            title: input.title.trim(),
            color,
            description: input.description ?? null,
            ...(html as { description_html: string | null; cached_markdown_version: number }),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { errors: [], label };
      } catch (error) {
        if (isUniqueViolation(error)) return { errors: [`Title ${LABEL_EXISTS.toLowerCase()}`], label: null };
        throw error;
      }
    },
  },
};

interface AwardInput {
  awardableId: GlobalId;
  name: string;
}

/** Adds, removes or toggles the asker's award on an issue/work item or one of its notes. */
async function award(ctx: GraphqlContext, input: AwardInput, mode: 'add' | 'remove' | 'toggle') {
  const user = requireUser(ctx);
  let target: { type: 'Issue' | 'Note'; id: number };
  if (input.awardableId.model === 'Note') {
    const view = await loadNote(ctx, input.awardableId.id);
    if (!view || view.note.system) throw notAvailable();
    target = { type: 'Note', id: view.note.id };
  } else {
    const item = await workItemOrFail(ctx, input.awardableId);
    target = { type: 'Issue', id: item.issue.id };
  }
  if (!canAwardEmoji(user)) throw notAvailable();
  const name = await canonicalEmojiName(input.name);
  if (!name) return { errors: [AWARD_INVALID_NAME], awardEmoji: null, toggledOn: false };
  const existing = await ctx.db
    .selectFrom('award_emoji')
    .selectAll()
    .where('awardable_type', '=', target.type)
    .where('awardable_id', '=', target.id)
    .where('user_id', '=', user.id)
    .where('name', '=', name)
    .executeTakeFirst();
  if (mode === 'remove' || (mode === 'toggle' && existing)) {
    if (!existing)
      return { errors: ['User has not awarded emoji of type ' + name + ' on the awardable'], awardEmoji: null };
    await ctx.db.deleteFrom('award_emoji').where('id', '=', existing.id).execute();
    return { errors: [], awardEmoji: null, toggledOn: false };
  }
  if (existing) return { errors: [AWARD_TAKEN], awardEmoji: null, toggledOn: false };
  const row = await ctx.db
    .insertInto('award_emoji')
    .values({ name, user_id: user.id, awardable_type: target.type, awardable_id: target.id })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { errors: [], awardEmoji: row, toggledOn: true };
}
