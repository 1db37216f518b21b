/**
 * Merging a merge request with the system git, as GitLab's merge-commit method does: the trial
 * merge of the source head into the target (`git merge-tree --write-tree`) becomes a commit with
 * both heads as parents (`commit-tree`), or first a squash commit of the source's changes on the
 * target, and the target branch moves to it only if it has not moved meanwhile (`update-ref`
 * against its old value). The merge request then reads `merged` with who merged it and when.
 */
import type { DbOrTx } from '../db/schema.ts';
import { recordPushEvent } from './events.ts';
import { BRANCH_PREFIX, GitError, type Repository } from './git.ts';
import type { CommitAuthor } from './gitCommits.ts';
import { canPushToBranch } from './gitPermissions.ts';
import type { MergeRequestRow } from './gitTables.ts';
import type { Actor } from './permissions.ts';
import { inTransaction } from './transaction.ts';

/** Why a merge did not happen, with GitLab's status and message (`lib/api/merge_requests.rb`). */
export class MergeRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'MergeRefused';
  }
}

/** GitLab's refusals of `PUT .../merge`. */
export const MERGE_REFUSALS = {
  /** Not open, a draft, or a branch gone (`not_allowed!`). */
  notMergeable: { status: 405, message: '405 Method Not Allowed' },
  /** The trial merge conflicts, or the target moved while merging. */
  conflicts: { status: 406, message: 'Branch cannot be merged' },
  /** `sha` is not the source head (`check_sha_param!`). */
  shaMismatch: { status: 409, message: (head: string) => `SHA does not match HEAD of source branch: ${head}` },
} as const;

/**
 * May `user` merge into a target branch with this protection (Developers, or the protection's
 * merge level)? GitLab's `MergeRequest#can_be_merged_by?`.
 */
export function canMergeMergeRequest(
  user: Actor | null,
  level: number,
  protection: { merge_access_level: number } | undefined,
): boolean {
  return canPushToBranch(user, level, protection && { push_access_level: protection.merge_access_level });
}

/** GitLab's default merge commit message (`MergeRequest#default_merge_commit_message`). */
export function defaultMergeCommitMessage(
  mr: Pick<MergeRequestRow, 'source_branch' | 'target_branch' | 'title'>,
  reference: string,
) {
  return `Merge branch '${mr.source_branch}' into '${mr.target_branch}'\n\n${mr.title}\n\nSee merge request ${reference}`;
}

/** What a merge is asked for. */
export interface MergeOptions {
  /** The merging user (commit author and committer, `merged_by`). */
  user: { id: number } & CommitAuthor;
  /** The source head the merge was reviewed at (`sha`). */
  expectedHead?: string;
  mergeCommitMessage: string;
  squash: boolean;
  squashCommitMessage: string;
}

/** The merge's commit identity: the merging user, now. */
function identity(user: CommitAuthor, date: Date) {
  const when = date.toISOString();
  return {
    GIT_AUTHOR_NAME: user.name,
    GIT_AUTHOR_EMAIL: user.email,
    GIT_AUTHOR_DATE: when,
    GIT_COMMITTER_NAME: user.name,
    GIT_COMMITTER_EMAIL: user.email,
    GIT_COMMITTER_DATE: when,
  };
}

/**
 * Merges `mr` (whose mergeability the caller checked: open, not a draft) and records it, with a
 * push event on the target; throws {@link MergeRefused} for a missing branch, conflicts, a source
 * head other than the expected one, or a target that moved meanwhile.
 */
export async function mergeMergeRequest(
  db: DbOrTx,
  repository: Repository,
  mr: MergeRequestRow,
  options: MergeOptions,
): Promise<MergeRequestRow> {
  const head = await repository.resolveCommit(`${BRANCH_PREFIX}${mr.source_branch}`);
  const target = await repository.resolveCommit(`${BRANCH_PREFIX}${mr.target_branch}`);
  if (!head || !target) throw new MergeRefused(MERGE_REFUSALS.notMergeable.status, MERGE_REFUSALS.notMergeable.message);
  const conflicts = () => new MergeRefused(MERGE_REFUSALS.conflicts.status, MERGE_REFUSALS.conflicts.message);
  let tree: string;
  try {
    [tree = ''] = (await repository.text(['merge-tree', '--write-tree', '--no-messages', target, head])).split('\n');
  } catch (error) {
    // merge-tree exits 1 when the trial merge conflicts.
    if (error instanceof GitError && error.exitCode === 1) throw conflicts();
    throw error;
  }
  // GitLab checks mergeability (406) before the expected head (409).
  if (options.expectedHead !== undefined && options.expectedHead !== head) {
    throw new MergeRefused(MERGE_REFUSALS.shaMismatch.status, MERGE_REFUSALS.shaMismatch.message(head));
  }
  const now = new Date();
  const env = identity(options.user, now);
  const commitTree = async (parents: string[], message: string) =>
    (
      await repository.text(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'], {
        env,
        input: message,
      })
    ).trim();
  const squashSha = options.squash ? await commitTree([target], options.squashCommitMessage) : null;
  const mergeSha = await commitTree([target, squashSha ?? head], options.mergeCommitMessage);
  try {
    await repository.updateRef(`${BRANCH_PREFIX}${mr.target_branch}`, mergeSha, target);
  } catch (error) {
    if (error instanceof GitError) throw conflicts();
    throw error;
  }
  const brought = Number((await repository.text(['rev-list', '--count', `${target}..${mergeSha}`])).trim());
  // The push comes first, as in GitLab (the branch moves, then the merge request reads merged).
  return inTransaction(db, async (trx) => {
    await recordPushEvent(trx, {
      projectId: mr.project_id,
      authorId: options.user.id,
      refType: 'branch',
      ref: mr.target_branch,
      from: target,
      to: mergeSha,
      commitCount: brought,
      commitTitle: options.mergeCommitMessage.split('\n', 1)[0],
    });
    const merged = await trx
      .updateTable('merge_requests')
      .set({
        state: 'merged',
        merged_by_id: options.user.id,
        merged_at: now,
        merge_commit_sha: mergeSha,
        squash_commit_sha: squashSha,
        squash: options.squash,
        updated_at: now,
      })
      .where('id', '=', mr.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return merged;
  });
}
