import clsx from 'clsx';
import { useEffect, useState, type ComponentPropsWithoutRef, type MouseEvent, type ReactNode, type Ref } from 'react';
import { scrollToHash } from '../../hooks/useScrollToHash';
import type { DateInput } from '../../utils/date';
import { numberToHumanSize } from '../../utils/number';
import { Avatar, type AvatarSize } from '../Avatar';
import { ClipboardButton } from '../ClipboardButton';
import { Icon } from '../Icon';
import { TimeAgo } from '../TimeAgo';
import './BlobViewer.css';

/** Texts: the header's buttons and links, and the messages of the fallback and empty views. */
export const BLOB_VIEWER_LABELS = {
  copyPath: 'Copy file path',
  blame: 'Blame',
  history: 'History',
  raw: 'Open raw',
  download: 'Download',
  tooLarge: 'The source could not be displayed because it is too large.',
  binary: 'The source could not be displayed because it is stored in a binary format.',
  empty: 'Empty file',
} as const;

/** The texts a BlobViewer shows (BLOB_VIEWER_LABELS in English). */
export type BlobViewerLabels = { [Key in keyof typeof BLOB_VIEWER_LABELS]: string };

/**
 * How the file is shown: `code` (numbered lines, highlighted), `blame` (lines grouped by the
 * commit that last changed them), `markdown` (rendered, given as children), `image`, or a
 * `binary` / `too-large` message with a download link.
 */
export const BLOB_VIEWER_MODES = ['code', 'blame', 'markdown', 'image', 'binary', 'too-large'] as const;
export type BlobViewerMode = (typeof BLOB_VIEWER_MODES)[number];

/** Lines `start` to `end` (1-based, inclusive), as in a `#L12-20` link. */
export interface LineRange {
  start: number;
  end: number;
}

const LINE_HASH = /^#L(\d+)(?:-(\d+))?$/;

/** The line range of a `#L12` or `#L12-20` hash (in either order), or null for any other hash. */
export function parseLineHash(hash: string): LineRange | null {
  const match = LINE_HASH.exec(hash);
  if (!match) return null;
  const first = Number(match[1]);
  const second = match[2] === undefined ? first : Number(match[2]);
  return { start: Math.min(first, second), end: Math.max(first, second) };
}

/** The hash of a line range: `#L12` for one line, `#L12-20` for several. */
export function lineHash({ start, end }: LineRange): string {
  return start === end ? `#L${start}` : `#L${start}-${end}`;
}

/**
 * Highlights code as HTML lines, one per line of `code`; resolves to undefined when it cannot
 * (the code stays plain). `forgekit/markdown`'s `highlightCodeLines` is one, loading highlight.js
 * only when called.
 */
export type BlobHighlighter = (code: string, language: string) => Promise<readonly string[] | undefined>;

/** The commit of a blame group (GitLab's blame API `commit`, plus its link). */
export interface BlobBlameCommit {
  /** The full SHA. */
  id: string;
  /** The commit title. */
  title: string;
  /** The commit's page. */
  href: string;
  /** The commit author's name (git's `author_name`), shown under the title. */
  authorName: string;
  /** When the commit was authored (git's `authored_date`), shown as a relative time after the name. */
  authoredDate: DateInput;
  /**
   * The author's avatar URL (GitLab's `GET /avatar?email=` for the commit's `author_email`),
   * shown before the title. Without it, the identicon of `authorName`. The name is shown beside
   * it, so the image is decorative (`alt=""`).
   */
  authorAvatarUrl?: string | null;
}

/** Consecutive lines last changed by one commit (GitLab's `GET …/files/:path/blame` item). */
export interface BlobBlameRange {
  commit: BlobBlameCommit;
  lines: readonly string[];
}

export interface BlobViewerProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The file's name, shown in the header. */
  fileName: string;
  /** Its path from the repository root: what the copy button copies. */
  path: string;
  /** Its size in bytes, shown in the header when given. */
  size?: number;
  /** @default 'code' */
  mode?: BlobViewerMode;
  /** The file's text, for `code`. */
  content?: string;
  /** The lines grouped by commit, for `blame`. */
  blame?: readonly BlobBlameRange[];
  /**
   * The highlighting language: a highlight.js name, alias or file extension. Without it, the file
   * name's extension (or the name itself, as `Dockerfile`).
   */
  language?: string;
  /** Highlights `code` and `blame` in the browser; without it the code stays plain. */
  highlighter?: BlobHighlighter;
  /** The rendered file, for `markdown` (a `<Markdown>` from `forgekit/markdown`). */
  children?: ReactNode;
  /** The image's URL, for `image`. @default rawHref */
  imageSrc?: string;
  /** The blame page: a Blame link in the header. */
  blameHref?: string;
  /** The file's commits: a History link in the header, beside Blame. */
  historyHref?: string;
  /** The raw file: an Open raw link in the header. */
  rawHref?: string;
  /** The file as a download: a Download link in the header and in the binary / too-large message. */
  downloadHref?: string;
  /** More header actions, after the group of links. */
  actions?: ReactNode;
  /** A fixed "now" for the blame times (server render, tests, stories). */
  now?: DateInput;
  /** Texts, for translation. @default BLOB_VIEWER_LABELS */
  labels?: BlobViewerLabels;
  ref?: Ref<HTMLDivElement>;
}

/** The source's lines (a final newline ends the last line, it does not start another). */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** The highlighting language of a file name: its extension, or the name itself without one. */
function languageOfFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(dot + 1) : fileName).toLowerCase();
}

/** Reads the line range from the URL hash after hydration, and again on hashchange and back/forward. */
function useHashLineRange(): [LineRange | null, (range: LineRange) => void] {
  const [range, setRange] = useState<LineRange | null>(null);
  useEffect(() => {
    const read = () => setRange(parseLineHash(window.location.hash));
    read();
    // A range has no element of its own to jump to: bring its first line into view.
    const initial = parseLineHash(window.location.hash);
    if (initial && initial.start !== initial.end) scrollToHash(`#L${initial.start}`);
    window.addEventListener('hashchange', read);
    window.addEventListener('popstate', read);
    return () => {
      window.removeEventListener('hashchange', read);
      window.removeEventListener('popstate', read);
    };
  }, []);
  const select = (next: LineRange) => {
    // pushState: the URL and history follow without the page jumping to the line.
    window.history.pushState(window.history.state, '', lineHash(next));
    setRange(next);
  };
  return [range, select];
}

/** Highlighted lines of `text` once the highlighter has them; undefined until then (and on failure). */
function useHighlightedLines(text: string, language: string, highlighter: BlobHighlighter | undefined) {
  const [result, setResult] = useState<{ text: string; language: string; lines: readonly string[] }>();
  useEffect(() => {
    if (!highlighter || text === '') return;
    let isCurrent = true;
    highlighter(text, language).then(
      (lines) => {
        if (isCurrent && lines) setResult({ text, language, lines });
      },
      (error: unknown) => console.error('forgekit BlobViewer: highlighting failed', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [highlighter, text, language]);
  return result && result.text === text && result.language === language ? result.lines : undefined;
}

interface LinesProps {
  lines: readonly string[];
  highlighted: readonly string[] | undefined;
  selected: LineRange | null;
  onNumberClick: (line: number, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Blame cells by the index of the first line of each group. */
  blameCells?: ReadonlyMap<number, ReactNode>;
}

function Lines({ lines, highlighted, selected, onNumberClick, blameCells }: LinesProps) {
  return (
    <div
      className="fk-blob-viewer__code js-syntax-highlight"
      data-component="BlobViewer.Code"
      data-highlighted={highlighted ? 'yes' : undefined}
    >
      <table className="fk-blob-viewer__lines" role="presentation">
        <tbody>
          {lines.map((line, index) => {
            const number = index + 1;
            const isSelected = selected !== null && number >= selected.start && number <= selected.end;
            const html = highlighted?.[index];
            return (
              <tr key={number} className="fk-blob-viewer__line" data-selected={isSelected || undefined}>
                {blameCells?.get(index)}
                <td className="fk-blob-viewer__number">
                  <a
                    id={`L${number}`}
                    href={`#L${number}`}
                    data-line-number={number}
                    onClick={(event) => onNumberClick(number, event)}
                  >
                    {number}
                  </a>
                </td>
                <td className="fk-blob-viewer__text">
                  {html === undefined ? (
                    <code id={`LC${number}`}>{line}</code>
                  ) : (
                    // highlight.js output: its escaped text and <span class="hljs-*"> only.
                    <code id={`LC${number}`} dangerouslySetInnerHTML={{ __html: html }} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The blame column's author avatars: 32 px, beside the title and meta lines as in GitLab. */
const BLAME_AVATAR_SIZE: AvatarSize = 32;

function BlameCell({ range, now }: { range: BlobBlameRange; now?: DateInput }) {
  const { commit } = range;
  return (
    <td className="fk-blob-viewer__blame" rowSpan={range.lines.length} data-component="BlobViewer.Blame">
      <div className="fk-blob-viewer__blame-commit">
        <Avatar
          src={commit.authorAvatarUrl ?? undefined}
          entityName={commit.authorName}
          entityId={commit.authorName}
          alt=""
          size={BLAME_AVATAR_SIZE}
          fallbackOnError
        />
        <div className="fk-blob-viewer__blame-text">
          <a className="fk-blob-viewer__blame-title" href={commit.href} title={commit.title}>
            {commit.title}
          </a>
          <span className="fk-blob-viewer__blame-meta">
            {commit.authorName} · <TimeAgo date={commit.authoredDate} now={now} />
          </span>
        </div>
      </div>
    </td>
  );
}

/**
 * A repository file (GitLab's blob view): a header with the file's name, a copy-path button, its
 * size and Blame / Open raw / Download links, then the file itself.
 *
 * - `code`: numbered lines; each number is a link to its `#L12` anchor. Clicking one selects that
 *   line, Shift-clicking another extends the selection to a range (`#L12-20`); the URL follows
 *   (history entries, no jump) and the selection is read back from the hash on load and on
 *   back/forward. With a `highlighter`, the code is highlighted in the browser after hydration;
 *   the server renders it plain, so both renders match.
 * - `blame`: the same lines with the commit that last changed each group beside it.
 * - `markdown`: the rendered file, given as children. `image`: the picture. `binary` and
 *   `too-large`: a message and a download link.
 */
export function BlobViewer({
  fileName,
  path,
  size,
  mode = 'code',
  content = '',
  blame,
  language,
  highlighter,
  children,
  imageSrc,
  blameHref,
  historyHref,
  rawHref,
  downloadHref,
  actions,
  now,
  labels = BLOB_VIEWER_LABELS,
  className,
  ref,
  ...rest
}: BlobViewerProps) {
  const [selected, select] = useHashLineRange();
  const isBlame = mode === 'blame';
  const text = isBlame ? (blame ?? []).flatMap((range) => range.lines).join('\n') : content;
  const lines = isBlame ? text.split('\n') : splitLines(text);
  const highlighted = useHighlightedLines(
    mode === 'code' || isBlame ? text : '',
    language ?? languageOfFile(fileName),
    highlighter,
  );

  const onNumberClick = (line: number, event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window) keep the browser's behaviour; Shift extends the range.
    if (event.metaKey || event.ctrlKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    const range =
      event.shiftKey && selected
        ? { start: Math.min(selected.start, line), end: Math.max(selected.end, line) }
        : { start: line, end: line };
    select(range);
  };

  let body: ReactNode;
  if (mode === 'code' && text === '') {
    body = <p className="fk-blob-viewer__message">{labels.empty}</p>;
  } else if (mode === 'code' || isBlame) {
    let blameCells: Map<number, ReactNode> | undefined;
    if (isBlame) {
      blameCells = new Map();
      let first = 0;
      for (const range of blame ?? []) {
        blameCells.set(first, <BlameCell key={`blame-${first}`} range={range} now={now} />);
        first += range.lines.length;
      }
    }
    body = (
      <Lines
        lines={lines}
        highlighted={highlighted}
        selected={selected}
        onNumberClick={onNumberClick}
        blameCells={blameCells}
      />
    );
  } else if (mode === 'markdown') {
    body = <div className="fk-blob-viewer__rendered">{children}</div>;
  } else if (mode === 'image') {
    body = (
      <div className="fk-blob-viewer__image">
        <img src={imageSrc ?? rawHref} alt={fileName} />
      </div>
    );
  } else {
    body = (
      <p className="fk-blob-viewer__message" data-component="BlobViewer.Fallback">
        {mode === 'binary' ? labels.binary : labels.tooLarge}
        {downloadHref ? (
          <>
            {' '}
            <a href={downloadHref} download>
              {labels.download}
            </a>
          </>
        ) : null}
      </p>
    );
  }

  return (
    <div {...rest} ref={ref} className={clsx('fk-blob-viewer', className)} data-component="BlobViewer" data-mode={mode}>
      <div className="fk-blob-viewer__header" data-component="BlobViewer.Header">
        <div className="fk-blob-viewer__file">
          <Icon name={mode === 'image' ? 'doc-image' : 'doc-text'} className="fk-blob-viewer__file-icon" />
          <strong className="fk-blob-viewer__name">{fileName}</strong>
          <ClipboardButton text={path} title={labels.copyPath} className="fk-blob-viewer__copy" />
          {size === undefined ? null : <span className="fk-blob-viewer__size">{numberToHumanSize(size)}</span>}
        </div>
        <div className="fk-blob-viewer__actions">
          {/* One group of links of one kind (GitLab's blob header button group). */}
          <div className="fk-blob-viewer__links" data-component="BlobViewer.Links">
            {blameHref ? (
              <a className="fk-blob-viewer__action" href={blameHref} aria-current={isBlame ? 'page' : undefined}>
                {labels.blame}
              </a>
            ) : null}
            {historyHref ? (
              <a className="fk-blob-viewer__action" href={historyHref}>
                {labels.history}
              </a>
            ) : null}
            {rawHref ? (
              <a className="fk-blob-viewer__action" href={rawHref}>
                {labels.raw}
              </a>
            ) : null}
            {downloadHref ? (
              <a className="fk-blob-viewer__action" href={downloadHref} download>
                {labels.download}
              </a>
            ) : null}
          </div>
          {actions}
        </div>
      </div>
      {body}
    </div>
  );
}
