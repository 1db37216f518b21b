import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Markdown, renderMarkdown } from '../../src/markdown';
import { JSON_TABLE_PARSE_ERROR } from '../../src/markdown/pipeline/enhancers/jsonTable';
import { JSON_TABLE_FILTER_LABEL } from '../../src/markdown/pipeline/enhancers/jsonTableView';

const block = (json: string) => `\`\`\`json:table\n${json}\n\`\`\``;

const RUNNERS = block(
  JSON.stringify(
    {
      fields: [
        { key: 'name', label: 'Runner', sortable: true },
        { key: 'platform', label: 'Platform' },
        { key: 'jobs', label: 'Jobs today', sortable: true },
        'status',
      ],
      items: [
        { name: 'shared-runner-10', platform: 'linux/amd64', jobs: 1204, status: 'online' },
        { name: 'shared-runner-2', platform: 'linux/arm64', jobs: 87, status: 'online' },
        { name: 'mac-runner-1', platform: 'macos/arm64', jobs: 312, status: 'paused' },
        { name: 'windows-runner-4', platform: 'windows/amd64', jobs: 9, status: 'offline' },
      ],
      filter: true,
      caption: 'CI runners of the group',
    },
    null,
    2,
  ),
);

const WITHOUT_FIELDS = block(
  JSON.stringify(
    {
      items: [
        { package: 'react', version: '19.3.1', license: 'MIT' },
        { package: 'dompurify', version: '3.2.6', license: 'MPL-2.0 OR Apache-2.0' },
        { package: 'highlight.js', version: '11.12.0', license: 'BSD-3-Clause' },
      ],
    },
    null,
    2,
  ),
);

const INVALID = block('{\n  "items": [\n    { "name": "a", },\n  ]\n}');

/** A JSON table block as the server sends it (editable in the Playground). */
const PLAYGROUND_HTML =
  '<div class="js-json-table" data-json=\'{"fields":[{"key":"a","label":"A","sortable":true},"b"],' +
  '"items":[{"a":2,"b":"two"},{"a":1,"b":"one"}],"caption":"Edit data-json"}\'><pre><code>…</code></pre></div>';

const meta = {
  title: 'Markdown/JsonTable',
  component: Markdown,
  args: { html: '' },
  loaders: [async () => ({ html: await renderMarkdown(RUNNERS) })],
  render: (args, { loaded }) => <Markdown {...args} html={(loaded.html as string | undefined) ?? args.html} />,
  parameters: {
    docs: {
      description: {
        component: [
          'A ```json:table block (spec section 3: "JSON table block: fields, items, filter, caption") becomes a',
          'table (`jsonTableEnhancer`). `fields` are keys or `{ key, label, sortable }` objects; without them the',
          'columns are every key of the items. `filter: true` adds a filter box ("Type to search", named "Filter',
          'rows") that keeps the rows containing the text in any column, case-insensitively; screen readers hear',
          'how many rows are shown. A sortable column has a button in its header: activate it (click, Enter or',
          'Space) for ascending order, again for descending; the sorted column carries `aria-sort`. The caption is',
          "the table's accessible name. Cells are text, never HTML.",
          "\n\nA block that is not valid JSON, or not a table's shape, keeps its source visible under the warning",
          'alert "Unable to parse JSON" (spec section 8).',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Fields with labels, two sortable columns, a filter box and a caption. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'CI runners of the group' });
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
  },
};

/** Edit `html`: the `data-json` of a block as the server sends it. */
export const Playground: Story = {
  args: { html: PLAYGROUND_HTML },
  loaders: [async () => ({ html: undefined })],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: 'Edit data-json' });
  },
};

/** 'Jobs today' sorted descending (two activations of its header button). */
export const Sorted: Story = {
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table');
    const button = within(table).getByRole('button', { name: 'Jobs today' });
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(button.closest('th')).toHaveAttribute('aria-sort', 'descending');
    const first = within(table).getAllByRole('row')[1]!;
    await expect(within(first).getAllByRole('cell')[0]).toHaveTextContent('shared-runner-10');
  },
};

/** The filter box narrowing the rows to the ARM runners. */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: JSON_TABLE_FILTER_LABEL }), 'arm64');
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  },
};

/** No `fields`: the columns are the items' keys, in order of appearance. */
export const WithoutFields: Story = {
  loaders: [async () => ({ html: await renderMarkdown(WITHOUT_FIELDS) })],
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table');
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['package', 'version', 'license']);
  },
};

/** Invalid JSON (trailing commas): the warning 'Unable to parse JSON' above the source, which stays. */
export const InvalidJson: Story = {
  loaders: [async () => ({ html: await renderMarkdown(INVALID) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(JSON_TABLE_PARSE_ERROR);
    await expect(canvasElement.querySelector('.js-json-table pre')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};
