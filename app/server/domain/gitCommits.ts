/**
 * Writing commits without a work tree: a temporary index (`GIT_INDEX_FILE`) is filled from the
 * branch's tree (`read-tree`), changed with `update-index --index-info`, written out
 * (`write-tree`), wrapped in a commit (`commit-tree`) and published with `update-ref` against
 * the branch's old value, so a concurrent push makes this one fail rather than vanish.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRANCH_PREFIX, GitError, INVALID_FILE_PATH, NULL_SHA, normalizeFilePath, type Repository } from './git.ts';

/** GitLab's commit actions (`POST /repository/commits`). */
export const COMMIT_ACTIONS = ['create', 'delete', 'move', 'update', 'chmod'] as const;
export type CommitActionName = (typeof COMMIT_ACTIONS)[number];

/** One action of a commit, as the API receives it. */
export interface CommitAction {
  action: CommitActionName;
  file_path: string;
  previous_path?: string;
  content?: string;
  encoding?: 'text' | 'base64';
  execute_filemode?: boolean;
  last_commit_id?: string;
}

/** Who a commit is by. */
export interface CommitAuthor {
  name: string;
  email: string;
}

/** GitLab's messages for actions that do not fit the tree. */
export const COMMIT_MESSAGES = {
  exists: 'A file with this name already exists',
  directoryExists: 'A directory with this name already exists',
  missing: "A file with this name doesn't exist",
  changed: 'You are attempting to update a file that has changed since you started editing it.',
  notOnBranch: 'You can only create or edit files when you are on a branch',
  branchMoved: 'Could not update the branch: it was changed while this commit was being made.',
} as const;

/** A commit that cannot be made as asked; GitLab answers 400 `{"message": <message>}`. */
export class CommitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommitError';
  }
}

function fail(message: string): never {
  throw new CommitError(message);
}

/** File modes git stores. */
export const FILE_MODE = { regular: '100644', executable: '100755' } as const;

/** A commit to write on `branch`. */
export interface NewCommit {
  branch: string;
  /** The branch's current head, or the commit a new branch starts from (`null`: empty tree). */
  parent: string | null;
  /** True when `branch` does not exist yet (created by this commit). */
  createsBranch: boolean;
  message: string;
  author: CommitAuthor;
  actions: readonly CommitAction[];
  /** Commit and author date (tests pin it); default now. */
  date?: Date;
}

/** Reads the index entry of `path`: its mode and blob, or `null`. */
async function indexEntry(repository: Repository, env: Record<string, string>, path: string) {
  const output = await repository.text(['ls-files', '-z', '--stage', '--', path], { env });
  const line = output.split('\0').find((entry) => entry.slice(entry.indexOf('\t') + 1) === path);
  if (!line) return null;
  const [mode, sha] = line.split(' ') as [string, string];
  return { mode, sha };
}

/**
 * Refuses a new file at `path` where the tree has a folder of that name, or a file where one of
 * its folders would go (git's index would take both and write a broken tree).
 */
async function assertPlaceable(repository: Repository, env: Record<string, string>, path: string): Promise<void> {
  const below = await repository.text(['ls-files', '-z', '--', `${path}/`], { env });
  if (below) fail(COMMIT_MESSAGES.directoryExists);
  const parts = path.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    if (await indexEntry(repository, env, parts.slice(0, depth).join('/'))) fail(COMMIT_MESSAGES.exists);
  }
}

/** Stores `content` as a blob and returns its id. */
async function writeBlob(repository: Repository, content: Buffer): Promise<string> {
  return (await repository.text(['hash-object', '-w', '--stdin'], { input: content })).trim();
}

/** The content of an action as bytes (`encoding: base64` decoded). */
function actionContent(action: CommitAction): Buffer {
  return Buffer.from(action.content ?? '', action.encoding === 'base64' ? 'base64' : 'utf8');
}

/** `sha256` of file content, as the files API reports it. */
export function contentSha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Writes a commit of `actions` on `branch`; returns its sha. Actions that do not fit the tree (a
 * path that exists or is missing, a stale `last_commit_id`) throw a {@link CommitError}.
 */
export async function writeCommit(repository: Repository, commit: NewCommit): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'forgekit-index-'));
  const env = { GIT_INDEX_FILE: join(dir, 'index') };
  try {
    await repository.run(commit.parent ? ['read-tree', commit.parent] : ['read-tree', '--empty'], { env });
    const lines: string[] = [];
    for (const action of commit.actions) {
      const path = normalizeFilePath(action.file_path);
      if (!path) fail(INVALID_FILE_PATH);
      const existing = await indexEntry(repository, env, path);
      if (action.last_commit_id && commit.parent) {
        const last = (
          await repository.text(['log', '--max-count=1', '--format=%H', commit.parent, '--', path], { env })
        ).trim();
        if (last && last !== action.last_commit_id) fail(COMMIT_MESSAGES.changed);
      }
      const mode = (current?: string) =>
        action.execute_filemode === undefined
          ? (current ?? FILE_MODE.regular)
          : action.execute_filemode
            ? FILE_MODE.executable
            : FILE_MODE.regular;
      switch (action.action) {
        case 'create':
          if (existing) fail(COMMIT_MESSAGES.exists);
          await assertPlaceable(repository, env, path);
          lines.push(`${mode()} ${await writeBlob(repository, actionContent(action))}\t${path}`);
          break;
        case 'update':
          if (!existing) fail(COMMIT_MESSAGES.missing);
          lines.push(`${mode(existing!.mode)} ${await writeBlob(repository, actionContent(action))}\t${path}`);
          break;
        case 'delete':
          if (!existing) fail(COMMIT_MESSAGES.missing);
          lines.push(`0 ${NULL_SHA}\t${path}`);
          break;
        case 'chmod':
          if (!existing) fail(COMMIT_MESSAGES.missing);
          lines.push(`${mode(existing!.mode)} ${existing!.sha}\t${path}`);
          break;
        case 'move': {
          const from = normalizeFilePath(action.previous_path ?? '');
          if (!from) fail(INVALID_FILE_PATH);
          const source = await indexEntry(repository, env, from!);
          if (!source) fail(COMMIT_MESSAGES.missing);
          if (existing) fail(COMMIT_MESSAGES.exists);
          await assertPlaceable(repository, env, path);
          const blob = action.content === undefined ? source!.sha : await writeBlob(repository, actionContent(action));
          lines.push(`0 ${NULL_SHA}\t${from!}`, `${mode(source!.mode)} ${blob}\t${path!}`);
          break;
        }
      }
      // Apply each action before checking the next, so actions see each other's changes.
      await repository.run(['update-index', '-z', '--index-info'], { env, input: `${lines.splice(0).join('\0')}\0` });
    }
    const tree = (await repository.text(['write-tree'], { env })).trim();
    const date = (commit.date ?? new Date()).toISOString();
    const identity = {
      GIT_AUTHOR_NAME: commit.author.name,
      GIT_AUTHOR_EMAIL: commit.author.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: commit.author.name,
      GIT_COMMITTER_EMAIL: commit.author.email,
      GIT_COMMITTER_DATE: date,
    };
    const sha = (
      await repository.text(['commit-tree', tree, ...(commit.parent ? ['-p', commit.parent] : []), '-F', '-'], {
        env: identity,
        input: commit.message,
      })
    ).trim();
    try {
      await repository.updateRef(
        `${BRANCH_PREFIX}${commit.branch}`,
        sha,
        commit.createsBranch ? NULL_SHA : (commit.parent ?? NULL_SHA),
      );
    } catch (error) {
      if (error instanceof GitError) fail(COMMIT_MESSAGES.branchMoved);
      throw error;
    }
    return sha;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
