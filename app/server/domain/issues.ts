/**
 * Issues: creation (iid from the project's counter inside the inserting transaction, so parallel
 * creations get distinct, increasing iids), updates with GitLab's `state_event` and system notes,
 * assignment todos, and the lookups routes share.
 */
import { formatDuration } from 'forgekit';
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';
import { BLANK, StaleObjectError, ValidationError } from './errors.ts';
import { nextNamespaceIid } from './groupWorkItems.ts';
import type { IssueRow, LabelRow, MilestoneRow, StoredIssueType } from './issuableTables.ts';
import { nextIid } from './iids.ts';
import { renderedColumns, type MarkdownScope } from './markdown.ts';
import { createMentionTodos } from './mentions.ts';
import { createSystemNote } from './notes.ts';
import { createTodo } from './todos.ts';
import { inTransaction } from './transaction.ts';
import {
  exclusiveScopedLabels,
  healthStatusName,
  SERVER_DURATION_FORMAT,
  type HealthStatusName,
} from './workItemWidgets.ts';

/** Longest issue title GitLab accepts. */
export const MAX_TITLE_LENGTH = 255;
/** Longest description GitLab accepts (`Issuable::DESCRIPTION_LENGTH_MAX`). */
export const MAX_DESCRIPTION_LENGTH = 1_048_576;
/** GitLab's message for a title over {@link MAX_TITLE_LENGTH}. */
export const TITLE_TOO_LONG = `is too long (maximum is ${MAX_TITLE_LENGTH} characters)`;

/** GitLab's system note texts. */
export const SYSTEM_NOTES = {
  closed: 'closed',
  reopened: 'reopened',
  descriptionChanged: 'changed the description',
  confidential: 'made the issue confidential',
  visible: 'made the issue visible to everyone',
  locked: 'locked the discussion in this issue',
  unlocked: 'unlocked the discussion in this issue',
  milestoneRemoved: 'removed milestone',
  estimateRemoved: 'removed time estimate',
  weightRemoved: 'removed the weight',
  healthStatusRemoved: 'removed health status',
} as const;

/** GitLab's wording of each health status in system notes. */
export const HEALTH_STATUS_TEXT: Readonly<Record<HealthStatusName, string>> = {
  onTrack: 'on track',
  needsAttention: 'needs attention',
  atRisk: 'at risk',
};

/** An issue row with its assignees' ids. */
export type IssueWithAssignees = IssueRow & { assignee_ids: number[] };

/** The issue `iid` of a project, with its assignees. */
export async function findIssue(db: DbOrTx, projectId: number, iid: number): Promise<IssueWithAssignees | undefined> {
  return db
    .selectFrom('issues')
    .selectAll('issues')
    .select(
      sql<number[]>`ARRAY(SELECT user_id FROM issue_assignees WHERE issue_id = issues.id ORDER BY user_id)`.as(
        'assignee_ids',
      ),
    )
    .where('project_id', '=', projectId)
    .where('iid', '=', iid)
    .executeTakeFirst();
}

/** The project an issue lives in, as the write paths need it. */
export interface IssueProject {
  id: number;
  namespace_id: number;
  visibility_level: number;
}

/** The group a group work item (an epic) is created in, without a project. */
export interface IssueGroup {
  group: { id: number };
}

/** Fields of a new issue or an update (undefined: not given). */
export interface IssueFields {
  title?: string;
  description?: string | null;
  confidential?: boolean;
  discussionLocked?: boolean;
  issueType?: StoredIssueType;
  dueDate?: string | null;
  startDate?: string | null;
  startDateIsFixed?: boolean;
  dueDateIsFixed?: boolean;
  weight?: number | null;
  healthStatus?: number | null;
  color?: string | null;
  /** Seconds. */
  timeEstimate?: number;
  sprintId?: number | null;
  milestone?: MilestoneRow | null;
  assigneeIds?: number[];
  labels?: LabelRow[];
  createdAt?: Date;
}

function validate(fields: IssueFields, creating: boolean): void {
  if (creating || fields.title !== undefined) {
    if (!fields.title?.trim()) throw new ValidationError({ title: [BLANK] });
    if ([...fields.title].length > MAX_TITLE_LENGTH) throw new ValidationError({ title: [TITLE_TOO_LONG] });
  }
}

async function setLabels(db: DbOrTx, issueId: number, labels: readonly LabelRow[]): Promise<void> {
  await db.deleteFrom('label_links').where('target_type', '=', 'Issue').where('target_id', '=', issueId).execute();
  if (labels.length)
    await db
      .insertInto('label_links')
      .values(labels.map((label) => ({ label_id: label.id, target_type: 'Issue', target_id: issueId })))
      .execute();
}

async function setAssignees(db: DbOrTx, issueId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('issue_assignees').where('issue_id', '=', issueId).execute();
  if (userIds.length)
    await db
      .insertInto('issue_assignees')
      .values(userIds.map((userId) => ({ issue_id: issueId, user_id: userId })))
      .execute();
}

async function assignmentTodos(
  db: DbOrTx,
  issue: IssueRow,
  actorId: number,
  newAssignees: readonly number[],
): Promise<void> {
  // To-dos are listed by project: group work items have none yet (decision 016).
  if (issue.project_id === null) return;
  for (const userId of newAssignees) {
    if (userId === actorId) continue;
    await createTodo(db, {
      userId,
      authorId: actorId,
      projectId: issue.project_id,
      targetType: 'Issue',
      targetId: issue.id,
      action: 'assigned',
    });
  }
}

/** Creates an issue by `authorId` in `project`, or a group work item in a group. */
export async function createIssue(
  db: DbOrTx,
  owner: IssueProject | IssueGroup,
  authorId: number,
  fields: IssueFields,
  scope: MarkdownScope,
): Promise<IssueWithAssignees> {
  validate(fields, true);
  // Rendered before the transaction: the iid counter row stays locked only for the inserts.
  const html = await renderedColumns(
    db,
    'issues',
    { title: fields.title!, description: fields.description ?? null },
    scope,
  );
  const issue = await inTransaction(db, async (trx) => {
    const iid =
      'group' in owner ? await nextNamespaceIid(trx, owner.group.id, 'issues') : await nextIid(trx, owner.id, 'issues');
    const row = await trx
      .insertInto('issues')
      .values({
        iid,
        project_id: 'group' in owner ? null : owner.id,
        namespace_id: 'group' in owner ? owner.group.id : null,
        author_id: authorId,
        title: fields.title!,
        description: fields.description ?? null,
        confidential: fields.confidential ?? false,
        discussion_locked: fields.discussionLocked ?? null,
        issue_type: fields.issueType ?? 'issue',
        due_date: fields.dueDate ?? null,
        start_date: fields.startDate ?? null,
        weight: fields.weight ?? null,
        health_status: fields.healthStatus ?? null,
        color: fields.color ?? null,
        time_estimate: fields.timeEstimate ?? 0,
        sprint_id: fields.sprintId ?? null,
        milestone_id: fields.milestone?.id ?? null,
        ...(fields.createdAt ? { created_at: fields.createdAt, updated_at: fields.createdAt } : {}),
        ...(html as Pick<IssueRow, 'title_html' | 'description_html' | 'cached_markdown_version'>),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await setAssignees(trx, row.id, fields.assigneeIds ?? []);
    await setLabels(trx, row.id, exclusiveScopedLabels([], fields.labels ?? []));
    return { ...row, assignee_ids: [...(fields.assigneeIds ?? [])].sort((a, b) => a - b) };
  });
  await assignmentTodos(db, issue, authorId, issue.assignee_ids);
  if (issue.description && !('group' in owner)) {
    await createMentionTodos(db, {
      issue,
      assigneeIds: issue.assignee_ids,
      project: owner,
      authorId,
      text: issue.description,
      html: issue.description_html ?? '',
    });
  }
  return issue;
}

/** `state_event` of an update. */
export type StateEvent = 'close' | 'reopen';

/** `~name` or `~"two words"`: a label as a reference in a system note. */
function labelReference(label: LabelRow): string {
  return /^[\w.?&-]+$/.test(label.title) ? `~${label.title}` : `~"${label.title}"`;
}

function milestoneReference(milestone: MilestoneRow): string {
  return /^[\w.-]+$/.test(milestone.title) ? `%${milestone.title}` : `%"${milestone.title}"`;
}

function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The system notes an update writes, in GitLab's wording. */
function systemNotesFor(
  before: IssueWithAssignees,
  after: IssueRow,
  change: {
    labelsBefore: LabelRow[];
    labelsAfter?: LabelRow[];
    assigneesAfter?: number[];
    usernames: Map<number, string>;
    milestone?: MilestoneRow | null;
  },
): string[] {
  const notes: string[] = [];
  if (after.title !== before.title) notes.push(`changed title from **${before.title}** to **${after.title}**`);
  if (after.description !== before.description) notes.push(SYSTEM_NOTES.descriptionChanged);
  if (change.assigneesAfter) {
    const added = change.assigneesAfter.filter((id) => !before.assignee_ids.includes(id));
    const removed = before.assignee_ids.filter((id) => !change.assigneesAfter!.includes(id));
    const mention = (ids: number[]) => listText(ids.map((id) => `@${change.usernames.get(id)}`));
    const parts = [
      ...(added.length ? [`assigned to ${mention(added)}`] : []),
      ...(removed.length ? [`unassigned ${mention(removed)}`] : []),
    ];
    if (parts.length) notes.push(parts.join(' and '));
  }
  if (change.labelsAfter) {
    const beforeIds = new Set(change.labelsBefore.map((label) => label.id));
    const afterIds = new Set(change.labelsAfter.map((label) => label.id));
    const added = change.labelsAfter.filter((label) => !beforeIds.has(label.id));
    const removed = change.labelsBefore.filter((label) => !afterIds.has(label.id));
    const phrase = (verb: string, labels: LabelRow[]) =>
      `${verb} ${labels.map(labelReference).join(' ')} ${labels.length === 1 ? 'label' : 'labels'}`;
    const parts = [
      ...(added.length ? [phrase('added', added)] : []),
      ...(removed.length ? [phrase('removed', removed)] : []),
    ];
    if (parts.length) notes.push(parts.join(' and '));
  }
  if (change.milestone !== undefined && after.milestone_id !== before.milestone_id) {
    notes.push(
      change.milestone ? `changed milestone to ${milestoneReference(change.milestone)}` : SYSTEM_NOTES.milestoneRemoved,
    );
  }
  if (after.confidential !== before.confidential)
    notes.push(after.confidential ? SYSTEM_NOTES.confidential : SYSTEM_NOTES.visible);
  if (Boolean(after.discussion_locked) !== Boolean(before.discussion_locked))
    notes.push(after.discussion_locked ? SYSTEM_NOTES.locked : SYSTEM_NOTES.unlocked);
  if (after.time_estimate !== before.time_estimate)
    notes.push(
      after.time_estimate
        ? `changed time estimate to ${formatDuration(after.time_estimate, SERVER_DURATION_FORMAT)}`
        : SYSTEM_NOTES.estimateRemoved,
    );
  if (after.weight !== before.weight)
    notes.push(after.weight === null ? SYSTEM_NOTES.weightRemoved : `changed weight to **${after.weight}**`);
  if (after.health_status !== before.health_status) {
    const name = healthStatusName(after.health_status);
    notes.push(name ? `changed health status to **${HEALTH_STATUS_TEXT[name]}**` : SYSTEM_NOTES.healthStatusRemoved);
  }
  if (after.state !== before.state) notes.push(after.state === 'closed' ? SYSTEM_NOTES.closed : SYSTEM_NOTES.reopened);
  return notes;
}

/** Updates an issue as `actorId`; writes its system notes and new todos. */
export async function updateIssue(
  db: DbOrTx,
  /** Null for a group work item (its mentions make no to-dos yet). */
  project: IssueProject | null,
  issue: IssueWithAssignees,
  actorId: number,
  fields: IssueFields & {
    stateEvent?: StateEvent;
    updatedAt?: Date;
    /** The lock version the editor read: a moved-on row refuses the update (`StaleObjectError`). */
    lockVersion?: number;
  },
  scope: MarkdownScope,
): Promise<IssueWithAssignees> {
  validate(fields, false);
  const sources: Record<string, string | null> = {};
  if (fields.title !== undefined && fields.title !== issue.title) sources.title = fields.title;
  if (fields.description !== undefined && fields.description !== issue.description)
    sources.description = fields.description;
  const html = Object.keys(sources).length ? await renderedColumns(db, 'issues', sources, scope) : {};
  const closing = fields.stateEvent === 'close' && issue.state === 'opened';
  const reopening = fields.stateEvent === 'reopen' && issue.state === 'closed';
  const labelsBefore = fields.labels
    ? await db
        .selectFrom('labels')
        .innerJoin('label_links', 'label_links.label_id', 'labels.id')
        .selectAll('labels')
        .where('label_links.target_type', '=', 'Issue')
        .where('label_links.target_id', '=', issue.id)
        .execute()
    : [];
  const labelsAfter = fields.labels ? exclusiveScopedLabels(labelsBefore, fields.labels) : undefined;
  const edited = sources.title !== undefined || sources.description !== undefined;
  const updated = await inTransaction(db, async (trx) => {
    let update = trx
      .updateTable('issues')
      .set({
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.confidential !== undefined ? { confidential: fields.confidential } : {}),
        ...(fields.discussionLocked !== undefined ? { discussion_locked: fields.discussionLocked } : {}),
        ...(fields.issueType !== undefined ? { issue_type: fields.issueType } : {}),
        ...(fields.dueDate !== undefined ? { due_date: fields.dueDate } : {}),
        ...(fields.weight !== undefined ? { weight: fields.weight } : {}),
        ...(fields.startDate !== undefined ? { start_date: fields.startDate } : {}),
        ...(fields.startDateIsFixed !== undefined ? { start_date_is_fixed: fields.startDateIsFixed } : {}),
        ...(fields.dueDateIsFixed !== undefined ? { due_date_is_fixed: fields.dueDateIsFixed } : {}),
        ...(fields.healthStatus !== undefined ? { health_status: fields.healthStatus } : {}),
        ...(fields.color !== undefined ? { color: fields.color } : {}),
        ...(fields.timeEstimate !== undefined ? { time_estimate: fields.timeEstimate } : {}),
        ...(fields.sprintId !== undefined ? { sprint_id: fields.sprintId } : {}),
        ...(edited ? { last_edited_at: new Date(), last_edited_by_id: actorId } : {}),
        ...(fields.milestone !== undefined ? { milestone_id: fields.milestone?.id ?? null } : {}),
        ...(closing ? { state: 'closed' as const, closed_at: new Date(), closed_by_id: actorId } : {}),
        ...(reopening ? { state: 'opened' as const, closed_at: null, closed_by_id: null } : {}),
        ...(html as Partial<Pick<IssueRow, 'title_html' | 'description_html' | 'cached_markdown_version'>>),
        updated_at: fields.updatedAt ?? new Date(),
      })
      .where('id', '=', issue.id);
    if (fields.lockVersion !== undefined) update = update.where('lock_version', '=', fields.lockVersion);
    const row = await update.returningAll().executeTakeFirst();
    if (!row) throw new StaleObjectError('work item');
    if (fields.assigneeIds) await setAssignees(trx, issue.id, fields.assigneeIds);
    if (fields.labels) await setLabels(trx, issue.id, labelsAfter!);
    return row;
  });
  const assigneeIds = fields.assigneeIds ? [...new Set(fields.assigneeIds)].sort((a, b) => a - b) : issue.assignee_ids;
  const involved = [...new Set([...issue.assignee_ids, ...assigneeIds])];
  const usernames = new Map(
    involved.length
      ? (await db.selectFrom('users').select(['id', 'username']).where('id', 'in', involved).execute()).map((u) => [
          u.id,
          u.username,
        ])
      : [],
  );
  const notes = systemNotesFor(issue, updated, {
    labelsBefore,
    labelsAfter,
    assigneesAfter: fields.assigneeIds ? assigneeIds : undefined,
    usernames,
    milestone: fields.milestone,
  });
  for (const body of notes) await createSystemNote(db, updated, actorId, body, scope);
  const result = { ...updated, assignee_ids: assigneeIds };
  await assignmentTodos(
    db,
    updated,
    actorId,
    assigneeIds.filter((id) => !issue.assignee_ids.includes(id)),
  );
  if (sources.description && project) {
    await createMentionTodos(db, {
      issue: result,
      assigneeIds,
      project,
      authorId: actorId,
      text: sources.description,
      html: (html as { description_html?: string }).description_html ?? '',
    });
  }
  return result;
}
