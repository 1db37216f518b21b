// DataTable renders on the server (rows, sort state, links) and hydrates without a warning.
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from '../src/components/DataTable';
import { TimeAgo } from '../src/components/TimeAgo';
import { renderAndHydrate } from './support/hydration';

interface Tag {
  name: string;
  created: string;
}

const COLUMNS: DataTableColumn<Tag>[] = [
  { id: 'name', header: 'Tag', cell: (tag) => tag.name, isSortable: true },
  { id: 'created', header: 'Created', cell: (tag) => <TimeAgo date={tag.created} /> },
];

describe('DataTable server render', () => {
  it('renders the rows, the sort and the row links, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <DataTable
        caption="Tags"
        columns={COLUMNS}
        rows={[{ name: 'v1.0.0', created: '2026-11-01T10:00:00Z' }]}
        getRowKey={(tag) => tag.name}
        getRowHref={(tag) => `/forge/forgekit/-/tags/${tag.name}`}
        defaultSort={{ columnId: 'name', direction: 'descending' }}
      />,
      (container) => expect(container.querySelector('th[aria-sort="descending"]')?.textContent).toBe('Tag'),
    );
    expect(html).toContain('<caption');
    expect(html).toContain('aria-sort="descending"');
    expect(html).toContain('href="/forge/forgekit/-/tags/v1.0.0"');
  });

  it('renders the loading and empty states', async () => {
    const loading = await renderAndHydrate(
      <DataTable caption="Tags" columns={COLUMNS} rows={[]} getRowKey={(tag) => tag.name} isLoading />,
    );
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain('role="status"');
    const empty = await renderAndHydrate(
      <DataTable caption="Tags" columns={COLUMNS} rows={[]} getRowKey={(tag) => tag.name} />,
    );
    expect(empty).toContain('There are no records to show');
  });
});
