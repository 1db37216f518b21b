/**
 * Mutations, through the same domain functions and permission questions as REST: work items
 * (GitLab's issues) with their widgets, hierarchy and links; notes; award emoji; labels. Model
 * validation failures come back in the payload's `errors` as GitLab's full messages; what the
 * asker may not see or do is GitLab's "resource not available" error.
 */
import { GraphQLError } from 'graphql/index.js';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { canonicalEmojiName } from '../../domain/emoji.ts';
import { ValidationError, isUniqueViolation, TAKEN } from '../../domain/errors.ts';
import { findNamespace } from '../../domain/groups.ts';
import type { IssueType, LabelRow, MilestoneRow } from '../../domain/issuableTables.ts';
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
  addLinks,
  removeLinks,
  setParent,
} from '../../domain/workItems.ts';
import {
  loadReadableProject,
  loadWorkItem,
  type GraphqlContext,
  type ReadableProject,
  type ReadableWorkItem,
} from '../context.ts';
import type { GlobalId } from '../ids.ts';
import { loadNote } from './workItems.ts';

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

/** A validation failure as GitLab's full messages; other errors go on. */
function fullMessages(error: unknown): string[] {
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

/** Labels by global ID that the work item's project sees (its own and its groups'). */
async function projectLabels(
  ctx: GraphqlContext,
  project: ReadableProject,
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
      eb.or([eb('project_id', '=', project.project.id), eb('group_id', 'in', project.namespace.traversal_ids)]),
    )
    .execute();
}

async function projectMilestone(
  ctx: GraphqlContext,
  project: ReadableProject,
  gid: GlobalId | null | undefined,
): Promise<MilestoneRow | null | undefined> {
  if (gid === undefined) return undefined;
  if (gid === null) return null;
  const milestone = await ctx.db
    .selectFrom('milestones')
    .selectAll()
    .where('id', '=', gid.id)
    .where((eb) =>
      eb.or([eb('project_id', '=', project.project.id), eb('group_id', 'in', project.namespace.traversal_ids)]),
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
}

/** The fields of `createIssue`/`updateIssue` the widget inputs set; metadata needs Reporter. */
async function widgetFields(ctx: GraphqlContext, project: ReadableProject, input: WidgetInputs): Promise<IssueFields> {
  const fields: IssueFields = {};
  if (input.descriptionWidget) fields.description = input.descriptionWidget.description;
  const metadata = input.assigneesWidget || input.milestoneWidget;
  if (metadata && !canSetIssueMetadata(project.level)) throw notAvailable();
  if (input.assigneesWidget) fields.assigneeIds = await assigneeIds(ctx, input.assigneesWidget.assigneeIds);
  if (input.milestoneWidget)
    fields.milestone = await projectMilestone(ctx, project, input.milestoneWidget.milestoneId ?? null);
  return fields;
}

interface WorkItemUpdateInput extends WidgetInputs {
  id: GlobalId;
  title?: string | null;
  confidential?: boolean | null;
  stateEvent?: 'CLOSE' | 'REOPEN' | null;
  labelsWidget?: { addLabelIds?: GlobalId[] | null; removeLabelIds?: GlobalId[] | null } | null;
  startAndDueDateWidget?: { dueDate?: string | null; startDate?: string | null } | null;
  hierarchyWidget?: { parentId?: GlobalId | null; childrenIds?: GlobalId[] | null } | null;
  notesWidget?: { discussionLocked: boolean } | null;
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

/** Resolvers of the mutation root. */
export const mutationResolvers = {
  Mutation: {
    async workItemUpdate(_: unknown, { input }: { input: WorkItemUpdateInput }, ctx: GraphqlContext) {
      const user = requireUser(ctx);
      const item = await workItemOrFail(ctx, input.id);
      const { project } = item;
      if (!canUpdateIssue(user, project.level, item.issue)) throw notAvailable();
      return payload(async () => {
        const fields: IssueFields & { stateEvent?: StateEvent } = await widgetFields(ctx, project, input);
        if (input.title !== undefined && input.title !== null) fields.title = input.title;
        if (input.confidential !== undefined && input.confidential !== null) fields.confidential = input.confidential;
        if (input.stateEvent) fields.stateEvent = input.stateEvent === 'CLOSE' ? 'close' : 'reopen';
        if (input.notesWidget) fields.discussionLocked = input.notesWidget.discussionLocked;
        if (input.startAndDueDateWidget && input.startAndDueDateWidget.dueDate !== undefined) {
          if (!canSetIssueMetadata(project.level)) throw notAvailable();
          fields.dueDate = input.startAndDueDateWidget.dueDate;
        }
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
        const updated = await updateIssue(ctx.db, project.project, item.issue, user.id, fields, project.markdown);
        if (input.hierarchyWidget) await updateHierarchy(ctx, { ...item, issue: updated }, input.hierarchyWidget);
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
      const row = path && path.includes('/') ? await findProject(ctx.db, path) : undefined;
      const project = row ? await loadReadableProject(ctx, row.id) : null;
      if (!project || !project.project.issues_enabled || !canCreateIssue(user)) throw notAvailable();
      const type = WORK_ITEM_TYPES.find((candidate) => candidate.id === input.workItemTypeId.id);
      if (!type?.issueType) return { errors: ['Work item type is not supported'], workItem: null };
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
          project.project,
          user.id,
          {
            ...fields,
            title: input.title,
            confidential: input.confidential ?? parent?.issue.confidential ?? false,
            issueType: type.issueType as IssueType,
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
      return { errors: [], project: item.project, namespace: null };
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
      { input }: { input: { noteableId: GlobalId; body: string; internal?: boolean | null } },
      ctx: GraphqlContext,
    ) {
      const user = requireUser(ctx);
      const item = await workItemOrFail(ctx, input.noteableId);
      const { project } = item;
      if (!canCreateNote(user, project.level, item.issue)) throw notAvailable();
      if (input.internal && project.level < ACCESS_LEVEL.REPORTER) throw notAvailable();
      if (!input.body.trim()) return { errors: ["Note can't be blank"], note: null };
      const note = await createNote(
        ctx.db,
        {
          noteableType: 'Issue',
          noteableId: item.issue.id,
          projectId: project.project.id,
          authorId: user.id,
          body: input.body,
          internal: Boolean(input.internal),
        },
        project.markdown,
        { issue: item.issue, assigneeIds: item.issue.assignee_ids, project: project.project, authorId: user.id },
      );
      await ctx.db.updateTable('issues').set({ updated_at: new Date() }).where('id', '=', item.issue.id).execute();
      return { errors: [], note: await loadNote(ctx, note.id) };
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
