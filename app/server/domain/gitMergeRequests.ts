/**
 * Merge requests over the repository: the source branch's head is kept under
 * `refs/merge-requests/<iid>/head` (so diffs survive a deleted branch), each new head records a
 * diff version (base = merge base with the target, start = the target's head), and mergeability
 * comes from `git merge-tree --write-tree` (a trial merge without a work tree).
 */
import type { DbOrTx } from '../db/schema.ts';
import { ValidationError, BLANK } from './errors.ts';
import { BRANCH_PREFIX, GitError, NULL_SHA, type Repository } from './git.ts';
import { diffCommits } from './gitDiffs.ts';
import { mergeBase } from './gitObjects.ts';
import type { MergeRequestDiffRow, MergeRequestRow, MergeRequestState } from './gitTables.ts';
import { nextIid } from './iids.ts';
import type { LabelRow } from './issuableTables.ts';
import { labelsByTitle } from './labels.ts';
import { inTransaction } from './transaction.ts';

/** GitLab's title prefixes that mark a draft (`MergeRequest::DRAFT_REGEX`). */
export const DRAFT_PATTERN = /^\s*(\[draft\]|\(draft\)|draft:)/i;
/** Longest title (GitLab's issuable limit). */
export const MAX_TITLE_LENGTH = 255;
/** The label colour GitLab gives labels created by naming them. */
export const NEW_LABEL_COLOR = '#6699cc';
/** The `target_type` of merge requests in label links, notes and award emoji. */
export const MERGE_REQUEST_TYPE = 'MergeRequest';

/** GitLab's messages for merge requests it refuses. */
export const MERGE_REQUEST_MESSAGES = {
  sameBranch: "You can't use same project/branch for source and target",
  duplicate: (iid: number) => `Another open merge request already exists for this source branch: !${iid}`,
  missingBranch: 'does not exist',
  titleTooLong: `is too long (maximum is ${MAX_TITLE_LENGTH} characters)`,
} as const;

/** A merge request the repository cannot take: `field` and GitLab's status. */
export class MergeRequestConflict extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MergeRequestConflict';
  }
}

/** Status codes of {@link MergeRequestConflict}s (GitLab: 422 for branch rules, 409 for duplicates). */
export const CONFLICT_STATUS = { branches: 422, duplicate: 409 } as const;

/** True when the title marks the merge request as a draft. */
export function isDraft(title: string): boolean {
  return DRAFT_PATTERN.test(title);
}

/** The ref that keeps a merge request's source head. */
export function mergeRequestRef(iid: number): string {
  return `refs/merge-requests/${iid}/head`;
}

/** The source branch's head, or the kept head when the branch is gone; `null` when neither. */
export async function sourceHead(repository: Repository, mr: MergeRequestRow): Promise<string | null> {
  return (
    (await repository.resolveCommit(`${BRANCH_PREFIX}${mr.source_branch}`)) ??
    (await repository.resolveCommit(mergeRequestRef(mr.iid)))
  );
}

/** The merge request's versions, newest first. */
export function diffVersions(db: DbOrTx, mergeRequestId: number): Promise<MergeRequestDiffRow[]> {
  return db
    .selectFrom('merge_request_diffs')
    .selectAll()
    .where('merge_request_id', '=', mergeRequestId)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Records a new diff version when the source head moved (open merge requests only) and keeps
 * the head under the merge request's ref. Returns the latest version (none for a merge request
 * whose branches are both gone).
 */
export async function refreshDiff(
  db: DbOrTx,
  repository: Repository,
  mr: MergeRequestRow,
): Promise<MergeRequestDiffRow | undefined> {
  const [latest] = await diffVersions(db, mr.id);
  if (mr.state !== 'opened' && latest) return latest;
  const head = await repository.resolveCommit(`${BRANCH_PREFIX}${mr.source_branch}`);
  const target = await repository.resolveCommit(`${BRANCH_PREFIX}${mr.target_branch}`);
  if (!head || !target || (latest && latest.head_commit_sha === head && latest.start_commit_sha === target)) {
    return latest;
  }
  const base = await mergeBase(repository, target, head);
  const diffs = await diffCommits(repository, base ?? target, head);
  const kept = await repository.refSha(mergeRequestRef(mr.iid));
  if (kept !== head) await repository.updateRef(mergeRequestRef(mr.iid), head, kept ?? NULL_SHA);
  return db
    .insertInto('merge_request_diffs')
    .values({
      merge_request_id: mr.id,
      head_commit_sha: head,
      base_commit_sha: base,
      start_commit_sha: target,
      real_size: diffs.length,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether `head` merges cleanly into the target (`null` when either is missing). */
export async function hasConflicts(
  repository: Repository,
  mr: MergeRequestRow,
  head: string | null,
): Promise<boolean | null> {
  const target = await repository.resolveCommit(`${BRANCH_PREFIX}${mr.target_branch}`);
  if (!head || !target) return null;
  try {
    await repository.run(['merge-tree', '--write-tree', '--no-messages', target, head]);
    return false;
  } catch (error) {
    // merge-tree exits 1 when the trial merge has conflicts.
    if (error instanceof GitError && error.exitCode === 1) return true;
    throw error;
  }
}

/** GitLab's `merge_status` and `detailed_merge_status` of a merge request whose source head is `head`. */
export async function mergeStatus(
  repository: Repository,
  mr: MergeRequestRow,
  head: string | null,
): Promise<{ mergeStatus: string; detailedMergeStatus: string; hasConflicts: boolean }> {
  const conflicts = await hasConflicts(repository, mr, head);
  const mergeStatusName = conflicts === false ? 'can_be_merged' : 'cannot_be_merged';
  let detailed = 'mergeable';
  if (mr.state !== 'opened') detailed = 'not_open';
  else if (isDraft(mr.title)) detailed = 'draft_status';
  else if (conflicts === null) detailed = 'broken_status';
  else if (conflicts) detailed = 'conflict';
  return { mergeStatus: mergeStatusName, detailedMergeStatus: detailed, hasConflicts: conflicts === true };
}

/** The label rows of `titles` in a project, creating missing ones as project labels. */
export async function findOrCreateProjectLabels(
  db: DbOrTx,
  project: { id: number; traversalIds: readonly number[] },
  titles: readonly string[],
): Promise<LabelRow[]> {
  const found = await labelsByTitle(db, project, titles);
  const missing = titles.filter((title) => !found.some((label) => label.title === title));
  if (missing.length === 0) return found;
  await db
    .insertInto('labels')
    .values(
      missing.map((title) => ({
        type: 'ProjectLabel' as const,
        project_id: project.id,
        title,
        color: NEW_LABEL_COLOR,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  return labelsByTitle(db, project, titles);
}

/** Fields of a new merge request or an update (undefined: not given). */
export interface MergeRequestFields {
  title?: string;
  description?: string | null;
  sourceBranch?: string;
  targetBranch?: string;
  assigneeIds?: number[];
  reviewerIds?: number[];
  labels?: LabelRow[];
  milestoneId?: number | null;
  squash?: boolean;
  removeSourceBranch?: boolean;
  discussionLocked?: boolean;
  state?: MergeRequestState;
  actorId?: number;
}

async function setUsers(
  db: DbOrTx,
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  mergeRequestId: number,
  userIds: readonly number[] | undefined,
): Promise<void> {
  if (userIds === undefined) return;
  await db.deleteFrom(table).where('merge_request_id', '=', mergeRequestId).execute();
  if (userIds.length) {
    await db
      .insertInto(table)
      .values([...new Set(userIds)].map((userId) => ({ merge_request_id: mergeRequestId, user_id: userId })))
      .execute();
  }
}

async function setLabels(db: DbOrTx, mergeRequestId: number, labels: readonly LabelRow[] | undefined) {
  if (labels === undefined) return;
  await db
    .deleteFrom('label_links')
    .where('target_type', '=', MERGE_REQUEST_TYPE)
    .where('target_id', '=', mergeRequestId)
    .execute();
  if (labels.length) {
    await db
      .insertInto('label_links')
      .values(
        labels.map((label) => ({ label_id: label.id, target_type: MERGE_REQUEST_TYPE, target_id: mergeRequestId })),
      )
      .execute();
  }
}

function validateTitle(title: string | undefined, creating: boolean): void {
  if (!creating && title === undefined) return;
  if (!title?.trim()) throw new ValidationError({ title: [BLANK] });
  if ([...title].length > MAX_TITLE_LENGTH) throw new ValidationError({ title: [MERGE_REQUEST_MESSAGES.titleTooLong] });
}

/** Branch rules: both exist, they differ, and no other open merge request joins them. */
async function validateBranches(
  db: DbOrTx,
  repository: Repository,
  projectId: number,
  source: string,
  target: string,
  exceptId?: number,
): Promise<void> {
  if (source === target) throw new MergeRequestConflict(MERGE_REQUEST_MESSAGES.sameBranch, CONFLICT_STATUS.branches);
  const errors: Record<string, string[]> = {};
  if (!(await repository.resolveCommit(`${BRANCH_PREFIX}${source}`)))
    errors.source_branch = [MERGE_REQUEST_MESSAGES.missingBranch];
  if (!(await repository.resolveCommit(`${BRANCH_PREFIX}${target}`)))
    errors.target_branch = [MERGE_REQUEST_MESSAGES.missingBranch];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  let existing = db
    .selectFrom('merge_requests')
    .select('iid')
    .where('project_id', '=', projectId)
    .where('source_branch', '=', source)
    .where('target_branch', '=', target)
    .where('state', '=', 'opened');
  if (exceptId) existing = existing.where('id', '!=', exceptId);
  const other = await existing.executeTakeFirst();
  if (other) throw new MergeRequestConflict(MERGE_REQUEST_MESSAGES.duplicate(other.iid), CONFLICT_STATUS.duplicate);
}

/** Opens a merge request in `projectId` by `authorId` and records its first diff version. */
export async function createMergeRequest(
  db: DbOrTx,
  repository: Repository,
  projectId: number,
  authorId: number,
  fields: MergeRequestFields & { title: string; sourceBranch: string; targetBranch: string },
): Promise<MergeRequestRow> {
  validateTitle(fields.title, true);
  await validateBranches(db, repository, projectId, fields.sourceBranch, fields.targetBranch);
  const mr = await inTransaction(db, async (trx) => {
    const iid = await nextIid(trx, projectId, 'merge_requests');
    const row = await trx
      .insertInto('merge_requests')
      .values({
        iid,
        project_id: projectId,
        source_project_id: projectId,
        source_branch: fields.sourceBranch,
        target_branch: fields.targetBranch,
        title: fields.title,
        description: fields.description ?? null,
        author_id: authorId,
        milestone_id: fields.milestoneId ?? null,
        squash: fields.squash ?? false,
        force_remove_source_branch: fields.removeSourceBranch ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await setUsers(trx, 'merge_request_assignees', row.id, fields.assigneeIds);
    await setUsers(trx, 'merge_request_reviewers', row.id, fields.reviewerIds);
    await setLabels(trx, row.id, fields.labels);
    return row;
  });
  await refreshDiff(db, repository, mr);
  return mr;
}

/** Changes a merge request (title, branches, people, labels, state...). */
export async function updateMergeRequest(
  db: DbOrTx,
  repository: Repository,
  mr: MergeRequestRow,
  fields: MergeRequestFields,
): Promise<MergeRequestRow> {
  validateTitle(fields.title, false);
  const target = fields.targetBranch ?? mr.target_branch;
  const reopening = fields.state === 'opened' && mr.state !== 'opened';
  if (target !== mr.target_branch || reopening) {
    await validateBranches(db, repository, mr.project_id, mr.source_branch, target, mr.id);
  }
  const now = new Date();
  const closing = fields.state === 'closed' && mr.state === 'opened';
  const updated = await inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('merge_requests')
      .set({
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.targetBranch !== undefined ? { target_branch: fields.targetBranch } : {}),
        ...(fields.milestoneId !== undefined ? { milestone_id: fields.milestoneId } : {}),
        ...(fields.squash !== undefined ? { squash: fields.squash } : {}),
        ...(fields.removeSourceBranch !== undefined ? { force_remove_source_branch: fields.removeSourceBranch } : {}),
        ...(fields.discussionLocked !== undefined ? { discussion_locked: fields.discussionLocked } : {}),
        ...(closing ? { state: 'closed' as const, closed_at: now, closed_by_id: fields.actorId ?? null } : {}),
        ...(reopening ? { state: 'opened' as const, closed_at: null, closed_by_id: null } : {}),
        updated_at: now,
      })
      .where('id', '=', mr.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await setUsers(trx, 'merge_request_assignees', mr.id, fields.assigneeIds);
    await setUsers(trx, 'merge_request_reviewers', mr.id, fields.reviewerIds);
    await setLabels(trx, mr.id, fields.labels);
    return row;
  });
  await refreshDiff(db, repository, updated);
  return updated;
}
