/**
 * GitLab's repository entities (`lib/api/entities/commit*.rb`, `branch.rb`, `tag.rb`,
 * `tree_object.rb`, `diff.rb`, `compare.rb`): Commit ⊂ CommitDetail, Branch, Tag, TreeObject,
 * Diff and Compare.
 */
import { SHORT_SHA_LENGTH } from '../../../domain/git.ts';
import type { GitDiff } from '../../../domain/gitDiffs.ts';
import type { GitCommit, GitRef, GitTreeEntry } from '../../../domain/gitObjects.ts';
import type { EntityContext } from './context.ts';

/** What repository serializers need: the base URL and the project's full path. */
export interface RepositoryContext extends EntityContext {
  /** `group/project`. */
  projectPath: string;
}

/** The project's web URL. */
export function projectWebUrl(ctx: RepositoryContext): string {
  return `${ctx.baseUrl}/${ctx.projectPath}`;
}

/** Git's `2024-01-02T03:04:05+02:00` as GitLab writes it: `2024-01-02T03:04:05.000+02:00`. */
export function gitTime(value: string): string {
  return value.replace(/(T\d\d:\d\d:\d\d)([+-Z])/, '$1.000$2');
}

/** `id, short_id, created_at, parent_ids, title, message, author/committer, trailers, web_url`. */
export function Commit(commit: GitCommit, ctx: RepositoryContext) {
  return {
    id: commit.id,
    short_id: commit.id.slice(0, SHORT_SHA_LENGTH),
    created_at: gitTime(commit.committedDate),
    parent_ids: commit.parentIds,
    title: commit.message.split('\n', 1)[0] ?? '',
    message: commit.message,
    author_name: commit.authorName,
    author_email: commit.authorEmail,
    authored_date: gitTime(commit.authoredDate),
    committer_name: commit.committerName,
    committer_email: commit.committerEmail,
    committed_date: gitTime(commit.committedDate),
    trailers: {},
    extended_trailers: {},
    web_url: `${projectWebUrl(ctx)}/-/commit/${commit.id}`,
  };
}

/** Commit plus `stats`, `status`, `project_id` and `last_pipeline` (GET commits/:sha). */
export function CommitDetail(
  commit: GitCommit,
  extras: {
    stats: { additions: number; deletions: number; total: number };
    projectId: number;
    lastPipeline: Record<string, unknown> | null;
  },
  ctx: RepositoryContext,
) {
  return {
    ...Commit(commit, ctx),
    stats: extras.stats,
    status: (extras.lastPipeline?.status as string | undefined) ?? null,
    project_id: extras.projectId,
    last_pipeline: extras.lastPipeline,
  };
}

/** What the Branch entity reads besides the ref. */
export interface BranchExtras {
  merged: boolean;
  protected: boolean;
  developersCanPush: boolean;
  developersCanMerge: boolean;
  canPush: boolean;
  isDefault: boolean;
}

/** `name, commit, merged, protected, developers_can_push/merge, can_push, default, web_url`. */
export function Branch(branch: GitRef, extras: BranchExtras, ctx: RepositoryContext) {
  return {
    name: branch.name,
    commit: Commit(branch.commit, ctx),
    merged: extras.merged,
    protected: extras.protected,
    developers_can_push: extras.developersCanPush,
    developers_can_merge: extras.developersCanMerge,
    can_push: extras.canPush,
    default: extras.isDefault,
    web_url: `${projectWebUrl(ctx)}/-/tree/${encodeURIComponent(branch.name)}`,
  };
}

/** `name, message, target, commit, release, protected, created_at`. */
export function Tag(tag: GitRef, release: { tag_name: string; description: string } | null, ctx: RepositoryContext) {
  return {
    name: tag.name,
    message: tag.message ?? '',
    target: tag.target,
    commit: Commit(tag.commit, ctx),
    release,
    protected: false,
    created_at: tag.taggedAt ? gitTime(tag.taggedAt) : null,
  };
}

/** `id, name, type, path, mode`. */
export function TreeObject(entry: GitTreeEntry) {
  return { id: entry.id, name: entry.name, type: entry.type, path: entry.path, mode: entry.mode };
}

/** One changed file: `diff, new_path, old_path, a_mode, b_mode, new/renamed/deleted_file`. */
export function Diff(diff: GitDiff) {
  return {
    diff: diff.diff,
    collapsed: false,
    too_large: false,
    new_path: diff.newPath,
    old_path: diff.oldPath,
    a_mode: diff.aMode,
    b_mode: diff.bMode,
    new_file: diff.newFile,
    renamed_file: diff.renamedFile,
    deleted_file: diff.deletedFile,
    generated_file: false,
  };
}

/** GET repository/compare: the head commit, the commits between and the diffs. */
export function Compare(
  compare: {
    head: GitCommit | null;
    commits: GitCommit[];
    diffs: GitDiff[];
    sameRef: boolean;
    from: string;
    to: string;
  },
  ctx: RepositoryContext,
) {
  return {
    commit: compare.head ? Commit(compare.head, ctx) : null,
    commits: compare.commits.map((commit) => Commit(commit, ctx)),
    diffs: compare.diffs.map(Diff),
    compare_timeout: false,
    compare_same_ref: compare.sameRef,
    web_url: `${projectWebUrl(ctx)}/-/compare/${compare.from}...${compare.to}`,
  };
}
