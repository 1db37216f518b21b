/**
 * Diffs computed by git: `diff --raw -z` for exact paths, modes and statuses (renames found
 * with `-M`), and `diff -p` for the text, split per file in the same order. Each file's `diff`
 * is its hunks (from the first `@@`), as GitLab's Diff entity shows them.
 */
import type { Repository } from './git.ts';

/** One changed file (GitLab's Diff entity, before serialisation). */
export interface GitDiff {
  oldPath: string;
  newPath: string;
  aMode: string;
  bMode: string;
  newFile: boolean;
  renamedFile: boolean;
  deletedFile: boolean;
  diff: string;
}

/** The mode git reports for "no file on this side". */
const NO_MODE = '000000';
/** `diff -p` output starts each file with this line. */
const FILE_HEADER = 'diff --git ';

interface RawChange {
  aMode: string;
  bMode: string;
  status: string;
  oldPath: string;
  newPath: string;
}

/** Parses `diff --raw -z`: `:<a mode> <b mode> <a sha> <b sha> <status>\0<path>\0[<new path>\0]`. */
function parseRaw(output: string): RawChange[] {
  const fields = output.split('\0');
  const changes: RawChange[] = [];
  let i = 0;
  while (i < fields.length && fields[i]!.startsWith(':')) {
    const [aMode, bMode, , , status] = fields[i]!.slice(1).split(' ') as [string, string, string, string, string];
    const copiedOrRenamed = status.startsWith('R') || status.startsWith('C');
    const oldPath = fields[i + 1]!;
    const newPath = copiedOrRenamed ? fields[i + 2]! : oldPath;
    changes.push({ aMode, bMode, status: status[0]!, oldPath, newPath });
    i += copiedOrRenamed ? 3 : 2;
  }
  return changes;
}

/** The hunks of one file's patch: everything from its first `@@` line (none for binaries). */
function hunksOf(patch: string): string {
  const start = patch.startsWith('@@') ? 0 : patch.indexOf('\n@@');
  return start === -1 ? '' : patch.slice(start === 0 ? 0 : start + 1);
}

/** The changes from `from` to `to` (two commit shas; `from` `null` diffs against nothing). */
export async function diffCommits(repository: Repository, from: string | null, to: string): Promise<GitDiff[]> {
  const range = from ? [from, to] : ['--root', to];
  const common = ['-M', '--no-color', '--no-ext-diff', '--full-index', '-r'];
  const [raw, patch] = await Promise.all([
    repository.text(['diff-tree', '--raw', '-z', ...common, ...range]),
    repository.text(['diff-tree', '-p', ...common, ...range]),
  ]);
  const changes = parseRaw(raw.startsWith(':') ? raw : raw.slice(raw.indexOf('\0') + 1));
  // A line inside a hunk starts with ' ', '+' or '-', so a line starting the header is a new file.
  const patches = patch.split(/^(?=diff --git )/m).filter((part) => part.startsWith(FILE_HEADER));
  return changes.map((change, index) => ({
    oldPath: change.oldPath,
    newPath: change.newPath,
    aMode: change.aMode === NO_MODE ? '0' : change.aMode,
    bMode: change.bMode === NO_MODE ? '0' : change.bMode,
    newFile: change.status === 'A',
    renamedFile: change.status === 'R',
    deletedFile: change.status === 'D',
    diff: hunksOf(patches[index] ?? ''),
  }));
}
