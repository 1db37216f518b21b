import clsx from 'clsx';
import { useState, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useIsClient } from '../../hooks/useIsClient';
import { formatDateTime, toDate, type DateInput, type TimeDisplayFormat } from '../../utils/date';
import { formatTimeAgo } from '../../utils/timeAgo';
import { Icon, type IconName } from '../Icon';
// The constant's own module: the Tooltip index would bring the tooltip manager and floating-ui.
import { TOOLTIP_SELECTOR } from '../Tooltip/tooltipOptions';
import { VisuallyHidden } from '../VisuallyHidden';
import './FileTree.css';

/** Texts: the table's name, column headers, the parent row, the empty and loading announcements. */
export const FILE_TREE_LABELS = {
  table: 'Files',
  name: 'Name',
  lastCommit: 'Last commit',
  lastUpdate: 'Last update',
  parent: '..',
  parentLabel: 'Go to parent directory',
  empty: 'This directory is empty.',
  loading: 'Loading files',
  loadingCommits: 'Loading last commits',
  loadingCommit: 'Loading last commit',
} as const;

/** The texts a FileTree shows and announces (FILE_TREE_LABELS in English). */
export type FileTreeLabels = { [Key in keyof typeof FILE_TREE_LABELS]: string };

/** The file mode git gives a symbolic link (GitLab's tree API `mode`). */
export const SYMLINK_MODE = '120000';

/**
 * GitLab's tree entry types: `tree` a directory, `blob` a file, `commit` a submodule. Directories
 * come first, then submodules, then files (GitLab's order), each group in the order given.
 */
export const FILE_TREE_ENTRY_ORDER = ['tree', 'commit', 'blob'] as const;
export type FileTreeEntryType = (typeof FILE_TREE_ENTRY_ORDER)[number];

/** The last commit that changed an entry. */
export interface FileTreeCommit {
  /** The commit title (first line of its message). */
  title: string;
  /** The commit's page. */
  href: string;
  /** When it was committed. */
  committedDate: DateInput;
}

/** One row of the tree (GitLab's `GET /projects/:id/repository/tree` item, plus its links). */
export interface FileTreeEntry {
  type: FileTreeEntryType;
  /** The entry's name in its directory. */
  name: string;
  /** Its path from the repository root; the row's React key. */
  path: string;
  /** Where its name links: the tree page of a directory, the blob page of a file. */
  href: string;
  /** The git file mode (`100644`, `120000` for a symbolic link). */
  mode?: string;
  /**
   * The last commit that changed it: `undefined` while it loads (a placeholder shows), `null` when
   * there is none to show.
   */
  lastCommit?: FileTreeCommit | null;
}

export interface FileTreeProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The directory's entries, in any order: directories are shown first, then submodules, then files. */
  entries: readonly FileTreeEntry[];
  /** The parent directory's page. With it, a `..` row leads there (not at the repository root). */
  parentHref?: string;
  /**
   * The entries themselves are loading: placeholder rows replace them.
   * @default false
   */
  isLoading?: boolean;
  /**
   * How many rows the server render (and hydration) draws; the rest are drawn right after
   * hydration. Keyboard order and names are the same once they are there.
   * @default FILE_TREE_INITIAL_ROWS (100)
   */
  initialRowCount?: number;
  /**
   * A fixed "now" for the relative times (a server render, tests, stories); without it they follow
   * the clock.
   */
  now?: DateInput;
  /**
   * IANA time zone of the exact times (the tooltips). Without it, the user's.
   */
  timeZone?: string;
  /**
   * The user's time-display setting for the exact times: 1 for 12-hour, 2 for 24-hour.
   * @default 1
   */
  timeDisplayFormat?: TimeDisplayFormat;
  /**
   * Texts, for translation.
   * @default FILE_TREE_LABELS
   */
  labels?: FileTreeLabels;
  ref?: Ref<HTMLDivElement>;
}

const ORDER_RANK = new Map<FileTreeEntryType, number>(FILE_TREE_ENTRY_ORDER.map((type, rank) => [type, rank]));

/** The entries in display order: by type (FILE_TREE_ENTRY_ORDER), stable within a type. */
export function sortFileTreeEntries(entries: readonly FileTreeEntry[]): FileTreeEntry[] {
  return [...entries].sort((a, b) => ORDER_RANK.get(a.type)! - ORDER_RANK.get(b.type)!);
}

function iconFor(entry: FileTreeEntry): IconName {
  if (entry.type === 'tree') return 'folder';
  if (entry.type === 'commit') return 'git';
  return entry.mode === SYMLINK_MODE ? 'symlink' : 'doc-text';
}

/**
 * Rows rendered on the server and at hydration: a long directory's document carries these (GitLab's
 * tree also loads 100 entries at a time), and the rest are drawn right after hydration.
 */
export const FILE_TREE_INITIAL_ROWS = 100;

/** Placeholder rows while the entries load (as many as a short directory). */
const LOADING_ROWS = 5;

/** A grey bar standing in for text; the table's one status region announces the loading. */
function placeholder() {
  return <span className="fk-file-tree__placeholder" data-component="FileTree.Placeholder" aria-hidden="true" />;
}

/** The tooltip manager's marker class (the first of TOOLTIP_SELECTOR's selectors). */
const TOOLTIP_CLASS = TOOLTIP_SELECTOR.split(',')[0]!.trim().slice(1);
const TIME_CLASS = `fk-file-tree__time ${TOOLTIP_CLASS}`;

/** How the times read: with a fixed now or not, before or after hydration, in which zone. */
interface TimeSettings {
  now?: number;
  /** The clock when the table first rendered in the browser. */
  clientNow: number;
  isClient: boolean;
  timeZone?: string;
  timeDisplayFormat?: TimeDisplayFormat;
}

/**
 * When an entry last changed. Not a TimeAgo per row: with its tooltip and exact-date formatting,
 * 1,000 rows took 77 ms of CPU to render on the server instead of 20 ms (production React). The relative text is computed once per render (with a
 * fixed `now` also on the server); without one, the server and hydration show the UTC date
 * (`YYYY-MM-DD`), then the relative text. After hydration the exact time becomes the `title`, which
 * the delegated tooltip manager (initTooltips) turns into a tooltip on hover or focus.
 */
function commitTime(date: DateInput, settings: TimeSettings) {
  const moment = toDate(date);
  const { now, clientNow, isClient, timeZone, timeDisplayFormat } = settings;
  const iso = moment.toISOString();
  const text =
    now !== undefined
      ? formatTimeAgo(moment, { now })
      : isClient
        ? formatTimeAgo(moment, { now: clientNow })
        : iso.slice(0, ISO_DATE_LENGTH);
  return (
    <time
      className={TIME_CLASS}
      data-component="FileTree.Time"
      dateTime={iso}
      title={isClient ? formatDateTime(moment, { timeZone, timeDisplayFormat }) : undefined}
    >
      {text}
    </time>
  );
}

/** `YYYY-MM-DD`, the date part of an ISO timestamp. */
const ISO_DATE_LENGTH = 10;

function commitCells(commit: FileTreeCommit | null | undefined, settings: TimeSettings, labels: FileTreeLabels) {
  if (commit === undefined) {
    // The cell has a name for who reads the table cell by cell; the one status region announces.
    return (
      <>
        <td className="fk-file-tree__commit" data-state="loading">
          <VisuallyHidden>{labels.loadingCommit}</VisuallyHidden>
          {placeholder()}
        </td>
        <td className="fk-file-tree__updated">{placeholder()}</td>
      </>
    );
  }
  if (commit === null) {
    return (
      <>
        <td className="fk-file-tree__commit" />
        <td className="fk-file-tree__updated" />
      </>
    );
  }
  return (
    <>
      <td className="fk-file-tree__commit">
        <a className="fk-file-tree__commit-link" href={commit.href} data-component="FileTree.CommitLink">
          {commit.title}
        </a>
      </td>
      <td className="fk-file-tree__updated">{commitTime(commit.committedDate, settings)}</td>
    </>
  );
}

/**
 * A repository directory as a table (GitLab's repository tree): the `..` parent row, then
 * directories, submodules and files, each with its icon, its name as a link, the title of the last
 * commit that changed it (a link to the commit) and when (relative time). Last-commit data often
 * arrives after the names (often a batch at a time as rows scroll into view): until it does, a
 * row's commit cells show a placeholder of the text's height (no layout shift when it arrives) and
 * are named 'Loading last commit', and one status region says 'Loading last commits' (with
 * `isLoading`, placeholder rows stand for the names too). An empty directory says so.
 *
 * Rows are plain markup with no state of their own. The server renders the first
 * `initialRowCount` (100) and the browser the rest right after hydration, so a directory of 1,000
 * entries keeps a small document and a short server render, and hydrates without a mismatch.
 */
export function FileTree({
  entries,
  parentHref,
  isLoading = false,
  initialRowCount = FILE_TREE_INITIAL_ROWS,
  now,
  timeZone,
  timeDisplayFormat,
  labels = FILE_TREE_LABELS,
  className,
  ref,
  ...rest
}: FileTreeProps) {
  const isClient = useIsClient();
  const [clientNow] = useState(() => Date.now());
  const settings: TimeSettings = {
    now: now === undefined ? undefined : toDate(now).getTime(),
    clientNow,
    isClient,
    timeZone,
    timeDisplayFormat,
  };
  const sorted = sortFileTreeEntries(entries);
  const shown = isClient ? sorted : sorted.slice(0, initialRowCount);
  const isLoadingCommits = !isLoading && sorted.some((entry) => entry.lastCommit === undefined);
  const isEmpty = !isLoading && sorted.length === 0;
  const state = isLoading ? 'loading' : isEmpty ? 'empty' : isLoadingCommits ? 'loading-commits' : 'ready';

  return (
    <div {...rest} ref={ref} className={clsx('fk-file-tree', className)} data-component="FileTree" data-state={state}>
      <table
        aria-label={labels.table}
        // Busy only while the names load: commits may load as rows scroll into view, and a table
        // marked busy that long is one screen readers hold back.
        aria-busy={isLoading || undefined}
        className="fk-file-tree__table"
      >
        <thead>
          <tr>
            <th scope="col" className="fk-file-tree__name">
              {labels.name}
            </th>
            <th scope="col" className="fk-file-tree__commit">
              {labels.lastCommit}
            </th>
            <th scope="col" className="fk-file-tree__updated">
              {labels.lastUpdate}
            </th>
          </tr>
        </thead>
        <tbody>
          {parentHref !== undefined ? (
            <tr data-component="FileTree.Parent">
              <td className="fk-file-tree__name" colSpan={3}>
                <a className="fk-file-tree__link" href={parentHref} aria-label={labels.parentLabel}>
                  {labels.parent}
                </a>
              </td>
            </tr>
          ) : null}
          {isLoading
            ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                // Placeholders have no identity beyond their position.
                <tr key={index} data-component="FileTree.LoadingRow">
                  <td className="fk-file-tree__name">{placeholder()}</td>
                  <td className="fk-file-tree__commit">{placeholder()}</td>
                  <td className="fk-file-tree__updated">{placeholder()}</td>
                </tr>
              ))
            : shown.map((entry) => (
                <tr key={entry.path} data-component="FileTree.Row" data-type={entry.type}>
                  <td className="fk-file-tree__name">
                    <a className="fk-file-tree__link" href={entry.href}>
                      <Icon name={iconFor(entry)} className="fk-file-tree__icon" />
                      <span className="fk-file-tree__entry-name">{entry.name}</span>
                    </a>
                  </td>
                  {commitCells(entry.lastCommit, settings, labels)}
                </tr>
              ))}
          {isEmpty ? (
            <tr data-component="FileTree.Empty">
              <td className="fk-file-tree__empty" colSpan={3}>
                {labels.empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <VisuallyHidden role="status" data-component="FileTree.Status">
        {isLoading ? labels.loading : isLoadingCommits ? labels.loadingCommits : ''}
      </VisuallyHidden>
    </div>
  );
}
