/**
 * Blame: which commit last changed each line of a file, from `git blame --porcelain`, as ranges
 * of consecutive lines from one commit (GitLab's `Gitlab::Blame` groups them the same way).
 */
import type { Repository } from './git.ts';
import { readCommit, type GitCommit } from './gitObjects.ts';

/** Consecutive lines last changed by one commit. */
export interface BlameRange {
  commit: GitCommit;
  lines: string[];
}

/** A porcelain header line: `<sha> <original line> <final line>[ <lines in group>]`. */
const HEADER = /^([0-9a-f]{40}) \d+ \d+/;

/**
 * The blame of `path` at `commit`: lines `range` (1-based, inclusive) or all. A range past the
 * end of the file is git's error (a `GitError`).
 */
export async function blame(
  repository: Repository,
  commit: string,
  path: string,
  range?: { start: number; end: number },
): Promise<BlameRange[]> {
  const args = ['blame', '--porcelain', ...(range ? ['-L', `${range.start},${range.end}`] : []), commit, '--', path];
  const output = await repository.text(args);
  const ranges: Array<{ sha: string; lines: string[] }> = [];
  let sha = '';
  for (const line of output.split('\n')) {
    const header = HEADER.exec(line);
    if (header) sha = header[1]!;
    else if (line.startsWith('\t')) {
      const last = ranges.at(-1);
      if (last?.sha === sha) last.lines.push(line.slice(1));
      else ranges.push({ sha, lines: [line.slice(1)] });
    }
  }
  const commits = new Map<string, GitCommit>();
  for (const { sha: id } of ranges) if (!commits.has(id)) commits.set(id, await readCommit(repository, id));
  return ranges.map((group) => ({ commit: commits.get(group.sha)!, lines: group.lines }));
}
