/**
 * GitLab's merge request entities (`lib/api/entities/merge_request_basic.rb`,
 * `merge_request.rb`, `merge_request_changes.rb`, `merge_request_diff.rb`,
 * `merge_request_diff_full.rb`): MergeRequestBasic in lists, MergeRequest for one, with
 * `changes`, and the diff versions.
 */
import type { GitDiff } from '../../../domain/gitDiffs.ts';
import type { GitCommit } from '../../../domain/gitObjects.ts';
import type { MergeRequestDiffRow, MergeRequestRow } from '../../../domain/gitTables.ts';
import { isDraft } from '../../../domain/gitMergeRequests.ts';
import type { LabelRow, MilestoneRow } from '../../../domain/issuableTables.ts';
import type { UserRow } from '../../../domain/users.ts';
import { Commit, Diff, type RepositoryContext } from './Commit.ts';
import { isoTime, type EntityContext } from './context.ts';
import { taskCompletionStatus } from './Issue.ts';
import { LabelBasic } from './Label.ts';
import { Milestone } from './Milestone.ts';
import { UserBasic } from './User.ts';

/** Everything a merge request shows besides its row, loaded for a page at once. */
export interface MergeRequestView {
  mr: MergeRequestRow;
  project: { id: number; path: string; namespaceId: number; fullPath: string };
  author: UserRow | null;
  mergedBy: UserRow | null;
  closedBy: UserRow | null;
  assignees: UserRow[];
  reviewers: UserRow[];
  labels: LabelRow[];
  milestone: { row: MilestoneRow; ownerPath: string } | null;
  userNotesCount: number;
  upvotes: number;
  downvotes: number;
  /** The source head (null when both the branch and the kept head are gone). */
  sha: string | null;
  mergeStatus: string;
  detailedMergeStatus: string;
  hasConflicts: boolean;
}

/** Where references are relative to: the listed project, or none (global lists). */
export interface MergeRequestOptions {
  fromProjectId?: number;
  withLabelsDetails?: boolean;
}

/** `{ short, relative, full }` references (`!1`, `group/project!1`). */
function references(view: MergeRequestView, options: MergeRequestOptions) {
  const short = `!${view.mr.iid}`;
  const full = `${view.project.fullPath}${short}`;
  return { short, relative: options.fromProjectId === view.project.id ? short : full, full };
}

/** The list shape. */
export function MergeRequestBasic(view: MergeRequestView, ctx: EntityContext, options: MergeRequestOptions = {}) {
  const { mr } = view;
  const labels = [...view.labels].sort((a, b) => a.title.localeCompare(b.title));
  const draft = isDraft(mr.title);
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.project_id,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: isoTime(mr.created_at),
    updated_at: isoTime(mr.updated_at),
    merged_by: view.mergedBy ? UserBasic(view.mergedBy, ctx) : null,
    merge_user: view.mergedBy ? UserBasic(view.mergedBy, ctx) : null,
    merged_at: isoTime(mr.merged_at),
    closed_by: view.closedBy ? UserBasic(view.closedBy, ctx) : null,
    closed_at: isoTime(mr.closed_at),
    target_branch: mr.target_branch,
    source_branch: mr.source_branch,
    user_notes_count: view.userNotesCount,
    upvotes: view.upvotes,
    downvotes: view.downvotes,
    author: view.author ? UserBasic(view.author, ctx) : null,
    assignees: view.assignees.map((user) => UserBasic(user, ctx)),
    assignee: view.assignees[0] ? UserBasic(view.assignees[0], ctx) : null,
    reviewers: view.reviewers.map((user) => UserBasic(user, ctx)),
    source_project_id: mr.source_project_id,
    target_project_id: mr.project_id,
    labels: options.withLabelsDetails ? labels.map(LabelBasic) : labels.map((label) => label.title),
    draft,
    work_in_progress: draft,
    milestone: view.milestone ? Milestone(view.milestone.row, { fullPath: view.milestone.ownerPath }, ctx) : null,
    merge_when_pipeline_succeeds: false,
    merge_status: view.mergeStatus,
    detailed_merge_status: view.detailedMergeStatus,
    merge_after: null,
    sha: view.sha,
    merge_commit_sha: mr.merge_commit_sha,
    squash_commit_sha: mr.squash_commit_sha,
    discussion_locked: mr.discussion_locked,
    should_remove_source_branch: null,
    force_remove_source_branch: mr.force_remove_source_branch,
    prepared_at: isoTime(mr.created_at),
    reference: `!${mr.iid}`,
    references: references(view, options),
    web_url: `${ctx.baseUrl}/${view.project.fullPath}/-/merge_requests/${mr.iid}`,
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    squash: mr.squash,
    squash_on_merge: mr.squash,
    task_completion_status: taskCompletionStatus(mr.description),
    has_conflicts: view.hasConflicts,
    blocking_discussions_resolved: true,
    imported: false,
    imported_from: 'none',
  };
}

/** What only the single-merge-request shape adds. */
export interface MergeRequestDetails {
  subscribed?: boolean;
  changesCount: number | null;
  diffRefs: { base_sha: string | null; head_sha: string; start_sha: string } | null;
  pipeline: Record<string, unknown> | null;
  headPipeline: Record<string, unknown> | null;
  canMerge: boolean;
}

/** GET one merge request. */
export function MergeRequest(
  view: MergeRequestView,
  details: MergeRequestDetails,
  ctx: EntityContext,
  options: MergeRequestOptions = {},
) {
  return {
    ...MergeRequestBasic(view, ctx, options),
    ...(details.subscribed === undefined ? {} : { subscribed: details.subscribed }),
    // GitLab sends the count as a string ("1000+" past its limit).
    changes_count: details.changesCount === null ? null : String(details.changesCount),
    latest_build_started_at: null,
    latest_build_finished_at: null,
    first_deployed_to_production_at: null,
    pipeline: details.pipeline,
    head_pipeline: details.headPipeline,
    diff_refs: details.diffRefs,
    merge_error: null,
    first_contribution: false,
    user: { can_merge: details.canMerge },
    approvals_before_merge: null,
  };
}

/** MergeRequest plus `changes` (the files of the latest version) and `overflow`. */
export function MergeRequestChanges(entity: ReturnType<typeof MergeRequest>, diffs: readonly GitDiff[]) {
  return { ...entity, changes: diffs.map(Diff), overflow: false };
}

/** A diff version: `id, head/base/start_commit_sha, created_at, merge_request_id, state, real_size`. */
export function MergeRequestDiff(version: MergeRequestDiffRow) {
  return {
    id: version.id,
    head_commit_sha: version.head_commit_sha,
    base_commit_sha: version.base_commit_sha,
    start_commit_sha: version.start_commit_sha,
    created_at: isoTime(version.created_at),
    merge_request_id: version.merge_request_id,
    state: 'collected',
    real_size: String(version.real_size),
    patch_id_sha: null,
  };
}

/** One version with its commits (newest first) and diffs. */
export function MergeRequestDiffFull(
  version: MergeRequestDiffRow,
  commits: readonly GitCommit[],
  diffs: readonly GitDiff[],
  ctx: RepositoryContext,
) {
  return {
    ...MergeRequestDiff(version),
    commits: commits.map((commit) => Commit(commit, ctx)),
    diffs: diffs.map(Diff),
  };
}
