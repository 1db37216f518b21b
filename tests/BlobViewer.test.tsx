import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOB_VIEWER_LABELS, BlobViewer, lineHash, parseLineHash } from '../src/components/BlobViewer';
import { CLIPBOARD_COPIED_MESSAGE } from '../src/components/ClipboardButton';
import { highlightCodeLines } from '../src/markdown';
import { REPOSITORY_NOW, SOURCE_BLAME, SOURCE_FILE } from '../stories/support/repository';

const LINE_COUNT = 12;
const code = (props: Partial<Parameters<typeof BlobViewer>[0]> = {}) => (
  <BlobViewer fileName="size.ts" path="src/utils/size.ts" content={SOURCE_FILE} {...props} />
);
const row = (line: number) => document.getElementById(`L${line}`)!.closest('tr')!;
const selectedLines = () =>
  [...document.querySelectorAll('tr[data-selected]')].map((tr) =>
    Number(tr.querySelector('[data-line-number]')!.textContent),
  );

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('line hashes', () => {
  it('reads #L12 and #L12-20 (in either order) and nothing else', () => {
    expect(parseLineHash('#L12')).toEqual({ start: 12, end: 12 });
    expect(parseLineHash('#L20-12')).toEqual({ start: 12, end: 20 });
    expect(parseLineHash('#note_12')).toBeNull();
    expect(parseLineHash('')).toBeNull();
  });

  it('writes one line as #L12 and a range as #L12-20', () => {
    expect(lineHash({ start: 12, end: 12 })).toBe('#L12');
    expect(lineHash({ start: 12, end: 20 })).toBe('#L12-20');
  });
});

describe('BlobViewer', () => {
  it('shows the file name, its size, a copy-path button and one group of Blame, History, Open raw and Download links', () => {
    render(
      code({
        size: 1536,
        blameHref: '/blame',
        historyHref: '/commits',
        rawHref: '/raw',
        downloadHref: '/raw?inline=false',
        actions: <button type="button">More</button>,
      }),
    );
    const header = document.querySelector<HTMLElement>('[data-component="BlobViewer.Header"]')!;
    expect(within(header).getByText('size.ts')).toBeInTheDocument();
    expect(within(header).getByText('1.50 KiB')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Copy file path' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Blame' })).toHaveAttribute('href', '/blame');
    expect(within(header).getByRole('link', { name: 'Open raw' })).toHaveAttribute('href', '/raw');
    expect(within(header).getByRole('link', { name: 'Download' })).toHaveAttribute('download');
    expect(within(header).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/commits');
    // One group of one kind, in GitLab's order; extra actions come after it.
    const group = header.querySelector<HTMLElement>('[data-component="BlobViewer.Links"]')!;
    expect([...group.children].map((link) => [link.textContent, link.className])).toEqual(
      ['Blame', 'History', 'Open raw', 'Download'].map((text) => [text, 'fk-blob-viewer__action']),
    );
    expect(group.contains(within(header).getByRole('button', { name: 'More' }))).toBe(false);
  });

  it('copies the path', async () => {
    const user = userEvent.setup();
    render(code());
    await user.click(screen.getByRole('button', { name: 'Copy file path' }));
    expect(await navigator.clipboard.readText()).toBe('src/utils/size.ts');
    // The button's tooltip (its code loads on the click) says so: awaited, so that it does not
    // update after the test (a loaded machine's React warned "not wrapped in act").
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
  });

  it('numbers every line with a link to its anchor (no extra line for the final newline)', () => {
    render(code());
    const numbers = document.querySelectorAll('[data-line-number]');
    expect(numbers).toHaveLength(LINE_COUNT);
    expect(screen.getByRole('link', { name: '4' })).toHaveAttribute('href', '#L4');
    expect(document.getElementById('LC4')).toHaveTextContent('export function formatSize(bytes: number): string {');
  });

  it('selects a clicked line and, with Shift, a range; the URL follows without a jump', async () => {
    const user = userEvent.setup();
    render(code());
    await user.click(screen.getByRole('link', { name: '3' }));
    expect(window.location.hash).toBe('#L3');
    expect(selectedLines()).toEqual([3]);
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('link', { name: '6' }));
    await user.keyboard('{/Shift}');
    expect(window.location.hash).toBe('#L3-6');
    expect(selectedLines()).toEqual([3, 4, 5, 6]);
    // Shift-clicking above the range extends it upwards.
    fireEvent.click(screen.getByRole('link', { name: '1' }), { shiftKey: true });
    expect(window.location.hash).toBe('#L1-6');
    // A plain click starts again.
    fireEvent.click(screen.getByRole('link', { name: '9' }));
    expect(selectedLines()).toEqual([9]);
  });

  it('highlights the lines of the URL hash on load and when it changes', async () => {
    window.history.replaceState(null, '', '/#L2-4');
    render(code());
    expect(selectedLines()).toEqual([2, 3, 4]);
    act(() => {
      window.location.hash = '#L7';
    });
    await waitFor(() => expect(selectedLines()).toEqual([7]));
  });

  it('follows the history back to the previous selection', async () => {
    render(code());
    fireEvent.click(screen.getByRole('link', { name: '3' }));
    fireEvent.click(screen.getByRole('link', { name: '8' }));
    act(() => window.history.back());
    await waitFor(() => expect(selectedLines()).toEqual([3]));
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    render(code());
    const event = fireEvent.click(screen.getByRole('link', { name: '3' }), { ctrlKey: true });
    expect(event).toBe(true);
    expect(selectedLines()).toEqual([]);
  });

  it('highlights the code with the markdown layer highlighter, a comment keeping its colour across lines', async () => {
    render(code({ highlighter: highlightCodeLines }));
    const container = document.querySelector('[data-component="BlobViewer.Code"]')!;
    await waitFor(() => expect(container).toHaveAttribute('data-highlighted', 'yes'));
    expect(document.getElementById('LC4')!.querySelector('.hljs-keyword')).toHaveTextContent('export');
    expect(document.getElementById('LC2')!.firstElementChild).toHaveClass('hljs-comment');
    expect(document.getElementById('LC4')).toHaveTextContent('export function formatSize(bytes: number): string {');
    expect(document.querySelectorAll('[data-line-number]')).toHaveLength(LINE_COUNT);
  });

  it('stays plain for a language the highlighter does not know', async () => {
    let calls = 0;
    render(
      code({
        fileName: 'notes.unknown',
        highlighter: async (source, language) => {
          calls += 1;
          return highlightCodeLines(source, language);
        },
      }),
    );
    await waitFor(() => expect(calls).toBe(1));
    expect(document.querySelector('[data-component="BlobViewer.Code"]')).not.toHaveAttribute('data-highlighted');
    expect(document.querySelector('.hljs-keyword')).toBeNull();
  });

  it('groups blame lines by commit, with the commit title, author and time beside the first line', () => {
    render(
      <BlobViewer fileName="size.ts" path="src/utils/size.ts" mode="blame" blame={SOURCE_BLAME} now={REPOSITORY_NOW} />,
    );
    const cells = document.querySelectorAll<HTMLTableCellElement>('[data-component="BlobViewer.Blame"]');
    expect([...cells].map((cell) => cell.rowSpan)).toEqual([4, 6, 2]);
    expect(row(5)).toContainElement(cells[1]!);
    expect(within(cells[1]!).getByRole('link', { name: 'formatSize: binary units up to MiB' })).toHaveAttribute(
      'href',
      '/forge/forgekit/-/commit/b2c3d4e5',
    );
    expect(cells[1]).toHaveTextContent('Grace Hopper');
    expect(within(cells[1]!).getByText('3 days ago')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-line-number]')).toHaveLength(LINE_COUNT);
  });

  it("shows each commit's author avatar before its title, decorative, or the name's identicon without one", () => {
    const avatarUrl = '/uploads/-/system/user/avatar/7/grace.png';
    const blame = SOURCE_BLAME.map((range, index) =>
      index === 1 ? { ...range, commit: { ...range.commit, authorAvatarUrl: avatarUrl } } : range,
    );
    render(<BlobViewer fileName="size.ts" path="src/utils/size.ts" mode="blame" blame={blame} now={REPOSITORY_NOW} />);
    const cells = document.querySelectorAll<HTMLTableCellElement>('[data-component="BlobViewer.Blame"]');
    const image = cells[1]!.querySelector('img');
    expect(image).toHaveAttribute('src', avatarUrl);
    // The author's name is shown beside it: the picture adds nothing for a screen reader.
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('width', '32');
    // Before the title, in reading order.
    const title = within(cells[1]!).getByRole('link', { name: 'formatSize: binary units up to MiB' });
    expect(image!.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Without an avatar URL: the author's initial, hidden from assistive technology.
    const identicon = cells[0]!.querySelector('[data-component="Avatar.Identicon"]');
    expect(identicon).toHaveTextContent('A');
    expect(identicon).toHaveAttribute('aria-hidden', 'true');
    expect(cells[0]!.querySelector('img')).toBeNull();
  });

  it('marks the Blame link as the current page in blame mode', () => {
    render(<BlobViewer fileName="a" path="a" mode="blame" blame={SOURCE_BLAME} blameHref="/blame" />);
    expect(screen.getByRole('link', { name: 'Blame' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows rendered Markdown given as children', () => {
    render(
      <BlobViewer fileName="README.md" path="README.md" mode="markdown">
        <h1>Forgekit</h1>
      </BlobViewer>,
    );
    expect(screen.getByRole('heading', { name: 'Forgekit' })).toBeInTheDocument();
    expect(document.querySelector('[data-line-number]')).toBeNull();
  });

  it('shows an image named after the file', () => {
    render(<BlobViewer fileName="logo.png" path="img/logo.png" mode="image" rawHref="/raw/logo.png" />);
    expect(screen.getByRole('img', { name: 'logo.png' })).toHaveAttribute('src', '/raw/logo.png');
  });

  it.each([
    ['binary', BLOB_VIEWER_LABELS.binary],
    ['too-large', 'The source could not be displayed because it is too large.'],
  ] as const)('says why a %s file is not shown and offers the download', (mode, message) => {
    render(<BlobViewer fileName="app.bin" path="app.bin" mode={mode} downloadHref="/download/app.bin" />);
    const fallback = document.querySelector('[data-component="BlobViewer.Fallback"]')!;
    expect(fallback).toHaveTextContent(message);
    expect(within(fallback as HTMLElement).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/download/app.bin',
    );
  });

  it('says when a file is empty', () => {
    render(<BlobViewer fileName="empty.txt" path="empty.txt" content="" />);
    expect(screen.getByText('Empty file')).toBeInTheDocument();
  });
});
