/**
 * The rules of the work item widgets beyond an issue's own columns (migration 060): time tracking
 * (GitLab's working-time durations, timelogs, `/estimate` and `/spend`), health status, progress
 * of objectives and key results, iterations, notification subscriptions, scoped labels, colour,
 * rolled-up dates of epics, designs, and the merge requests that close an issue.
 */
import { formatDuration } from 'forgekit';
import { sql, type Generated, type Selectable } from 'kysely';
import type { CreatedAt, DbOrTx, Defaulted } from '../db/schema.ts';
import type { LabelRow, NullableDate } from './issuableTables.ts';
import { INVALID_COLOR, LABEL_COLOR_PATTERN } from './labels.ts';
import type { MarkdownScope } from './markdown.ts';
import { createSystemNote } from './notes.ts';

declare module './issuableTables.ts' {
  interface IssuesTable {
    lock_version: Generated<number>;
    last_edited_at: Date | null;
    last_edited_by_id: number | null;
    start_date: NullableDate;
    start_date_is_fixed: Generated<boolean>;
    due_date_is_fixed: Generated<boolean>;
    health_status: number | null;
    color: string | null;
    time_estimate: Generated<number>;
    sprint_id: number | null;
  }
  interface NotesTable {
    resolved_at: Date | null;
    resolved_by_id: number | null;
  }
}

export interface TimelogsTable {
  id: Generated<number>;
  issue_id: number;
  user_id: number | null;
  note_id: number | null;
  time_spent: number;
  spent_at: CreatedAt;
  summary: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface WorkItemProgressesTable {
  issue_id: number;
  progress: Defaulted<number>;
  start_value: Defaulted<number>;
  end_value: Defaulted<number>;
  current_value: Defaulted<number>;
  updated_at: CreatedAt;
}

export interface IterationsCadencesTable {
  id: Generated<number>;
  group_id: number;
  title: string;
  duration_in_weeks: Generated<number>;
  automatic: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SprintsTable {
  id: Generated<number>;
  iid: number;
  group_id: number;
  iterations_cadence_id: number;
  title: string | null;
  start_date: Date | string;
  due_date: Date | string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SubscriptionsTable {
  user_id: number;
  subscribable_type: string;
  subscribable_id: number;
  subscribed: boolean;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface DesignsTable {
  id: Generated<number>;
  issue_id: number;
  filename: string;
  /** A seeded design's image as a data URL; `null` for an uploaded one (its file is on disk). */
  image: string | null;
  /** An uploaded design's media type (migration 066). */
  content_type: string | null;
  size_bytes: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    timelogs: TimelogsTable;
    work_item_progresses: WorkItemProgressesTable;
    iterations_cadences: IterationsCadencesTable;
    sprints: SprintsTable;
    subscriptions: SubscriptionsTable;
    design_management_designs: DesignsTable;
  }
}

export type TimelogRow = Selectable<TimelogsTable>;
export type SprintRow = Selectable<SprintsTable>;
export type CadenceRow = Selectable<IterationsCadencesTable>;
export type DesignRow = Selectable<DesignsTable>;
export type ProgressRow = Selectable<WorkItemProgressesTable>;

/** GitLab's `health_status` values, by their GraphQL names. */
export const HEALTH_STATUSES = { onTrack: 1, needsAttention: 2, atRisk: 3 } as const;
export type HealthStatusName = keyof typeof HEALTH_STATUSES;

/** The GraphQL name of a stored health status. */
export function healthStatusName(value: number | null): HealthStatusName | null {
  return (Object.keys(HEALTH_STATUSES) as HealthStatusName[]).find((name) => HEALTH_STATUSES[name] === value) ?? null;
}

/**
 * How the server writes durations (`Gitlab::TimeTrackingFormatter.output`): with months, where the
 * time tracking widget shows weeks at most. Parsing and formatting are forgekit's.
 */
export const SERVER_DURATION_FORMAT = { useMonths: true } as const;

/** Total seconds spent on an issue. */
export async function totalTimeSpent(db: DbOrTx, issueId: number): Promise<number> {
  const row = await db
    .selectFrom('timelogs')
    .select(sql<number>`coalesce(sum(time_spent), 0)::int`.as('total'))
    .where('issue_id', '=', issueId)
    .executeTakeFirstOrThrow();
  return row.total;
}

/** The progress (0 to 100) of a value between a start and an end, as GitLab computes it. */
export function progressOf(values: { start: number; end: number; current: number }): number {
  if (values.end === values.start) return values.current >= values.end ? 100 : 0;
  const ratio = (values.current - values.start) / (values.end - values.start);
  return Math.min(100, Math.max(0, Math.round(ratio * 100)));
}

/** The scope of a scoped label (`priority` of `priority::high`), or null. */
export function labelScope(title: string): string | null {
  const end = title.lastIndexOf('::');
  return end > 0 ? title.slice(0, end) : null;
}

/**
 * Scoped labels are mutually exclusive: of labels sharing a scope, the one newly added (the last
 * given) stays and the others are removed, as GitLab does on every write path.
 */
export function exclusiveScopedLabels(before: readonly LabelRow[], after: readonly LabelRow[]): LabelRow[] {
  const had = new Set(before.map((label) => label.id));
  const winner = new Map<string, LabelRow>();
  for (const label of after) {
    const scope = labelScope(label.title);
    if (!scope) continue;
    const current = winner.get(scope);
    if (!current || !had.has(label.id) || had.has(current.id)) winner.set(scope, label);
  }
  return after.filter((label) => {
    const scope = labelScope(label.title);
    return !scope || winner.get(scope)?.id === label.id;
  });
}

/** GitLab's validation of a work item colour (3 or 6 hex digits): the field's errors, or null. */
export function colorError(color: string): Record<string, string[]> | null {
  return LABEL_COLOR_PATTERN.test(color) ? null : { color: [INVALID_COLOR] };
}

/**
 * Whether `userId` gets notifications about the issue: an explicit choice wins; otherwise its
 * author, assignees and commenters are subscribed (GitLab's participants).
 */
export async function isSubscribed(
  db: DbOrTx,
  userId: number,
  issue: { id: number; author_id: number | null; assignee_ids: readonly number[] },
): Promise<boolean> {
  const explicit = await db
    .selectFrom('subscriptions')
    .select('subscribed')
    .where('subscribable_type', '=', 'Issue')
    .where('subscribable_id', '=', issue.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (explicit) return explicit.subscribed;
  if (issue.author_id === userId || issue.assignee_ids.includes(userId)) return true;
  const commented = await db
    .selectFrom('notes')
    .select('id')
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', issue.id)
    .where('author_id', '=', userId)
    .where('system', '=', false)
    .limit(1)
    .executeTakeFirst();
  return Boolean(commented);
}

/** Records `userId`'s choice to get (or not) notifications about the issue. */
export async function setSubscribed(db: DbOrTx, userId: number, issueId: number, subscribed: boolean): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({ user_id: userId, subscribable_type: 'Issue', subscribable_id: issueId, subscribed })
    .onConflict((oc) =>
      oc
        .columns(['subscribable_type', 'subscribable_id', 'user_id'])
        .doUpdateSet({ subscribed, updated_at: new Date() }),
    )
    .execute();
}

/** An iteration's state from its dates (GitLab's `upcoming`, `current`, `closed`). */
export function iterationState(sprint: Pick<SprintRow, 'start_date' | 'due_date'>, now = new Date()): string {
  const today = now.toISOString().slice(0, 10);
  const day = (value: Date | string) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
  if (day(sprint.start_date) > today) return 'upcoming';
  if (day(sprint.due_date) < today) return 'closed';
  return 'current';
}

/**
 * GitLab's default issue closing pattern (`Gitlab.config.gitlab.issue_closing_pattern`), for one
 * issue reference: `Closes #12`, `fixes: #12`, `Resolves #3, #12`...
 */
export function closesIssue(description: string | null, iid: number): boolean {
  if (!description) return false;
  const pattern =
    /\b(?:[Cc]los(?:e[sd]?|ing)|[Ff]ix(?:e[sd]|ing)?|[Rr]esolv(?:e[sd]?|ing)|[Ii]mplement(?:s|ed|ing)?):? +((?:(?:issues? +)?#\d+(?: *,? +and +| *,? *)?)+)/g;
  for (const match of description.matchAll(pattern)) {
    if (match[1]!.match(/#(\d+)/g)?.some((reference) => Number(reference.slice(1)) === iid)) return true;
  }
  return false;
}

/** The merge requests of a project whose description closes issue `iid`, oldest first. */
export async function closingMergeRequests(db: DbOrTx, projectId: number, iid: number) {
  const candidates = await db
    .selectFrom('merge_requests')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('description', 'like', `%#${iid}%`)
    .orderBy('id')
    .execute();
  return candidates.filter((mr) => closesIssue(mr.description, iid));
}

/** Fixed or rolled-up dates of an epic: children's dates and their milestones' decide the rolled-up ones. */
export async function rolledUpDates(
  db: DbOrTx,
  issue: {
    id: number;
    start_date: Date | null;
    due_date: Date | null;
    start_date_is_fixed: boolean;
    due_date_is_fixed: boolean;
  },
): Promise<{ startDate: Date | null; dueDate: Date | null }> {
  const row = await db
    .selectFrom('work_item_parent_links as l')
    .innerJoin('issues as c', 'c.id', 'l.work_item_id')
    .leftJoin('milestones as m', 'm.id', 'c.milestone_id')
    .select([
      sql<Date | null>`min(coalesce(c.start_date, m.start_date))`.as('start'),
      sql<Date | null>`max(coalesce(c.due_date, m.due_date))`.as('due'),
    ])
    .where('l.work_item_parent_id', '=', issue.id)
    .executeTakeFirst();
  return {
    startDate: issue.start_date_is_fixed ? issue.start_date : (row?.start ?? null),
    dueDate: issue.due_date_is_fixed ? issue.due_date : (row?.due ?? null),
  };
}

/** Logs time spent (negative subtracts) by `userId` on the issue, with GitLab's system note. */
export async function logTime(
  db: DbOrTx,
  issue: { id: number; project_id: number | null },
  userId: number,
  entry: { seconds: number; spentAt?: Date; summary?: string | null; noteId?: number | null },
  scope: MarkdownScope,
): Promise<TimelogRow> {
  const spentAt = entry.spentAt ?? new Date();
  const timelog = await db
    .insertInto('timelogs')
    .values({
      issue_id: issue.id,
      user_id: userId,
      time_spent: entry.seconds,
      spent_at: spentAt,
      summary: entry.summary ?? null,
      note_id: entry.noteId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const verb = entry.seconds < 0 ? 'subtracted' : 'added';
  await createSystemNote(
    db,
    issue,
    userId,
    `${verb} ${formatDuration(Math.abs(entry.seconds), SERVER_DURATION_FORMAT)} of time spent at ${spentAt.toISOString().slice(0, 10)}`,
    scope,
  );
  return timelog;
}
