/**
 * The tree's last-commit column, read after hydration as GitLab's repository browser reads it:
 * `logs_tree` from the first row in view that has none yet, one batch at a time (the server gives
 * 25 from `offset` and names the next offset in `More-Logs-Offset`), and the next batch when more
 * rows without one scroll into view. The server render sends the entries only: their cells show
 * the table's placeholder until their batch arrives.
 */
import { sortFileTreeEntries, type FileTreeEntry } from 'forgekit';
import { restClient, type Commit, type Project } from 'forgekit/client';
import { useEffect, useState, type RefObject } from 'react';
import { repositoryPaths } from '../repository.ts';

/** The header naming the offset of the next batch (GitLab's `RefsController#logs_tree`). */
export const MORE_LOGS_OFFSET_HEADER = 'more-logs-offset';

/** The FileTree rows the column fills (the library's stable part name). */
const ROW_SELECTOR = 'tbody tr[data-component="FileTree.Row"]';

/** One entry's last commit, from `logs_tree`. */
interface LogsTreeEntry {
  file_name: string;
  commit: Commit;
}

/** An entry's last commit as the page shows it. */
export interface EntryCommit {
  id: string;
  title: string;
  committed_date: string;
}

/** The entries `[start, end)` of the listing (its REST order) that an answer covered. */
interface Range {
  start: number;
  end: number;
}

/** What the column knows: each answered entry's commit by name, and which entries were answered. */
interface Known {
  commits: ReadonlyMap<string, EntryCommit>;
  ranges: readonly Range[];
}

const NOTHING_KNOWN: Known = { commits: new Map(), ranges: [] };

/** One batch of last commits from `offset`, and the offset after it (`null`: to the end). */
async function fetchBatch(project: Project, ref: string, path: string, offset: number) {
  const response = await restClient.get<LogsTreeEntry[]>(repositoryPaths.logsTree(project, ref, path), {
    params: { format: 'json', offset },
  });
  const next = response.headers.get(MORE_LOGS_OFFSET_HEADER);
  return {
    commits: response.data.map(
      ({ file_name, commit }) =>
        [file_name, { id: commit.id, title: commit.title, committed_date: commit.committed_date }] as const,
    ),
    end: next === null ? Number.POSITIVE_INFINITY : Number(next),
  };
}

const isAnswered = (ranges: readonly Range[], index: number) =>
  ranges.some((range) => index >= range.start && index < range.end);

/**
 * Reads one directory's last commits as its rows come into view: one request at a time, from the
 * first row in view that is not answered yet.
 */
class LastCommitsReader {
  private known = NOTHING_KNOWN;
  /** Listing indices of the rows in view. */
  private readonly inView = new Set<number>();
  /** The listing index of each entry, by path; the entries in the order the table draws them. */
  private indexOf = new Map<string, number>();
  private drawn: FileTreeEntry[] = [];
  private isFetching = false;
  private hasFailed = false;
  /** Entries an answer covers, learnt from the first answer that names a next offset. */
  private batchSize: number | undefined;

  constructor(
    private readonly location: { project: Project; ref: string; path: string },
    private readonly onChange: (known: Known) => void,
  ) {}

  /** The listing as far as it is loaded (its REST order). */
  setEntries(entries: readonly FileTreeEntry[]): void {
    this.indexOf = new Map(entries.map((entry, index) => [entry.path, index]));
    // The table draws the entries sorted by type.
    this.drawn = sortFileTreeEntries(entries);
  }

  /** Watches the rows of the FileTree inside `root` come into and out of view; returns the undo. */
  attach(root: HTMLElement): () => void {
    const rowIndex = new WeakMap<Element, number>();
    const intersection = new IntersectionObserver((records) => {
      for (const record of records) {
        const index = rowIndex.get(record.target);
        if (index === undefined) continue;
        if (record.isIntersecting) this.inView.add(index);
        else this.inView.delete(index);
      }
      this.fetchNext();
    });
    // Every drawn row, again when rows are added or moved (observing a row twice is a no-op).
    const observeRows = () =>
      root.querySelectorAll(ROW_SELECTOR).forEach((row, position) => {
        const entry = this.drawn[position];
        const index = entry && this.indexOf.get(entry.path);
        if (index === undefined) return;
        rowIndex.set(row, index);
        intersection.observe(row);
      });
    observeRows();
    // The table draws its rows past the first 100 after hydration, and later pages as they load.
    const mutations = new MutationObserver(observeRows);
    mutations.observe(root, { childList: true, subtree: true });
    return () => {
      mutations.disconnect();
      intersection.disconnect();
    };
  }

  /**
   * Where the batch holding `index` starts: the batches follow on from the end of the answered
   * entries before it (as GitLab's offsets do), so a scroll asks for whole batches in order.
   */
  private offsetFor(index: number): number {
    const gapStart = Math.max(0, ...this.known.ranges.filter((range) => range.end <= index).map((range) => range.end));
    const size = this.batchSize;
    return size ? gapStart + Math.floor((index - gapStart) / size) * size : index;
  }

  private fetchNext(): void {
    if (this.isFetching || this.hasFailed) return;
    const first = [...this.inView].sort((a, b) => a - b).find((index) => !isAnswered(this.known.ranges, index));
    if (first === undefined) return;
    const offset = this.offsetFor(first);
    this.isFetching = true;
    const { project, ref, path } = this.location;
    fetchBatch(project, ref, path, offset).then(
      (batch) => {
        this.isFetching = false;
        if (Number.isFinite(batch.end)) this.batchSize ??= batch.end - offset;
        this.known = {
          commits: new Map([...this.known.commits, ...batch.commits]),
          ranges: [...this.known.ranges, { start: offset, end: batch.end }],
        };
        this.onChange(this.known);
        this.fetchNext();
      },
      () => {
        // The cells keep their placeholder: no retry loop against a failing server.
        this.isFetching = false;
        this.hasFailed = true;
      },
    );
  }
}

/**
 * The last commit of each of `entries` (the listing in its REST order, as far as it is loaded), as
 * `lastCommitOf(index, name)`: `undefined` while unknown (the FileTree's placeholder), `null` when
 * its batch has none. Rows of the FileTree inside `table` that come into view ask for their batch.
 * For one directory at one ref: key the caller by them.
 */
export function useLastCommits(
  location: { project: Project; ref: string; path: string },
  entries: readonly FileTreeEntry[],
  table: RefObject<HTMLElement | null>,
): (index: number, name: string) => EntryCommit | null | undefined {
  const [known, setKnown] = useState<Known>(NOTHING_KNOWN);
  const [reader] = useState(() => new LastCommitsReader(location, setKnown));
  useEffect(() => reader.setEntries(entries), [reader, entries]);
  useEffect(() => (table.current ? reader.attach(table.current) : undefined), [reader, table]);
  return (index, name) => known.commits.get(name) ?? (isAnswered(known.ranges, index) ? null : undefined);
}
