/**
 * GitLab's issue entity (`lib/api/entities/issue_basic.rb`, `issue.rb`, `issuable_entity.rb`):
 * the same shape in lists and single reads, with `references`, `time_stats`,
 * `task_completion_status`, `_links` and `web_url` under the relative root.
 */
import type { IssueRow, MilestoneRow } from '../../../domain/issuableTables.ts';
import { isoDate, isoTime, type EntityContext } from './context.ts';
import { LabelBasic, type LabelBasicFields } from './Label.ts';
import { Milestone } from './Milestone.ts';
import { UserBasic, type UserBasicFields } from './User.ts';

/** GitLab's `severity` of issues that are not incidents. */
export const DEFAULT_SEVERITY = 'UNKNOWN';

/** Everything an issue shows besides its row, loaded for a whole page at once. */
export interface IssueView {
  issue: IssueRow;
  project: { id: number; path: string; namespaceId: number; fullPath: string };
  author: UserBasicFields | null;
  closedBy: UserBasicFields | null;
  assignees: UserBasicFields[];
  labels: LabelBasicFields[];
  milestone: { row: MilestoneRow; ownerPath: string } | null;
  userNotesCount: number;
  upvotes: number;
  downvotes: number;
  /** Whether the asker gets notifications (absent for anonymous requests). */
  subscribed?: boolean;
}

/** What the references are relative to: the listed project or group (neither: global lists). */
export interface IssueOptions {
  from?: { projectId: number } | { groupId: number };
  withLabelsDetails?: boolean;
}

// A task list item: a list marker, then `[ ]`, `[x]` or `[X]` (`[~]` is inapplicable, not counted).
const TASK_ITEM = /^[ \t]*(?:[-+*]|\d+[.)])[ \t]+\[([ xX])\](?=[ \t]|$)/gm;

/** `{ count, completed_count }` of the description's task list. */
export function taskCompletionStatus(description: string | null): { count: number; completed_count: number } {
  const marks = [...(description ?? '').matchAll(TASK_ITEM)].map((match) => match[1]);
  return { count: marks.length, completed_count: marks.filter((mark) => mark !== ' ').length };
}

function references(view: IssueView, options: IssueOptions) {
  const short = `#${view.issue.iid}`;
  const full = `${view.project.fullPath}${short}`;
  const from = options.from;
  let relative = short;
  if (from && 'groupId' in from)
    relative = view.project.namespaceId === from.groupId ? `${view.project.path}${short}` : full;
  else if (from && from.projectId !== view.project.id) relative = full;
  return { short, relative, full };
}

/** The issue entity. */
export function Issue(view: IssueView, ctx: EntityContext, options: IssueOptions = {}) {
  const { issue } = view;
  const api = `${ctx.baseUrl}/api/v4/projects/${issue.project_id}`;
  const tasks = taskCompletionStatus(issue.description);
  const labels = [...view.labels].sort((a, b) => a.title.localeCompare(b.title));
  return {
    id: issue.id,
    iid: issue.iid,
    project_id: issue.project_id,
    title: issue.title,
    description: issue.description,
    state: issue.state,
    created_at: isoTime(issue.created_at),
    updated_at: isoTime(issue.updated_at),
    closed_at: isoTime(issue.closed_at),
    closed_by: view.closedBy ? UserBasic(view.closedBy, ctx) : null,
    labels: options.withLabelsDetails ? labels.map(LabelBasic) : labels.map((label) => label.title),
    milestone: view.milestone ? Milestone(view.milestone.row, { fullPath: view.milestone.ownerPath }, ctx) : null,
    assignees: view.assignees.map((user) => UserBasic(user, ctx)),
    author: view.author ? UserBasic(view.author, ctx) : null,
    type: issue.issue_type.toUpperCase(),
    assignee: view.assignees[0] ? UserBasic(view.assignees[0], ctx) : null,
    user_notes_count: view.userNotesCount,
    merge_requests_count: 0,
    upvotes: view.upvotes,
    downvotes: view.downvotes,
    due_date: isoDate(issue.due_date),
    confidential: issue.confidential,
    discussion_locked: issue.discussion_locked,
    issue_type: issue.issue_type,
    web_url: `${ctx.baseUrl}/${view.project.fullPath}/-/issues/${issue.iid}`,
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    task_completion_status: tasks,
    weight: issue.weight,
    blocking_issues_count: 0,
    has_tasks: tasks.count > 0,
    ...(tasks.count > 0 ? { task_status: `${tasks.completed_count} of ${tasks.count} checklist items completed` } : {}),
    _links: {
      self: `${api}/issues/${issue.iid}`,
      notes: `${api}/issues/${issue.iid}/notes`,
      award_emoji: `${api}/issues/${issue.iid}/award_emoji`,
      project: api,
      closed_as_duplicate_of: null,
    },
    references: references(view, options),
    severity: DEFAULT_SEVERITY,
    ...(view.subscribed === undefined ? {} : { subscribed: view.subscribed }),
    moved_to_id: null,
    imported: false,
    imported_from: 'none',
    service_desk_reply_to: null,
  };
}
