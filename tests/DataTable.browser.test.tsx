// Real Chromium: a linked row is clickable anywhere, while the other controls in it keep their
// own clicks; the stacked (card) layout under 576 px of the table's own width.
import { render, screen } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { DataTable, type DataTableColumn } from '../src/components/DataTable';

interface Branch {
  name: string;
  commits: number;
}

const onDelete = vi.fn();
const COLUMNS: DataTableColumn<Branch>[] = [
  { id: 'name', header: 'Branch', cell: (branch) => branch.name },
  { id: 'commits', header: 'Commits', cell: (branch) => branch.commits, align: 'end' },
  {
    id: 'actions',
    header: 'Actions',
    cell: (branch) => (
      <button type="button" onClick={() => onDelete(branch.name)}>
        Delete {branch.name}
      </button>
    ),
  },
];

function Table({ width }: { width: number }) {
  return (
    <div style={{ width }}>
      <DataTable
        caption="Branches"
        columns={COLUMNS}
        rows={[
          { name: 'main', commits: 1204 },
          { name: 'develop', commits: 17 },
        ]}
        getRowKey={(branch) => branch.name}
        getRowHref={(branch) => `#branch-${branch.name}`}
      />
    </div>
  );
}

afterEach(() => {
  window.location.hash = '';
  onDelete.mockClear();
});

describe('DataTable in Chromium', () => {
  it('follows the row link from a click anywhere in the row, but not from its buttons', async () => {
    render(<Table width={800} />);
    // Forced: the row link's overlay covers the cell, which is the point (Playwright would wait).
    await userEvent.click(screen.getByText('1204'), { force: true });
    expect(window.location.hash).toBe('#branch-main');
    await userEvent.click(screen.getByRole('button', { name: 'Delete develop' }));
    expect(onDelete).toHaveBeenCalledWith('develop');
    expect(window.location.hash).toBe('#branch-main');
  });

  it('is a table when wide and stacks rows as labelled cards when narrow', async () => {
    const { rerender } = render(<Table width={800} />);
    const cell = () => screen.getByText('1204').closest('td')!;
    const head = () => screen.getByRole('columnheader', { name: 'Branch' }).closest('thead')!;
    expect(getComputedStyle(cell()).display).toBe('table-cell');
    expect(head().getBoundingClientRect().height).toBeGreaterThan(1);

    rerender(<Table width={360} />);
    expect(getComputedStyle(cell()).display).toBe('grid');
    expect(getComputedStyle(cell(), '::before').content).toContain('Commits');
    // The header row is still there for screen readers, out of sight.
    expect(head().getBoundingClientRect().height).toBeLessThanOrEqual(1);
    const rowHeader = screen.getByRole('rowheader', { name: 'main' });
    expect(cell().getBoundingClientRect().top).toBeGreaterThan(rowHeader.getBoundingClientRect().bottom - 1);
  });
});
