/**
 * Kysely's view of the issue tracker's tables (migrations 010-013), merged into `Tables`:
 * labels, milestones, issues, notes, award emoji, todos and usage data.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Defaulted, NullableTimestamp } from '../db/schema.ts';

/** A `date` column (read as a `Date` at UTC midnight), nullable. */
export type NullableDate = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The rendered-Markdown cache columns of a row (`*_html` beside its source). */
export interface MarkdownCacheColumns {
  cached_markdown_version: number | null;
}

export interface LabelsTable extends MarkdownCacheColumns {
  id: Generated<number>;
  type: 'ProjectLabel' | 'GroupLabel';
  project_id: number | null;
  group_id: number | null;
  title: string;
  color: string;
  description: string | null;
  description_html: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface LabelPrioritiesTable {
  project_id: number;
  label_id: number;
  priority: number;
}

export interface MilestonesTable extends MarkdownCacheColumns {
  id: Generated<number>;
  iid: number;
  project_id: number | null;
  group_id: number | null;
  title: string;
  title_html: string | null;
  description: string | null;
  description_html: string | null;
  state: Defaulted<'active' | 'closed'>;
  due_date: NullableDate;
  start_date: NullableDate;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** GitLab's issue types that the REST API accepts. */
export const ISSUE_TYPES = ['issue', 'incident', 'test_case', 'task'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
/** Every stored type: the REST ones and the work item types of spec section 3 (GraphQL only). */
export const WORK_ITEM_ISSUE_TYPES = [...ISSUE_TYPES, 'requirement', 'objective', 'key_result', 'epic'] as const;
export type StoredIssueType = (typeof WORK_ITEM_ISSUE_TYPES)[number];

export interface IssuesTable extends MarkdownCacheColumns {
  id: Generated<number>;
  iid: number;
  /** Null for a group work item (an epic), which has `namespace_id` instead (migration 061). */
  project_id: number | null;
  author_id: number | null;
  title: string;
  title_html: string | null;
  description: string | null;
  description_html: string | null;
  state: Defaulted<'opened' | 'closed'>;
  issue_type: Defaulted<StoredIssueType>;
  confidential: Defaulted<boolean>;
  discussion_locked: boolean | null;
  milestone_id: number | null;
  due_date: NullableDate;
  weight: number | null;
  closed_at: NullableTimestamp;
  closed_by_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface IssueAssigneesTable {
  issue_id: number;
  user_id: number;
}

export interface LabelLinksTable {
  label_id: number;
  target_type: string;
  target_id: number;
  created_at: CreatedAt;
}

export interface NotesTable extends MarkdownCacheColumns {
  id: Generated<number>;
  noteable_type: string;
  noteable_id: number;
  project_id: number | null;
  author_id: number | null;
  note: string;
  note_html: string | null;
  system: Defaulted<boolean>;
  internal: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface AwardEmojiTable {
  id: Generated<number>;
  name: string;
  user_id: number;
  awardable_type: string;
  awardable_id: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  author_id: number | null;
  project_id: number | null;
  group_id: number | null;
  target_type: string;
  target_id: number;
  note_id: number | null;
  action: number;
  state: Defaulted<'pending' | 'done'>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UsageCountersTable {
  event: string;
  count: number;
}

export interface UsageUniqueUsersTable {
  event: string;
  user_id: number;
  day: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UsageEventsTable {
  id: Generated<number>;
  event: string;
  user_id: number | null;
  project_id: number | null;
  namespace_id: number | null;
  additional_properties: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    labels: LabelsTable;
    label_priorities: LabelPrioritiesTable;
    milestones: MilestonesTable;
    issues: IssuesTable;
    issue_assignees: IssueAssigneesTable;
    label_links: LabelLinksTable;
    notes: NotesTable;
    award_emoji: AwardEmojiTable;
    todos: TodosTable;
    usage_counters: UsageCountersTable;
    usage_unique_users: UsageUniqueUsersTable;
    usage_events: UsageEventsTable;
  }
}

export type LabelRow = Selectable<LabelsTable>;
export type MilestoneRow = Selectable<MilestonesTable>;
export type IssueRow = Selectable<IssuesTable>;
export type NoteRow = Selectable<NotesTable>;
export type AwardEmojiRow = Selectable<AwardEmojiTable>;
export type TodoRow = Selectable<TodosTable>;
