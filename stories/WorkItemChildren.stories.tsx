import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { WorkItemChildren, WORK_ITEM_CHILDREN_TEXTS } from '../src/components/WorkItemChildren';
import {
  MAX_WORK_ITEMS_HINT,
  TOO_MANY_WORK_ITEMS_MESSAGE,
  WORK_ITEM_UPDATE_ERROR_MESSAGE,
} from '../src/utils/workItems';
import { demoChildren, demoGrandchildren, demoItems, demoObjectiveChildren } from './support/workItems';

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const resolved = <T,>(value: T) => fn(async () => value);

const meta = {
  title: 'Components/WorkItemChildren',
  component: WorkItemChildren,
  args: {
    parentType: 'Issue',
    items: demoChildren,
    onSearch: fn(async () => demoItems(12, 40)),
    onAddExisting: resolved(undefined),
    onCreate: fn(async (input) => ({
      id: 'gid://gitlab/WorkItem/999',
      reference: '#999',
      state: 'OPEN' as const,
      ...input,
    })),
    onRemove: resolved(undefined),
    onUndoRemove: resolved(undefined),
    onReorder: resolved(undefined),
    onLoadChildren: resolved(demoGrandchildren),
  },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The hierarchy widget of a work item (GitLab’s work item tree): the children grouped by type with a ' +
          'count per type and the share closed; an expander on a child that has children loads them when first ' +
          'opened. Under an issue the card is **Tasks**, elsewhere **Child items**.\n\n' +
          'With `canUpdate`, **Add** offers *New* and *Existing* for each type the parent may have as children ' +
          '(`allowedChildTypes`): the create form’s type list disables the others, and the search adds at most 10 ' +
          'items at a time. Under a confidential parent a new child is confidential, and a non-confidential ' +
          'existing item is refused. Removing is immediate, with **Undo** in the toast; moving is immediate too, ' +
          'and both come back with GitLab’s error text when the callback rejects.\n\n' +
          '**Keyboard:** Tab reaches each title, expander and actions menu. Reorder with **Alt+↑ / Alt+↓** on a ' +
          'row or **Move up / Move down** in its menu (announced in a live region); the pointer can drag the grip. ' +
          'The search is an ARIA combobox: ↑/↓ to choose, Enter to pick, Backspace to drop the last token.\n\n' +
          '**Data:** everything comes through props and async callbacks (GitLab’s `workItemUpdate` hierarchy ' +
          'widget: `childrenIds`, `parentId`, `adjacentWorkItemId` + `relativePosition`).',
      },
    },
  },
} satisfies Meta<typeof WorkItemChildren>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An issue’s tasks, read-only. */
export const Default: Story = {};

export const Playground: Story = { args: { canUpdate: true } };

/** Editable: the Add menu and each row’s actions. */
export const Editable: Story = {
  args: { canUpdate: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Add' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Actions for Design the sign-in form' })).toBeVisible();
  },
};

/** An objective: key results and objectives in their own groups; a nested objective expanded. */
export const Nested: Story = {
  args: { parentType: 'Objective', items: demoObjectiveChildren },
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Expand Ship passkeys' }));
    await expect(await canvas.findByText('Passkeys on web')).toBeVisible();
    await expect(args.onLoadChildren).toHaveBeenCalledTimes(1);
  },
};

/** The parent shown above the tree. */
export const WithParent: Story = {
  args: {
    parentType: 'Task',
    items: [],
    parent: { ...demoItems(1, 12)[0]!, type: 'Issue', title: 'Sign in with passkeys', reference: '#12' },
  },
};

export const Empty: Story = { args: { items: [], canUpdate: true } };

export const Loading: Story = { args: { items: [], isLoading: true } };

/** A failed fetch. */
export const FetchError: Story = { args: { error: WORK_ITEM_CHILDREN_TEXTS.fetchChildrenError } };

/** Create a task: the type list only allows tasks under an issue. */
export const CreateChild: Story = {
  args: { items: [], canUpdate: true },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'New task' }));
    const form = await canvas.findByRole('form', { name: 'New task' });
    await expect(within(form).getByRole('option', { name: 'Epic' })).toBeDisabled();
    await userEvent.keyboard('Measure sign-in latency');
    await expect(within(form).getByRole('button', { name: 'Create task' })).toBeEnabled();
  },
};

/** Under a confidential parent: the new child is confidential, and the form says why. */
export const ConfidentialParent: Story = {
  args: { items: [], canUpdate: true, isParentConfidential: true },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'New task' }));
    const checkbox = await canvas.findByRole('checkbox', { name: WORK_ITEM_CHILDREN_TEXTS.confidentialLabel });
    await expect(checkbox).toBeChecked();
    await expect(checkbox).toBeDisabled();
  },
};

/** Ten picked: the eleventh is refused. */
export const TooManyAtOnce: Story = {
  args: { items: [], canUpdate: true },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Existing task' }));
    for (let iid = 40; iid <= 50; iid++) {
      await userEvent.click(
        await canvas.findByRole('option', { name: new RegExp(`Search result ${iid}\\b`) }, { timeout: 3000 }),
      );
    }
    await expect(await canvas.findByText(TOO_MANY_WORK_ITEMS_MESSAGE)).toBeVisible();
    await expect(canvas.getByText(MAX_WORK_ITEMS_HINT)).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

/** Reordered from the keyboard: Alt+↓ on the first task. */
export const KeyboardReorder: Story = {
  args: { canUpdate: true },
  play: async ({ canvas, args }) => {
    (await canvas.findByRole('link', { name: 'Design the sign-in form' })).focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await expect(args.onReorder).toHaveBeenCalledWith(demoChildren[0], {
      adjacentWorkItemId: demoChildren[1]!.id,
      relativePosition: 'AFTER',
    });
    await expect(canvas.getByRole('status')).toHaveTextContent('Design the sign-in form moved to position 2 of 3.');
  },
};

/** A move the server refuses: the task goes back and GitLab’s update error shows. */
export const ReorderReverted: Story = {
  args: { canUpdate: true, onReorder: fn(async () => Promise.reject(new Error('409'))) },
  play: async ({ canvas }) => {
    (await canvas.findByRole('link', { name: 'Design the sign-in form' })).focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await expect(await canvas.findByText(WORK_ITEM_UPDATE_ERROR_MESSAGE)).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('link')[0]).toHaveAccessibleName('Design the sign-in form'));
  },
};

/** Long titles and many labels wrap inside the row. */
export const LongContent: Story = {
  args: {
    items: [
      {
        ...demoChildren[0]!,
        title:
          'Make the sign-in form remember the last used identity provider across devices, browsers and private windows without storing personal data',
        labels: ['frontend', 'backend', 'security', 'ux::research', 'priority::high', 'workflow::in review'].map(
          (title) => ({
            title,
          }),
        ),
      },
    ],
  },
};
