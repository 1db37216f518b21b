import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DATA_TABLE_EMPTY_TEXT, DataTable, type DataTableColumn } from '../src/components/DataTable';
import { SKELETON_DEFAULT_LINES } from '../src/tokens';

interface Project {
  id: number;
  name: string;
  stars: number;
}

const ROWS: Project[] = [
  { id: 1, name: 'forgekit', stars: 12 },
  { id: 2, name: 'runner', stars: 3 },
];

const COLUMNS: DataTableColumn<Project>[] = [
  { id: 'name', header: 'Name', cell: (project) => project.name, isSortable: true },
  {
    id: 'stars',
    header: 'Stars',
    cell: (project) => project.stars,
    align: 'end',
    isSortable: true,
    firstSortDirection: 'descending',
  },
  { id: 'actions', header: 'Actions', cell: (project) => <button type="button">Star {project.name}</button> },
];

const table = (props: Partial<Parameters<typeof DataTable<Project>>[0]> = {}) => (
  <DataTable caption="Projects" columns={COLUMNS} rows={ROWS} getRowKey={(project) => project.id} {...props} />
);

describe('DataTable', () => {
  it('is a table named by its caption, with column headers and a row header per row', () => {
    const ref = createRef<HTMLDivElement>();
    render(table({ ref, className: 'extra' }));
    expect(ref.current).toHaveClass('fk-data-table', 'extra');
    expect(ref.current).toHaveAttribute('data-state', 'ready');
    const grid = screen.getByRole('table', { name: 'Projects' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Stars', 'Actions']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['forgekit', 'runner']);
    const firstRow = within(grid).getAllByRole('row')[1]!;
    const cells = within(firstRow).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['12', 'Star forgekit']);
    // Alignment, and the header as each cell's label for the stacked layout.
    expect(cells[0]).toHaveAttribute('data-align', 'end');
    expect(cells[0]).toHaveAttribute('data-label', 'Stars');
    expect(screen.getByRole('columnheader', { name: 'Stars' })).toHaveAttribute('data-align', 'end');
  });

  it('names rows by the column marked isRowHeader', () => {
    const columns = COLUMNS.map((column) => ({ ...column, isRowHeader: column.id === 'stars' }));
    render(table({ columns }));
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['12', '3']);
  });

  it('hides the caption visually only when asked', () => {
    render(table({ isCaptionHidden: true }));
    expect(screen.getByRole('table', { name: 'Projects' }).querySelector('caption')).toHaveAttribute('data-hidden');
  });

  it('sorts through the callback: first press by the column’s first direction, then reversed; aria-sort follows', async () => {
    const onSortChange = vi.fn();
    render(table({ onSortChange }));
    const name = screen.getByRole('columnheader', { name: 'Name' });
    const stars = screen.getByRole('columnheader', { name: 'Stars' });
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();

    await userEvent.click(within(stars).getByRole('button', { name: 'Stars' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'stars', direction: 'descending' });
    expect(stars).toHaveAttribute('aria-sort', 'descending');
    expect(name).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(stars).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'stars', direction: 'ascending' });
    expect(stars).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(name).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'name', direction: 'ascending' });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(stars).toHaveAttribute('aria-sort', 'none');
  });

  it('reflects a controlled sort and leaves changing it to the owner', async () => {
    const onSortChange = vi.fn();
    render(table({ sort: { columnId: 'name', direction: 'descending' }, onSortChange }));
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(name).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ columnId: 'name', direction: 'ascending' });
    expect(name).toHaveAttribute('aria-sort', 'descending');
  });

  it('links each row through its row header', () => {
    render(table({ getRowHref: (project) => `/forge/${project.name}` }));
    const link = screen.getByRole('link', { name: 'forgekit' });
    expect(link).toHaveAttribute('href', '/forge/forgekit');
    expect(link.closest('tr')).toHaveAttribute('data-linked', 'true');
    expect(link.closest('th')).toHaveAttribute('scope', 'row');
  });

  it('shows skeleton lines instead of the rows while loading, and is busy', () => {
    render(table({ isLoading: true }));
    const grid = screen.getByRole('table');
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('rowheader')).toBeNull();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading');
    expect(status).toHaveAttribute('data-lines', String(SKELETON_DEFAULT_LINES));
    expect(status.closest('td')).toHaveAttribute('colSpan', String(COLUMNS.length));
    expect(grid.parentElement).toHaveAttribute('data-state', 'loading');
  });

  it('takes the number of skeleton lines', () => {
    render(table({ isLoading: true, loadingRowCount: 5 }));
    expect(screen.getByRole('status')).toHaveAttribute('data-lines', '5');
  });

  it('shows GitLab’s empty text with no rows, or the given empty content', () => {
    const { rerender } = render(table({ rows: [] }));
    expect(DATA_TABLE_EMPTY_TEXT).toBe('There are no records to show');
    const cell = screen.getByText(DATA_TABLE_EMPTY_TEXT);
    expect(cell).toHaveAttribute('colSpan', String(COLUMNS.length));
    expect(cell.closest('[data-component="DataTable"]')).toHaveAttribute('data-state', 'empty');
    rerender(table({ rows: [], empty: <p>No projects yet</p> }));
    expect(screen.getByText('No projects yet')).toBeInTheDocument();
  });
});
