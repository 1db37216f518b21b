/**
 * Git repositories, driven through the system `git` (`scripts/ensure-git.mjs` installs it):
 * one bare repository per project at `<repositories dir>/<project id>.git`. Every call is started
 * by a small helper process (gitProcess.ts) through `execFile` (never a shell) with the repository
 * in `GIT_DIR`, no user or system configuration, and user-given revisions after
 * `--end-of-options`, so no input can become an option. Reads use plumbing (`for-each-ref`,
 * `ls-tree`, `cat-file`, `log`); writes build commits in a temporary index (see gitCommits.ts)
 * and move refs with `update-ref` against the old value.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { validateRefName } from 'forgekit';
import { runGit } from './gitProcess.ts';

/** The git executable (found on `PATH`). */
export const GIT_BINARY = 'git';
/** The all-zero object id: "no such ref" for `update-ref`'s old value. */
export const NULL_SHA = '0'.repeat(40);
/** Length of a commit's `short_id` (spec §9: short commit id 8 characters). */
export const SHORT_SHA_LENGTH = 8;
/** Largest output one git call may produce (a big blob or diff), in bytes. */
export const MAX_GIT_OUTPUT = 64 * 1024 * 1024;
/** Branch new projects get when none is given (GitLab's default). */
export const DEFAULT_BRANCH = 'main';
/** Prefix of branch refs. */
export const BRANCH_PREFIX = 'refs/heads/';
/** Prefix of tag refs. */
export const TAG_PREFIX = 'refs/tags/';

/** A git command that failed: its exit code and what it wrote to stderr. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | string | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} failed (${exitCode}): ${stderr.trim()}`);
    this.name = 'GitError';
  }
}

/** Options of one git call. */
export interface GitRunOptions {
  /** Written to the command's stdin. */
  input?: string | Buffer;
  /** Extra environment (author, committer, `GIT_INDEX_FILE`). */
  env?: Record<string, string>;
}

/** Environment that keeps the machine's and the user's git configuration out. */
const ISOLATED_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  LC_ALL: 'C',
} as const;

/**
 * The git commands that move refs (branches, tags, `HEAD`): after one succeeds, the repository's
 * `onRefsChanged` runs before the call resolves, so the write is never acknowledged before the
 * response cache's repository version moved (docs/decisions/015-server-performance.md).
 */
const REF_WRITING_COMMANDS = new Set(['update-ref', 'symbolic-ref', 'tag', 'fast-import']);

/** One bare repository. */
export class Repository {
  /**
   * @param path The bare repository's directory.
   * @param onRefsChanged Awaited after every git command that moved a ref (see
   *   {@link RepositoryStore.onRefsChanged}).
   */
  constructor(
    readonly path: string,
    private readonly onRefsChanged?: () => Promise<void>,
  ) {}

  /** Runs `git <args>` in this repository; resolves with stdout, rejects with a {@link GitError}. */
  async run(args: readonly string[], options: GitRunOptions = {}): Promise<Buffer> {
    const stdout = await this.#exec(args, options);
    if (this.onRefsChanged && REF_WRITING_COMMANDS.has(args[0] ?? '')) await this.onRefsChanged();
    return stdout;
  }

  async #exec(args: readonly string[], options: GitRunOptions): Promise<Buffer> {
    const { code, stdout, stderr } = await runGit({
      file: GIT_BINARY,
      args,
      env: { PATH: process.env.PATH ?? '', ...ISOLATED_ENV, GIT_DIR: this.path, ...options.env },
      input: options.input,
      maxBuffer: MAX_GIT_OUTPUT,
    });
    if (code !== 0) throw new GitError(args, code, stderr);
    return stdout;
  }

  /** Runs `git <args>` and returns stdout as UTF-8 text. */
  async text(args: readonly string[], options?: GitRunOptions): Promise<string> {
    return (await this.run(args, options)).toString('utf8');
  }

  /** Runs `git <args>`; `false` when it exits with 1 (git's "no" for `--verify`, `merge-base`...). */
  async test(args: readonly string[]): Promise<string | false> {
    try {
      return (await this.text(args)).trim();
    } catch (error) {
      if (error instanceof GitError && error.exitCode === 1) return false;
      throw error;
    }
  }

  /** The commit a revision (branch, tag, sha, `HEAD~1`...) names, or `null`. */
  async resolveCommit(revision: string): Promise<string | null> {
    if (!revision || revision.includes('\0')) return null;
    try {
      return (
        (await this.test(['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`])) || null
      );
    } catch (error) {
      // `rev-parse` exits 128 for revisions it cannot even parse (`a..b`, `@{x}`): no commit.
      if (error instanceof GitError) return null;
      throw error;
    }
  }

  /** The sha a full ref points at (unpeeled), or `null`. */
  async refSha(ref: string): Promise<string | null> {
    return (await this.test(['rev-parse', '--verify', '--quiet', '--end-of-options', ref])) || null;
  }

  /** Moves `ref` to `sha` if it still points at `oldSha` (`NULL_SHA`: only if it does not exist). */
  async updateRef(ref: string, sha: string, oldSha: string): Promise<void> {
    await this.run(['update-ref', '--no-deref', '--end-of-options', ref, sha, oldSha]);
  }

  /** Deletes `ref` if it still points at `oldSha`. */
  async deleteRef(ref: string, oldSha: string): Promise<void> {
    await this.run(['update-ref', '--no-deref', '-d', '--end-of-options', ref, oldSha]);
  }

  /** Points `HEAD` (the default branch) at `branch`. */
  async setHead(branch: string): Promise<void> {
    await this.run(['symbolic-ref', 'HEAD', `${BRANCH_PREFIX}${branch}`]);
  }

  /** True when the repository has no branch yet. */
  async isEmpty(): Promise<boolean> {
    return (await this.text(['for-each-ref', '--count=1', '--format=x', BRANCH_PREFIX])).trim() === '';
  }
}

/** Where the projects' repositories live; one per server. */
export class RepositoryStore {
  /**
   * Awaited after any git command moved a ref of project `projectId`'s repository (a commit,
   * a branch or tag created or deleted, a merge, `HEAD` changed, an import): the response cache
   * bumps the repository's version there. It must not wait on a database transaction the writer
   * holds: ref writes happen outside the writers' transactions.
   */
  onRefsChanged?: (projectId: number) => Promise<void>;

  constructor(readonly root: string) {}

  #repository(projectId: number): Repository {
    return new Repository(this.pathOf(projectId), () => this.onRefsChanged?.(projectId) ?? Promise.resolve());
  }

  /** The repository directory of a project. */
  pathOf(projectId: number): string {
    return join(this.root, `${projectId}.git`);
  }

  /**
   * The project's repository, created (empty, `HEAD` on `defaultBranch`) when it does not exist
   * yet, so projects created before their repository (seeds, imports) still get one.
   */
  async open(projectId: number, defaultBranch: string | null = DEFAULT_BRANCH): Promise<Repository> {
    const repository = this.#repository(projectId);
    const exists = await stat(repository.path).then(
      () => true,
      () => false,
    );
    if (!exists) await this.create(projectId, defaultBranch);
    return repository;
  }

  /** Creates the project's empty bare repository (idempotent: `git init` keeps an existing one). */
  async create(projectId: number, defaultBranch: string | null = DEFAULT_BRANCH): Promise<Repository> {
    const repository = this.#repository(projectId);
    await mkdir(this.root, { recursive: true });
    await repository.run([
      'init',
      '--quiet',
      '--bare',
      `--initial-branch=${defaultBranch ?? DEFAULT_BRANCH}`,
      repository.path,
    ]);
    return repository;
  }

  /** Removes the project's repository (with the project). */
  async remove(projectId: number): Promise<void> {
    await rm(this.pathOf(projectId), { recursive: true, force: true });
  }
}

/**
 * Why `name` cannot be a branch or tag name: the library's rules (spec §5: "Can't contain
 * spaces", "Can't contain ~, ^"...) first, then git's own (`check-ref-format`: no leading `-` or
 * `.`, no `.lock` ending, no control characters...). `''` when it is fine.
 */
export async function refNameError(repository: Repository, prefix: string, name: string): Promise<string> {
  const message = validateRefName(name);
  if (message) return message;
  if (!name || name.startsWith('-') || name === 'HEAD' || name.includes('\0')) return 'is invalid';
  try {
    await repository.run(['check-ref-format', `${prefix}${name}`]);
    return '';
  } catch (error) {
    if (error instanceof GitError) return 'is invalid';
    throw error;
  }
}

/** The message GitLab gives for a file path that leaves the repository or is malformed. */
export const INVALID_FILE_PATH = 'file_path should be a valid file path';

/**
 * A repository-relative path, normalised (`./a//b/` → `a/b`), or `null` when it cannot name a
 * file in the tree: empty, absolute, with `..` or `.git` components, or with control characters.
 */
export function normalizeFilePath(path: string): string | null {
  // Control characters (NUL, newlines...) can never be part of a path git would store for us.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path) || path.startsWith('/')) return null;
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.some((part) => part === '..' || part.toLowerCase() === '.git')) return null;
  return parts.join('/');
}
