import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { WorkItemAttribute, WorkItemAttributeListbox } from '../src/components/WorkItemAttribute';
import { NO_MATCHES_FOUND_MESSAGE, WORK_ITEM_UPDATE_ERROR_MESSAGE } from '../src/utils/workItems';

const FRUITS = ['Apple', 'Banana', 'Cherry', 'Damson', 'Elderberry'];

const meta = {
  title: 'Work items/WorkItemAttribute',
  component: WorkItemAttribute<string | null>,
  args: {
    label: 'Fruit',
    value: 'Banana',
    canUpdate: true,
    onChange: async () => {},
    renderValue: (value: string | null) => <span>{value}</span>,
    renderEditor: (editor) => (
      <WorkItemAttributeListbox
        aria-label="Fruit"
        searchLabel="Search fruit"
        selectionMode="single"
        options={FRUITS.map((fruit) => ({ key: fruit, textValue: fruit }))}
        selectedKeys={editor.draft ? [editor.draft] : []}
        onSelectionChange={([key]) => editor.apply(key ?? null)}
        resetLabel="Clear"
        onReset={() => editor.apply(null)}
      />
    ),
  },
  decorators: [(Story) => <div style={{ maxWidth: 300 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The shell every work item sidebar attribute is built on: a heading, the value or **None**, and for ' +
          'people who may edit (`canUpdate`) an **Edit** button that opens an editor in place. A change shows at ' +
          'once (optimistic) and `onChange` saves it; when that promise rejects, the value goes back and the ' +
          "widget's 'Something went wrong…' text shows.\n\n" +
          '`WorkItemAttributeListbox` is the editor of select attributes: a search field over a listbox (flat or ' +
          "grouped, single or multiple), a loading skeleton and 'No matches found'.\n\n" +
          '**Keyboard:** Edit opens the editor with the search field focused; ArrowDown moves into the list, arrows, ' +
          'Home, End and typing move, Space or Enter chooses. A single choice applies at once; several apply with ' +
          'Apply. Escape or Cancel closes without saving, and focus goes back to Edit. A click outside applies.',
      },
    },
  },
} satisfies Meta<typeof WorkItemAttribute<string | null>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {};

/** Without `canUpdate`: the value only. */
export const ReadOnly: Story = { args: { canUpdate: false } };

/** No value: 'None'. */
export const Empty: Story = { args: { value: null } };

/** The value is loading. */
export const Loading: Story = { args: { isLoading: true } };

/** Edit opens the list with the search focused. */
export const Editing: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit fruit' }));
    await waitFor(() => expect(canvas.getByRole('searchbox', { name: 'Search fruit' })).toHaveFocus());
    await expect(canvas.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** A search that finds nothing. */
export const NoMatches: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit fruit' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search fruit' }), 'kiwi');
    await expect(await canvas.findByText(NO_MATCHES_FOUND_MESSAGE)).toBeInTheDocument();
  },
};

/** The server refuses: the value goes back and the error shows. */
export const ErrorReverts: Story = {
  args: { onChange: () => Promise.reject(new Error('refused')) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit fruit' }));
    await userEvent.click(canvas.getByRole('option', { name: 'Cherry' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(WORK_ITEM_UPDATE_ERROR_MESSAGE);
    await expect(canvas.getByText('Banana')).toBeInTheDocument();
  },
};
