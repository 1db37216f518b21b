// JSON tables in rendered Markdown (jsdom): fields, items, filter, caption; sortable columns;
// cells as text; 'Unable to parse JSON' above the kept source when the block cannot be read.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from '../src/markdown';
import {
  JSON_TABLE_PARSE_ERROR,
  jsonTableEnhancer,
  parseJsonTable,
} from '../src/markdown/pipeline/enhancers/jsonTable';
import {
  JSON_TABLE_EMPTY_FILTERED_TEXT,
  JSON_TABLE_EMPTY_TEXT,
  JSON_TABLE_FILTER_LABEL,
  JSON_TABLE_FILTER_PLACEHOLDER,
  jsonTableFilterStatus,
} from '../src/markdown/pipeline/enhancers/jsonTableView';
import { renderGfm } from '../src/markdown/pipeline/renderGfm';
import { enhanceMarkdown, renderRootsOutsideAct } from './markdownCode.support';

renderRootsOutsideAct();

const tablesOnly = { enhancers: [jsonTableEnhancer] };
const block = (json: unknown) =>
  `\`\`\`json:table\n${typeof json === 'string' ? json : JSON.stringify(json, null, 2)}\n\`\`\`\n`;

const RELEASES = {
  fields: [
    { key: 'version', label: 'Version', sortable: true },
    { key: 'date', label: 'Released' },
    'notes',
    { key: 'downloads', label: 'Downloads', sortable: true },
  ],
  items: [
    { version: 'v1.10', date: '2024-03-01', notes: 'Faster', downloads: 900 },
    { version: 'v1.2', date: '2023-06-12', notes: 'Fixes', downloads: 12000 },
    { version: 'v1.9', date: '2024-01-20', notes: 'Dark mode', downloads: 45 },
  ],
  filter: true,
  caption: 'Recent releases',
};

const columnTexts = (table: HTMLElement, column: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent);

afterEach(() => {
  document.body.replaceChildren();
});

describe('jsonTableEnhancer', () => {
  it('renders fields (objects and strings), items and the caption as a table, hiding the source', async () => {
    // Queried without waiting: `done` settles once the table is in the document.
    const { container } = await enhanceMarkdown(block(RELEASES), tablesOnly);
    const table = screen.getByRole('table', { name: 'Recent releases' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Version', 'Released', 'notes', 'Downloads']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(columnTexts(table, 0)).toEqual(['v1.10', 'v1.2', 'v1.9']);
    expect(columnTexts(table, 3)).toEqual(['900', '12000', '45']);
    expect(table.querySelector('caption')).toHaveTextContent('Recent releases');
    expect(container.querySelector('.js-json-table > pre')).not.toBeVisible();
  });

  it('derives the columns from the item keys when no fields are given', async () => {
    await enhanceMarkdown(
      block({
        items: [
          { a: 1, b: 2 },
          { b: 3, c: 4 },
        ],
      }),
      tablesOnly,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['a', 'b', 'c']);
    expect(columnTexts(table, 2)).toEqual(['', '4']);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(table.querySelector('caption')).toBeNull();
  });

  it('writes cells as text, never as HTML', async () => {
    const hostile = '<img src=x onerror="window.__pwned = 1">';
    await enhanceMarkdown(block({ items: [{ html: hostile, nested: { b: [1] }, constructor: null }] }), tablesOnly);
    const table = screen.getByRole('table');
    expect(table.querySelector('img')).toBeNull();
    expect(columnTexts(table, 0)).toEqual([hostile]);
    expect(columnTexts(table, 1)).toEqual(['{"b":[1]}']);
    expect(columnTexts(table, 2)).toEqual(['']);
  });

  it(`shows '${JSON_TABLE_EMPTY_TEXT}' for a table without items`, async () => {
    await enhanceMarkdown(block({ fields: ['a'], items: [] }), tablesOnly);
    expect(screen.getByRole('cell')).toHaveTextContent(JSON_TABLE_EMPTY_TEXT);
  });

  it('filters rows with the filter box (case-insensitive, any shown column)', async () => {
    const user = userEvent.setup();
    await enhanceMarkdown(block(RELEASES), tablesOnly);
    const box = screen.getByRole('searchbox', { name: JSON_TABLE_FILTER_LABEL });
    expect(box).toHaveAttribute('placeholder', JSON_TABLE_FILTER_PLACEHOLDER);
    expect(JSON_TABLE_FILTER_PLACEHOLDER).toBe('Type to search');
    await user.type(box, 'DARK');
    const table = screen.getByRole('table');
    expect(columnTexts(table, 0)).toEqual(['v1.9']);
    expect(screen.getByRole('status')).toHaveTextContent(jsonTableFilterStatus(1, 3));
    await user.clear(box);
    await user.type(box, '2024');
    expect(columnTexts(table, 0)).toEqual(['v1.10', 'v1.9']);
    await user.type(box, 'nothing like this');
    expect(screen.getByRole('cell')).toHaveTextContent(JSON_TABLE_EMPTY_FILTERED_TEXT);
  });

  it('sorts sortable columns ascending, then descending, with aria-sort on the sorted header', async () => {
    const user = userEvent.setup();
    await enhanceMarkdown(block(RELEASES), tablesOnly);
    const table = screen.getByRole('table');
    const [version, released, notes, downloads] = within(table).getAllByRole('columnheader');
    expect(within(released!).queryByRole('button')).toBeNull();
    expect(within(notes!).queryByRole('button')).toBeNull();
    for (const header of [version, released, notes, downloads]) expect(header).not.toHaveAttribute('aria-sort');

    await user.click(within(version!).getByRole('button', { name: 'Version' }));
    expect(version).toHaveAttribute('aria-sort', 'ascending');
    expect(columnTexts(table, 0)).toEqual(['v1.2', 'v1.9', 'v1.10']);

    await user.click(within(version!).getByRole('button', { name: 'Version' }));
    expect(version).toHaveAttribute('aria-sort', 'descending');
    expect(columnTexts(table, 0)).toEqual(['v1.10', 'v1.9', 'v1.2']);

    await user.click(within(downloads!).getByRole('button', { name: 'Downloads' }));
    expect(version).not.toHaveAttribute('aria-sort');
    expect(downloads).toHaveAttribute('aria-sort', 'ascending');
    expect(columnTexts(table, 3)).toEqual(['45', '900', '12000']);
  });

  it(`shows the warning '${JSON_TABLE_PARSE_ERROR}' above the source it could not read`, async () => {
    const { container } = await enhanceMarkdown(block('{ "items": [ { "a": 1 }, ] }'), tablesOnly);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(JSON_TABLE_PARSE_ERROR);
    expect(alert).toHaveAttribute('data-variant', 'warning');
    expect(screen.queryByRole('table')).toBeNull();
    const pre = container.querySelector('.js-json-table > pre')!;
    expect(pre).toBeVisible();
    expect(pre).toHaveTextContent('{ "items": [ { "a": 1 }, ] }');
    expect(alert.compareDocumentPosition(pre) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['an array', '[1, 2]'],
    ['items that are not objects', '{ "items": [1, 2] }'],
    ['items that are not an array', '{ "items": { "a": 1 } }'],
    ['fields that are not an array', '{ "fields": "a", "items": [] }'],
    ['a field without a key', '{ "fields": [{ "label": "A" }], "items": [] }'],
  ])('treats %s as unreadable', async (_name, json) => {
    await enhanceMarkdown(block(json), tablesOnly);
    expect(screen.getByRole('alert')).toHaveTextContent(JSON_TABLE_PARSE_ERROR);
  });

  it('takes everything back on dispose and renders once on the next run', async () => {
    const { container, handle } = await enhanceMarkdown(block(RELEASES), tablesOnly);
    handle.dispose();
    expect(screen.queryByRole('table')).toBeNull();
    expect(container.querySelector('.js-json-table > pre')).toBeVisible();
    await renderGfm(container, tablesOnly).done;
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(container.querySelector('.js-json-table > pre')).not.toBeVisible();
  });

  it('works through <Markdown> with the default enhancers', async () => {
    const html = await renderMarkdown(`Intro\n\n${block(RELEASES)}\n${block('not json')}`);
    render(<Markdown html={html} />);
    expect(await screen.findByRole('table', { name: 'Recent releases' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(JSON_TABLE_PARSE_ERROR);
  });
});

describe('parseJsonTable', () => {
  it('defaults labels to keys, sortable to false, filter to false', () => {
    expect(parseJsonTable('{"fields": ["a", {"key": "b"}, {"key": "c", "sortable": "yes"}], "items": []}')).toEqual({
      fields: [
        { key: 'a', label: 'a', sortable: false },
        { key: 'b', label: 'b', sortable: false },
        { key: 'c', label: 'c', sortable: false },
      ],
      items: [],
      filter: false,
    });
  });

  it('throws on invalid JSON', () => {
    expect(() => parseJsonTable('{')).toThrow();
  });
});
