// Real Chromium: a row's height is the same while its last commit loads (placeholders) and once it
// is there, so filling the column in after the page has drawn moves nothing (no layout shift).
import { render, screen } from '@testing-library/react';
import { FileTree, type FileTreeEntry } from '../src/components/FileTree';
import { REPOSITORY_NOW, ROOT_ENTRIES } from '../stories/support/repository';

const rowHeights = () => screen.getAllByRole('row').map((row) => row.getBoundingClientRect().height);

describe('FileTree in a browser', () => {
  it('keeps every row at its height when the last commits replace the placeholders', async () => {
    const pending: FileTreeEntry[] = ROOT_ENTRIES.map(({ lastCommit: _lastCommit, ...entry }) => entry);
    const { rerender } = render(<FileTree entries={pending} now={REPOSITORY_NOW} />);
    // Heights with the UI font's own metrics.
    await document.fonts.ready;
    expect(document.querySelector('[data-component="FileTree.Placeholder"]')).not.toBeNull();
    const loading = rowHeights();
    rerender(<FileTree entries={ROOT_ENTRIES} now={REPOSITORY_NOW} />);
    expect(document.querySelector('[data-component="FileTree.Placeholder"]')).toBeNull();
    expect(rowHeights()).toEqual(loading);
  });
});
