import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FILE_TREE_LABELS, FileTree, type FileTreeEntry } from '../src/components/FileTree';
import { TOOLTIP_SELECTOR } from '../src/components/Tooltip';
import { DAY_IN_MS } from '../src/utils/date';
import { REPOSITORY_NOW, ROOT_ENTRIES } from '../stories/support/repository';

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('FileTree', () => {
  it('shows directories first, then submodules, then files, each in the given order', () => {
    render(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} />);
    expect(rowNames()).toEqual(['src', 'docs', 'vendor-icons', 'README.md', 'package.json', 'LICENSE']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.dataset.type)).toEqual(['tree', 'tree', 'commit', 'blob', 'blob', 'blob']);
  });

  it('names the table and its columns', () => {
    render(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} />);
    const table = screen.getByRole('table', { name: 'Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Last commit', 'Last update']);
  });

  it('links each name, its last commit and shows when it changed', () => {
    render(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} />);
    expect(screen.getByRole('link', { name: 'src' })).toHaveAttribute('href', '/forge/forgekit/-/tree/main/src');
    const row = screen.getByRole('link', { name: 'README.md' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Document the release process' })).toHaveAttribute(
      'href',
      '/forge/forgekit/-/commit/a1b2c3d',
    );
    expect(within(row).getByText('2 hours ago')).toHaveAttribute('datetime', '2026-11-25T10:00:00.000Z');
  });

  it('gives each time its exact date and time as a title for the tooltip manager, in the given zone and format', () => {
    render(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} timeZone="UTC" timeDisplayFormat={2} />);
    const time = screen.getByText('2 hours ago');
    expect(time).toHaveAttribute('title', 'Nov 25, 2026 10:00');
    expect(time.matches(TOOLTIP_SELECTOR)).toBe(true);
  });

  it('without a fixed now, measures from the clock', () => {
    const entries: FileTreeEntry[] = [
      { ...ROOT_ENTRIES[0]!, lastCommit: { title: 'Fresh', href: '/c', committedDate: Date.now() - 3 * DAY_IN_MS } },
    ];
    render(<FileTree entries={entries} />);
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
  });

  it('gives each kind of entry its icon (symbolic links and submodules too)', () => {
    render(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} />);
    const icon = (name: string) =>
      screen.getByRole('link', { name }).querySelector('[data-component="Icon"]')!.getAttribute('data-name');
    expect(icon('src')).toBe('folder');
    expect(icon('README.md')).toBe('doc-text');
    expect(icon('LICENSE')).toBe('symlink');
    expect(icon('vendor-icons')).toBe('git');
  });

  it('leads to the parent directory with a ".." row only when given one', () => {
    const { rerender } = render(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} />);
    expect(screen.queryByRole('link', { name: FILE_TREE_LABELS.parentLabel })).toBeNull();
    rerender(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} parentHref="/forge/forgekit/-/tree/main" />);
    const parent = screen.getByRole('link', { name: 'Go to parent directory' });
    expect(parent).toHaveTextContent('..');
    expect(parent).toHaveAttribute('href', '/forge/forgekit/-/tree/main');
    expect(rowNames()[0]).toBe('..');
  });

  it('shows placeholders and announces loading while last commits are unknown', () => {
    const pending: FileTreeEntry[] = ROOT_ENTRIES.map(({ lastCommit: _lastCommit, ...entry }) => entry);
    const { container } = render(<FileTree entries={pending} />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'loading-commits');
    // Not busy: the names are there to read while commits arrive, maybe only as rows scroll in.
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
    // One announcement for the table; each waiting cell is named for who reads it cell by cell.
    expect(screen.getByRole('status')).toHaveTextContent('Loading last commits');
    const row = screen.getByRole('link', { name: 'README.md' }).closest('tr')!;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Loading last commit');
    expect(container.querySelectorAll('[data-component="FileTree.Placeholder"]')).toHaveLength(pending.length * 2);
    // The names are there already.
    expect(screen.getByRole('link', { name: 'README.md' })).toBeInTheDocument();
  });

  it('leaves the commit cells empty for an entry with no known commit (null), without a loading state', () => {
    const entries: FileTreeEntry[] = [{ ...ROOT_ENTRIES[0]!, lastCommit: null }];
    const { container } = render(<FileTree entries={entries} />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(container.querySelector('[data-component="FileTree.Placeholder"]')).toBeNull();
  });

  it('shows placeholder rows while the entries load', () => {
    const { container } = render(<FileTree entries={[]} isLoading />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading files');
    expect(container.querySelectorAll('[data-component="FileTree.LoadingRow"]').length).toBeGreaterThan(0);
    expect(screen.queryByText(FILE_TREE_LABELS.empty)).toBeNull();
  });

  it('says when a directory is empty', () => {
    const { container } = render(<FileTree entries={[]} parentHref="/up" />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'empty');
    expect(screen.getByText('This directory is empty.')).toBeInTheDocument();
  });

  it('takes translated texts', () => {
    render(<FileTree entries={[]} labels={{ ...FILE_TREE_LABELS, table: 'Dateien', empty: 'Leer.' }} />);
    expect(screen.getByRole('table', { name: 'Dateien' })).toBeInTheDocument();
    expect(screen.getByText('Leer.')).toBeInTheDocument();
  });
});
