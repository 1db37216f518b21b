import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../src/components/Button';
import { FilterForm, type FilterFormProps } from '../src/components/FilterForm';

// The form draws its native fields (border, height, focus ring); the story only stacks each label over its field.
const field: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 'var(--fk-space-2)' };

/** The product's issue list, as the page URL the filter starts from. */
const ISSUES_URL = '/group/project/-/issues?sort=updated_desc&page=3';

function IssueFields() {
  return (
    <>
      <label style={field}>
        Search
        <input name="search" type="search" />
      </label>
      <label style={field}>
        State
        <select name="state" defaultValue="opened">
          <option value="opened">Open</option>
          <option value="closed">Closed</option>
          <option value="all">All</option>
        </select>
      </label>
      <fieldset>
        <legend>Labels</legend>
        {['bug', 'frontend', 'backend'].map((label) => (
          <label key={label}>
            <input type="checkbox" name="label_name[]" value={label} defaultChecked={label === 'bug'} />
            {label}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="confirm">
        Filter
      </Button>
    </>
  );
}

/** Shows the URL the form navigated to, as a router would receive it. */
function WithResult(props: FilterFormProps) {
  const [url, setUrl] = useState('');
  return (
    <div style={{ display: 'grid', gap: 'var(--fk-space-5)' }}>
      <FilterForm
        {...props}
        navigate={(next) => {
          setUrl(next);
          props.navigate?.(next);
        }}
      />
      <p style={{ margin: 0 }}>
        Navigated to: <output aria-label="Navigated to">{url || '(not yet submitted)'}</output>
      </p>
    </div>
  );
}

const meta = {
  title: 'Components/FilterForm',
  component: FilterForm,
  args: { action: ISSUES_URL, navigate: fn(), 'aria-label': 'Filter issues', role: 'search' },
  argTypes: { otherParams: { control: 'radio', options: ['keep', 'drop'] } },
  render: (args) => (
    <WithResult {...args}>
      <IssueFields />
    </WithResult>
  ),
  parameters: {
    docs: {
      description: {
        component:
          'A filter form for list pages ("A filter form submit rewrites the URL query from the form ' +
          'fields"). On submit it builds the new URL and hands it to `navigate`: pass your router\'s navigation to ' +
          'filter without a full page load; the default assigns `window.location`. Before hydration, and without ' +
          'JavaScript, it is a plain `GET` form to `action`.\n\n' +
          'How the query is built (`buildFilterUrl`, exported for routers and tests):\n' +
          '- it starts from `action` (default: the current URL);\n' +
          '- every field of the form replaces its old parameter, so an emptied field or an unticked checkbox ' +
          'removes it; **empty (or blank) fields are dropped**;\n' +
          '- **repeated names stay repeated**, in form order (`label_name[]=bug&label_name[]=ux`);\n' +
          '- **other parameters** (sort order, scope) are kept with `otherParams="keep"` (default) or dropped with ' +
          '`"drop"`;\n' +
          '- `page` and `cursor` are removed (`resetParams`): a new filter starts at the first page;\n' +
          '- the hash is dropped, and the submit button that was pressed adds its own name and value.\n\n' +
          '**Accessibility:** give the form a name (`aria-label`) and `role="search"` when it filters a list; ' +
          'label every field; submit with a real submit button, so Enter in a field submits too.',
      },
    },
  },
} satisfies Meta<typeof FilterForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Issue filters: search, state, labels. */
export const Default: Story = {};

export const Playground: Story = {};

/**
 * Submitting keeps `sort`, drops `page`, drops the empty search, and repeats `label_name[]` for
 * each ticked label.
 */
export const Submitted: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'frontend' }));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'State' }), 'all');
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    const expected =
      '/group/project/-/issues?sort=updated_desc&state=all&label_name%5B%5D=bug&label_name%5B%5D=frontend';
    await expect(args.navigate).toHaveBeenCalledWith(expected);
    await expect(await canvas.findByRole('status', { name: 'Navigated to' })).toHaveTextContent(expected);
  },
};

/** Enter in the search field submits; the search text is encoded. */
export const SearchWithEnter: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search' }), 'login & 2FA{Enter}');
    await expect(args.navigate).toHaveBeenCalledWith(
      '/group/project/-/issues?sort=updated_desc&search=login+%26+2FA&state=opened&label_name%5B%5D=bug',
    );
  },
};

/** `otherParams="drop"`: the query is the form's fields only (`sort` goes too). */
export const DropOtherParams: Story = {
  args: { otherParams: 'drop' },
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Filter' }));
    await expect(args.navigate).toHaveBeenCalledWith('/group/project/-/issues?state=opened&label_name%5B%5D=bug');
  },
};

/** In a 360 px container (a phone): the fields wrap onto several rows. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <WithResult {...args}>
        <IssueFields />
      </WithResult>
    </div>
  ),
};
