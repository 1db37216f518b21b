/**
 * Reading a repository: commits (`log` with NUL-separated fields), refs (`for-each-ref`),
 * trees (`ls-tree -z`) and blobs (`cat-file`).
 */
import { BRANCH_PREFIX, GitError, TAG_PREFIX, type Repository } from './git.ts';

/** A commit as the API shows it. */
export interface GitCommit {
  id: string;
  parentIds: string[];
  authorName: string;
  authorEmail: string;
  authoredDate: string;
  committerName: string;
  committerEmail: string;
  committedDate: string;
  message: string;
}

/** The `log`/`show` format of {@link GitCommit}: fields separated by NUL, message last. */
const COMMIT_FIELDS = ['%H', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'];
const COMMIT_FORMAT = `--format=${COMMIT_FIELDS.join('%x00')}`;

/** Parses `log -z` output in {@link COMMIT_FORMAT}: commits are also separated by NUL. */
function parseCommits(output: string): GitCommit[] {
  const fields = output.split('\0');
  const commits: GitCommit[] = [];
  for (let start = 0; start + COMMIT_FIELDS.length <= fields.length; start += COMMIT_FIELDS.length) {
    const [id, parents, an, ae, ad, cn, ce, cd, message] = fields.slice(start, start + COMMIT_FIELDS.length);
    if (!id) break;
    commits.push({
      id: id.replace(/^\n/, ''),
      parentIds: parents ? parents.split(' ') : [],
      authorName: an!,
      authorEmail: ae!,
      authoredDate: ad!,
      committerName: cn!,
      committerEmail: ce!,
      committedDate: cd!,
      message: message!,
    });
  }
  return commits;
}

/** Which commits `log` lists. */
export interface LogOptions {
  /** Revisions (`main`, `a..b`); already resolved to shas by the caller. */
  revisions: string[];
  path?: string;
  since?: string;
  until?: string;
  firstParent?: boolean;
  /** Every branch and tag instead of `revisions`. */
  all?: boolean;
  /** Oldest first (`--reverse`). */
  reverse?: boolean;
  skip?: number;
  limit?: number;
}

function logArgs(options: LogOptions): string[] {
  return [
    ...(options.since ? [`--since=${options.since}`] : []),
    ...(options.until ? [`--until=${options.until}`] : []),
    ...(options.firstParent ? ['--first-parent'] : []),
    ...(options.all ? ['--branches', '--tags'] : []),
    '--end-of-options',
    ...options.revisions,
    '--',
    ...(options.path ? [options.path] : []),
  ];
}

/** The commits reachable from `revisions`, newest first (or oldest first with `reverse`). */
export async function listCommits(repository: Repository, options: LogOptions): Promise<GitCommit[]> {
  const output = await repository.text([
    'log',
    '-z',
    COMMIT_FORMAT,
    ...(options.reverse ? ['--reverse'] : []),
    ...(options.skip ? [`--skip=${options.skip}`] : []),
    ...(options.limit !== undefined ? [`--max-count=${options.limit}`] : []),
    ...logArgs(options),
  ]);
  return parseCommits(output);
}

/** How many commits {@link listCommits} would list without `skip`/`limit`. */
export async function countCommits(repository: Repository, options: LogOptions): Promise<number> {
  return Number((await repository.text(['rev-list', '--count', ...logArgs(options)])).trim());
}

/** One commit by sha (already resolved). */
export async function readCommit(repository: Repository, sha: string): Promise<GitCommit> {
  const [commit] = parseCommits(await repository.text(['log', '-z', '--max-count=1', COMMIT_FORMAT, sha, '--']));
  if (!commit) throw new Error(`commit ${sha} is missing`);
  return commit;
}

/**
 * The commits of `shas` (full shas) in one `git log`, by sha: a sha that names no commit is left
 * out (`--ignore-missing`), so one unknown sha does not fail the others.
 */
export async function readCommits(repository: Repository, shas: readonly string[]): Promise<Map<string, GitCommit>> {
  if (!shas.length) return new Map();
  const output = await repository.text([
    'log',
    '-z',
    '--no-walk=unsorted',
    '--ignore-missing',
    COMMIT_FORMAT,
    '--end-of-options',
    ...shas,
    '--',
  ]);
  return new Map(parseCommits(output).map((commit) => [commit.id, commit]));
}

/** Lines added and removed by a commit (against its first parent; the whole tree for a root). */
export async function commitStats(
  repository: Repository,
  commit: GitCommit,
): Promise<{ additions: number; deletions: number; total: number }> {
  const base = commit.parentIds[0];
  const output = await repository.text([
    'diff-tree',
    '--numstat',
    '-r',
    ...(base ? [base, commit.id] : ['--root', commit.id]),
  ]);
  let additions = 0;
  let deletions = 0;
  for (const line of output.split('\n')) {
    const [added, removed] = line.split('\t');
    // Binary files show `-`: they count as no lines, as in GitLab.
    if (added && /^\d+$/.test(added)) additions += Number(added);
    if (removed && /^\d+$/.test(removed)) deletions += Number(removed);
  }
  return { additions, deletions, total: additions + deletions };
}

/** A branch or tag with the commit it (after peeling) points at. */
export interface GitRef {
  name: string;
  /** The ref's own object: the commit, or an annotated tag object. */
  target: string;
  commit: GitCommit;
  /** Annotated tags: the tag message (else `null`). */
  message: string | null;
  /** Annotated tags: when it was tagged (else `null`). */
  taggedAt: string | null;
}

/** The `for-each-ref` fields of {@link GitRef}, NUL-separated, one ref per NUL-terminated record. */
const REF_FIELDS = [
  '%(refname)',
  '%(objectname)',
  '%(objecttype)',
  '%(*objectname)',
  '%(contents)',
  '%(taggerdate:iso-strict)',
];

/** The refs under `prefix` (or exactly the given full refs), sorted by name. */
async function listRefs(repository: Repository, patterns: string[]): Promise<GitRef[]> {
  const output = await repository.text([
    'for-each-ref',
    '--sort=refname',
    `--format=${REF_FIELDS.join('%00')}%00`,
    '--end-of-options',
    ...patterns,
  ]);
  const fields = output.split('\0');
  const found: Array<Omit<GitRef, 'commit'> & { sha: string }> = [];
  // Each record ends with `%00` plus for-each-ref's newline, which starts the next record's name.
  for (let start = 0; start + REF_FIELDS.length <= fields.length; start += REF_FIELDS.length) {
    const [refname, objectname, objecttype, peeled, contents, taggerdate] = fields.slice(
      start,
      start + REF_FIELDS.length,
    );
    const ref = refname!.replace(/^\n/, '');
    if (!ref) break;
    const annotated = objecttype === 'tag';
    found.push({
      name: ref.startsWith(BRANCH_PREFIX) ? ref.slice(BRANCH_PREFIX.length) : ref.slice(TAG_PREFIX.length),
      target: objectname!,
      sha: annotated ? peeled! : objectname!,
      message: annotated ? contents!.replace(/\n$/, '') : null,
      taggedAt: annotated ? taggerdate! || null : null,
    });
  }
  const commits = new Map<string, GitCommit>();
  const shas = [...new Set(found.map((ref) => ref.sha))];
  if (shas.length) {
    const output = await repository.text(['log', '-z', '--no-walk=unsorted', COMMIT_FORMAT, ...shas, '--']);
    for (const commit of parseCommits(output)) commits.set(commit.id, commit);
  }
  return found.filter((ref) => commits.has(ref.sha)).map(({ sha, ...ref }) => ({ ...ref, commit: commits.get(sha)! }));
}

/** All branches, sorted by name. */
export function listBranches(repository: Repository): Promise<GitRef[]> {
  return listRefs(repository, [BRANCH_PREFIX]);
}

/** One branch, or `undefined`. */
export async function findBranch(repository: Repository, name: string): Promise<GitRef | undefined> {
  const [branch] = await listRefs(repository, [`${BRANCH_PREFIX}${name}`]);
  return branch?.name === name ? branch : undefined;
}

/** All tags, sorted by name. */
export function listTags(repository: Repository): Promise<GitRef[]> {
  return listRefs(repository, [TAG_PREFIX]);
}

/** One tag, or `undefined`. */
export async function findTag(repository: Repository, name: string): Promise<GitRef | undefined> {
  const [tag] = await listRefs(repository, [`${TAG_PREFIX}${name}`]);
  return tag?.name === name ? tag : undefined;
}

/** An entry of a tree (GitLab's TreeEntry). */
export interface GitTreeEntry {
  id: string;
  name: string;
  type: 'tree' | 'blob' | 'commit';
  path: string;
  mode: string;
}

/** Order of entry types in GitLab's tree listings: folders, then files, then submodules. */
const TYPE_ORDER = { tree: 0, blob: 1, commit: 2 } as const;

/** How many tree listings stay cached (by commit sha, so they never go stale). */
export const TREE_CACHE_ENTRIES = 1000;
/** How many paths' last commits stay cached (by commit sha, so they never go stale). */
export const LAST_COMMIT_CACHE_ENTRIES = 1000;
const FULL_SHA = /^[0-9a-f]{40}$/;
/** Listings of trees in commits named by full sha: immutable, so cached (oldest out first). */
const treeCache = new Map<string, readonly GitTreeEntry[] | null>();
/** Last commits of paths in the history of commits named by full sha: immutable too. */
const lastCommitCache = new Map<string, GitCommit | null>();

/** `read()`'s answer under `key` in `cache`, asked once and kept (oldest out first beyond `limit`). */
async function kept<T>(cache: Map<string, T>, limit: number, key: string, read: () => Promise<T>): Promise<T> {
  if (cache.has(key)) return cache.get(key) as T;
  const value = await read();
  cache.set(key, value);
  if (cache.size > limit) cache.delete(cache.keys().next().value!);
  return value;
}

/**
 * The last commit that changed `path` (`''`: the whole tree) in the history of `commit`, or null.
 * When `commit` is a full sha the answer comes from a cache after the first `git log`: the tree,
 * file and overview pages ask it on every view (GitLab's `pathLastCommit`).
 */
export async function lastCommitOf(repository: Repository, commit: string, path: string): Promise<GitCommit | null> {
  const read = async () =>
    (await listCommits(repository, { revisions: [commit], path: path || undefined, limit: 1 }))[0] ?? null;
  if (!FULL_SHA.test(commit)) return read();
  return kept(lastCommitCache, LAST_COMMIT_CACHE_ENTRIES, [repository.path, commit, path].join('\0'), read);
}

/**
 * The entries of the tree at `path` (`''` for the root) in `commit`, folders first; `recursive`
 * lists the whole subtree (folders included). `null` when `path` is not a folder there. When
 * `commit` is a full sha the listing comes from a cache after the first `git ls-tree`: a tree
 * page costs one git process (resolving the ref) instead of two.
 */
export async function listTree(
  repository: Repository,
  commit: string,
  path: string,
  recursive: boolean,
): Promise<GitTreeEntry[] | null> {
  if (!FULL_SHA.test(commit)) return readTree(repository, commit, path, recursive);
  const key = [repository.path, commit, path, recursive].join('\0');
  const entries = await kept(treeCache, TREE_CACHE_ENTRIES, key, () => readTree(repository, commit, path, recursive));
  // Callers may page or map the list: each gets its own array.
  return entries && [...entries];
}

async function readTree(
  repository: Repository,
  commit: string,
  path: string,
  recursive: boolean,
): Promise<GitTreeEntry[] | null> {
  const treeish = path ? `${commit}:${path}` : `${commit}^{tree}`;
  let output: string;
  try {
    output = await repository.text(['ls-tree', '-z', ...(recursive ? ['-r', '-t'] : []), '--end-of-options', treeish]);
  } catch (error) {
    // ls-tree refuses a path that is missing or names a file: no such folder.
    if (error instanceof GitError) return null;
    throw error;
  }
  const entries = output
    .split('\0')
    .filter(Boolean)
    .map((line): GitTreeEntry => {
      const tab = line.indexOf('\t');
      const [mode, kind, id] = line.slice(0, tab).split(' ') as [string, GitTreeEntry['type'], string];
      const relative = line.slice(tab + 1);
      return {
        id,
        name: relative.slice(relative.lastIndexOf('/') + 1),
        type: kind,
        path: path ? `${path}/${relative}` : relative,
        mode,
      };
    });
  return recursive ? entries : entries.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
}

/** A blob found at a path: its id and mode. */
export interface GitBlobEntry {
  id: string;
  mode: string;
}

/** The blob at `path` in `commit`, or `null` (missing, or a folder). */
export async function findBlob(repository: Repository, commit: string, path: string): Promise<GitBlobEntry | null> {
  const output = await repository.text(['ls-tree', '-z', '--end-of-options', commit, '--', path]);
  const [line] = output.split('\0');
  if (!line) return null;
  const tab = line.indexOf('\t');
  const [mode, type, id] = line.slice(0, tab).split(' ');
  if (type !== 'blob' || line.slice(tab + 1) !== path) return null;
  return { id: id!, mode: mode! };
}

/** The content of a blob, or `null` when `sha` names no blob. */
export async function readBlob(repository: Repository, sha: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{4,40}$/i.test(sha)) return null;
  try {
    const type = await repository.text(['cat-file', '-t', sha]);
    if (type.trim() !== 'blob') return null;
    return await repository.run(['cat-file', 'blob', sha]);
  } catch (error) {
    if (error instanceof GitError) return null;
    throw error;
  }
}

/** The last commit (from `commit` back) that touched `path`. */
export async function lastCommitFor(repository: Repository, commit: string, path: string): Promise<string> {
  return (
    await repository.text(['log', '--max-count=1', '--format=%H', '--end-of-options', commit, '--', path])
  ).trim();
}

/** The best common ancestor of two commits, or `null` when they share none. */
export async function mergeBase(repository: Repository, a: string, b: string): Promise<string | null> {
  return (await repository.test(['merge-base', a, b])) || null;
}

/** True when `ancestor` is reachable from `descendant`. */
export async function isAncestor(repository: Repository, ancestor: string, descendant: string): Promise<boolean> {
  return (await repository.test(['merge-base', '--is-ancestor', ancestor, descendant])) !== false;
}

/** The branches (short names) whose heads are reachable from `sha` (merged into it). */
export async function branchesMergedInto(repository: Repository, sha: string): Promise<Set<string>> {
  const output = await repository.text([
    'for-each-ref',
    '--format=%(refname:lstrip=2)',
    `--merged=${sha}`,
    BRANCH_PREFIX,
  ]);
  return new Set(output.split('\n').filter(Boolean));
}

/** Separates the commits of {@link lastCommitsOfEntries}' log (a sha line, then the paths it changed). */
const LOG_RECORD = '\u001e';

/**
 * The last commit (from `commit` back) that touched each entry of the directory `dir` (`''` for
 * the root): one `git log --name-only` walk over the directory instead of one `git log` per
 * entry, stopping the scan at the first commit that changed each name. Entries no commit touched
 * (none, in a real history) are left out.
 */
export async function lastCommitsOfEntries(
  repository: Repository,
  commit: string,
  dir: string,
  names: readonly string[],
): Promise<Map<string, GitCommit>> {
  const prefix = dir ? `${dir}/` : '';
  const wanted = new Set(names);
  const shaOf = new Map<string, string>();
  const log = await repository.text([
    'log',
    `--format=${LOG_RECORD}%H`,
    '--name-only',
    '--no-renames',
    '--end-of-options',
    commit,
    '--',
    dir || '.',
  ]);
  for (const record of log.split(LOG_RECORD)) {
    if (shaOf.size === wanted.size) break;
    const [sha, ...paths] = record.split('\n').filter(Boolean);
    if (!sha) continue;
    for (const path of paths) {
      if (!path.startsWith(prefix)) continue;
      const name = path.slice(prefix.length).split('/')[0]!;
      if (wanted.has(name) && !shaOf.has(name)) shaOf.set(name, sha);
    }
  }
  const unique = [...new Set(shaOf.values())];
  const commits = unique.length
    ? parseCommits(await repository.text(['log', '-z', '--no-walk=unsorted', COMMIT_FORMAT, ...unique, '--']))
    : [];
  const byId = new Map(commits.map((found) => [found.id, found]));
  return new Map([...shaOf].flatMap(([name, sha]) => (byId.has(sha) ? [[name, byId.get(sha)!] as const] : [])));
}
