import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Badge } from '../src/components/Badge';
import {
  DataTable,
  DATA_TABLE_EMPTY_TEXT,
  type DataTableColumn,
  type DataTableSort,
} from '../src/components/DataTable';
import { EmptyState } from '../src/components/EmptyState';
import { Icon } from '../src/components/Icon';
import { TimeAgo } from '../src/components/TimeAgo';

interface Branch {
  name: string;
  commits: number;
  updated: string;
  isProtected: boolean;
}

const NOW = '2026-11-25T12:00:00Z';

const BRANCHES: Branch[] = [
  { name: 'main', commits: 1204, updated: '2026-11-25T09:00:00Z', isProtected: true },
  { name: 'feature/data-table', commits: 12, updated: '2026-11-24T16:30:00Z', isProtected: false },
  { name: 'fix/hydration-warning', commits: 3, updated: '2026-11-20T08:00:00Z', isProtected: false },
  { name: 'release/1.0', commits: 980, updated: '2026-10-02T10:00:00Z', isProtected: true },
];

const COLUMNS: DataTableColumn<Branch>[] = [
  { id: 'name', header: 'Branch', cell: (branch) => branch.name, isSortable: true },
  {
    id: 'protected',
    header: 'Status',
    cell: (branch) => (branch.isProtected ? <Badge variant="info">protected</Badge> : null),
  },
  {
    id: 'commits',
    header: 'Commits',
    cell: (branch) => branch.commits.toLocaleString('en-US'),
    align: 'end',
    isSortable: true,
    firstSortDirection: 'descending',
  },
  {
    id: 'updated',
    header: 'Last updated',
    cell: (branch) => <TimeAgo date={branch.updated} now={NOW} timeZone="UTC" />,
    isSortable: true,
    firstSortDirection: 'descending',
  },
];

const compare: Record<string, (a: Branch, b: Branch) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  commits: (a, b) => a.commits - b.commits,
  updated: (a, b) => a.updated.localeCompare(b.updated),
};

function sortRows(rows: readonly Branch[], sort: DataTableSort | null): Branch[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare[sort.columnId]!(a, b));
}

const meta = {
  title: 'Components/DataTable',
  component: DataTable<Branch>,
  args: {
    caption: 'Branches',
    columns: COLUMNS,
    rows: BRANCHES,
    getRowKey: (branch: Branch) => branch.name,
  },
  parameters: {
    docs: {
      description: {
        component:
          'A semantic table with typed columns (GitLab UI `GlTable`). Each column has a header, a `cell` renderer, ' +
          'an alignment (numbers at `end`), and can be sortable: its header becomes a button and the sorted column ' +
          'carries `aria-sort`. The table does not sort by itself: `onSortChange` tells the owner, who sorts the ' +
          'rows (on the server, or in memory) and passes them back.\n\n' +
          '- **Loading:** `isLoading` shows skeleton lines in place of the rows and marks the table busy.\n' +
          '- **Empty:** with no rows it shows `empty`: "There are no records to show" by default, or an ' +
          '`EmptyState`.\n' +
          '- **Row links:** with `getRowHref`, the row-header cell holds a real link and the whole row is its ' +
          'click target; other links and buttons in the row keep working.\n' +
          '- **Small screens:** below 576 px of its own width, every row is stacked as a card with each value ' +
          'labelled by its column header.\n\n' +
          '**Keyboard and screen readers:** a `<table>` with a caption, column headers and a row header per row; ' +
          'Tab reaches the sort buttons and the row links. **Do** keep columns few and short. **Don’t** put a ' +
          'table inside a table cell.',
      },
    },
  },
} satisfies Meta<typeof DataTable<Branch>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { isLoading: false, isCaptionHidden: false } };

/** Sortable columns, sorted in memory here: pressing a header sorts by it, pressing again reverses. */
export const Sortable: Story = {
  args: { onSortChange: fn() },
  render: function Render(args) {
    const [sort, setSort] = useState<DataTableSort | null>({ columnId: 'updated', direction: 'descending' });
    return (
      <DataTable
        {...args}
        rows={sortRows(args.rows, sort)}
        sort={sort}
        onSortChange={(next) => {
          args.onSortChange?.(next);
          setSort(next);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    const commits = await canvas.findByRole('columnheader', { name: 'Commits' });
    await expect(commits).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(commits).getByRole('button'));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ columnId: 'commits', direction: 'descending' });
    await expect(commits).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getAllByRole('rowheader')[0]).toHaveTextContent('main');
    await userEvent.click(within(commits).getByRole('button'));
    await expect(commits).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getAllByRole('rowheader')[0]).toHaveTextContent('fix/hydration-warning');
  },
};

/** Rows that lead to the branch's page: the name is the link, the whole row is clickable. */
export const LinkedRows: Story = {
  args: { getRowHref: (branch: Branch) => `#/-/tree/${branch.name}` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'main' })).toHaveAttribute('href', '#/-/tree/main');
  },
};

/** Loading: skeleton lines instead of rows. */
export const Loading: Story = { args: { isLoading: true, rows: [] } };

/** No rows: the default message. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(DATA_TABLE_EMPTY_TEXT)).toBeVisible();
  },
};

/** No rows, with an EmptyState that offers the next step. */
export const EmptyWithEmptyState: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        variant="compact"
        headingLevel={3}
        title="No branches yet"
        description="Push a branch or create one here."
        illustration={<Icon name="branch" size={32} />}
        primaryAction={{ text: 'New branch', href: '#new-branch' }}
      />
    ),
  },
};

/** Caption for screen readers only. */
export const HiddenCaption: Story = { args: { isCaptionHidden: true } };

/** In a 360 px container (a phone): each row is a card, each value labelled by its header. */
export const StackedOnSmallScreens: Story = {
  args: { getRowHref: (branch: Branch) => `#/-/tree/${branch.name}` },
  render: (args) => (
    <div style={{ width: 360 }}>
      <DataTable {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const cells = await canvas.findAllByRole('cell');
    // Stacked: the cells of one row sit under each other.
    await expect(cells[1]!.getBoundingClientRect().top).toBeGreaterThan(cells[0]!.getBoundingClientRect().top);
    await expect(cells[0]!.getBoundingClientRect().left).toBe(cells[1]!.getBoundingClientRect().left);
  },
};
