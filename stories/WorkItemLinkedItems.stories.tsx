import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WorkItemLinkedItems, WORK_ITEM_LINKED_ITEMS_TEXTS } from '../src/components/WorkItemLinkedItems';
import { TOO_MANY_WORK_ITEMS_MESSAGE } from '../src/utils/workItems';
import { demoItems, demoLinkedItems } from './support/workItems';

const meta = {
  title: 'Components/WorkItemLinkedItems',
  component: WorkItemLinkedItems,
  args: {
    workItemType: 'Issue',
    items: demoLinkedItems,
    onSearch: fn(async () => demoItems(12, 70)),
    onAdd: fn(async () => {}),
    onRemove: fn(async () => {}),
  },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The linked-items widget of a work item: links grouped as **Blocking**, **Blocked by** and **Related to** ' +
          '(GraphQL `BLOCKS`, `BLOCKED_BY`, `RELATED`), with their count. With `canUpdate`, **Add** opens a form: ' +
          'the link type as radio buttons (*relates to*, *blocks*, *is blocked by*) and a token search adding at ' +
          'most 10 items at a time; each link has a Remove button (immediate, back with GitLab’s error when the ' +
          'callback rejects).\n\n**Keyboard:** Tab through titles and Remove buttons; arrow keys move between ' +
          'the radio buttons; the search is an ARIA combobox.',
      },
    },
  },
} satisfies Meta<typeof WorkItemLinkedItems>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read-only. */
export const Default: Story = {};

export const Playground: Story = { args: { canUpdate: true } };

export const Editable: Story = { args: { canUpdate: true } };

export const Empty: Story = { args: { items: [], canUpdate: true } };

export const Loading: Story = { args: { items: [], isLoading: true } };

export const FetchError: Story = {
  args: { items: [], error: 'Something went wrong when fetching items. Please refresh this page.' },
};

/** The add form: 'blocks' chosen and one item picked. */
export const AddForm: Story = {
  args: { items: [], canUpdate: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.add }));
    await userEvent.click(canvas.getByRole('radio', { name: 'blocks' }));
    await userEvent.click(canvas.getByRole('combobox', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.searchLabel }));
    await userEvent.click(await canvas.findByRole('option', { name: /Search result 70/ }, { timeout: 3000 }));
    await userEvent.keyboard('{Escape}');
    const form = canvas.getByRole('form');
    await userEvent.click(within(form).getByRole('button', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.add }));
    await expect(args.onAdd).toHaveBeenCalledWith('BLOCKS', [demoItems(1, 70)[0]]);
    await expect(await canvas.findByRole('list', { name: 'Blocking' })).toBeVisible();
  },
};

/** The eleventh item is refused. */
export const TooManyAtOnce: Story = {
  args: { items: [], canUpdate: true },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: WORK_ITEM_LINKED_ITEMS_TEXTS.add }));
    await userEvent.click(canvas.getByRole('combobox'));
    for (let iid = 70; iid <= 80; iid++) {
      await userEvent.click(
        await canvas.findByRole('option', { name: new RegExp(`Search result ${iid}\\b`) }, { timeout: 3000 }),
      );
    }
    await expect(await canvas.findByText(TOO_MANY_WORK_ITEMS_MESSAGE)).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

/** A removal the server refuses: the link comes back with GitLab’s error. */
export const RemoveReverted: Story = {
  args: { canUpdate: true, onRemove: fn(async () => Promise.reject(new Error('403'))) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove Rotate signing keys' }));
    await expect(await canvas.findByText(WORK_ITEM_LINKED_ITEMS_TEXTS.removeError)).toBeVisible();
    await expect(canvas.getByText('Rotate signing keys')).toBeVisible();
  },
};

export const Collapsed: Story = { args: { defaultOpen: false } };
