import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../src/components/Button';
import { DataProvider } from '../src/components/DataProvider';
import { Modal } from '../src/components/Modal';
import {
  USER_STATUS_AVAILABILITIES,
  USER_STATUS_CLEAR_AFTER_OPTIONS,
  USER_STATUS_FORM_TEXTS,
  UserStatusForm,
  type UpdateUserStatusAdapter,
  type UserStatusFormProps,
  type UserStatusUpdate,
} from '../src/components/UserStatusForm';
import { emojiStoreLoader, STORY_EMOJI_OPTIONS } from './support/emojiStore';

const T = USER_STATUS_FORM_TEXTS;

/** The story's stand-in for the server: logs the partial update and succeeds. */
const saveStatus = fn(async (_update: UserStatusUpdate) => {});

const submit = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: T.messageLabel }), 'Reviewing merge requests');
  await userEvent.click(canvas.getByRole('button', { name: T.submit }));
};

const meta = {
  title: 'Components/UserStatusForm',
  component: UserStatusForm,
  loaders: [emojiStoreLoader],
  args: { onSave: saveStatus as UpdateUserStatusAdapter, initOptions: STORY_EMOJI_OPTIONS },
  argTypes: {
    value: { control: false },
    defaultValue: { control: 'object' },
    initOptions: { control: false },
  },
  decorators: [(Story) => <div style={{ maxWidth: 480, minHeight: 380 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The user status form (GitLab\u2019s "Set a status"): an emoji from the emoji picker, a message, whether ' +
          'the user is **busy** (availability `busy` or `not_set`) and when the status **clears itself** (the list ' +
          'starts with Never, then 30 minutes to 30 days).\n\n' +
          '**Saving is a partial update:** only the fields that differ from the saved status (`defaultValue`) go ' +
          'to the server, through `onSave` or the `DataProvider`\u2019s `updateUserStatus` (forgekit/client\u2019s ' +
          'default PATCHes `user/status`). While saving, the form and its submit button are busy (the button keeps focus); a ' +
          'failure keeps the input and shows an error alert, so the user can try again.\n\n' +
          '**Do** put it in a `Modal` when it opens from the user menu. **Don\u2019t** pre-select a clear-after ' +
          'time: Never is the default.\n\n' +
          '**Keyboard:** Tab moves through the emoji button (Enter opens the picker), the message, Clear status ' +
          '(when there is something to clear), the busy checkbox (Space), the clear-after list and Set status; ' +
          'Enter in the message submits.',
      },
    },
  },
} satisfies Meta<typeof UserStatusForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No status yet. */
export const Default: Story = {};

export const Playground: Story = {
  args: {
    defaultValue: { emoji: 'palm_tree', message: 'On holiday', availability: 'busy', clearStatusAfter: '7_days' },
  },
  argTypes: {
    defaultValue: { control: 'object' },
  },
  parameters: { controls: { include: ['defaultValue'] } },
};

/** A saved status: emoji, message and a clear-after time; Clear status shows. */
export const Filled: Story = {
  args: { defaultValue: { emoji: 'coffee', message: 'Back in 30 minutes', clearStatusAfter: '30_minutes' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: T.clearStatus })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: T.clearAfterLabel })).toHaveValue('30_minutes');
  },
};

/** Busy: the checkbox ticked (availability `busy`). */
export const Busy: Story = {
  args: { defaultValue: { emoji: 'red_circle', message: 'In a workshop', availability: 'busy' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: T.busyLabel })).toBeChecked();
    await expect(USER_STATUS_AVAILABILITIES).toContain('busy');
  },
};

/** Picking an emoji from the picker shows it on the emoji button; saving sends it with the message. */
export const PickEmoji: Story = {
  args: { onSave: fn(async (_update: UserStatusUpdate) => {}) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = () => canvas.getByRole('button', { name: T.emojiLabel });
    // The pointer on the toggle loads the picker's popover, which renders the toggle anew: the click
    // goes to that one (a real pointer's would; user-event presses the element it was given).
    await userEvent.hover(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('id'), { timeout: 5000 });
    await userEvent.click(toggle());
    // The picker is portalled to the document's body.
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: T.emojiLabel });
    const search = await within(dialog).findByRole('searchbox', {}, { timeout: 5000 });
    await userEvent.type(search, 'coffee');
    await userEvent.click(await within(dialog).findByRole('gridcell', { name: 'hot beverage' }));
    await waitFor(() => expect(toggle()).toHaveAttribute('data-emoji', 'coffee'));
    await waitFor(() => expect(toggle().querySelector('gl-emoji')).toHaveTextContent('☕'));
    await submit(canvasElement);
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({ emoji: 'coffee', message: 'Reviewing merge requests' }),
    );
  },
};

/** The clear-after choices: Never first. */
export const ClearAfterChoices: Story = {
  play: async ({ canvas }) => {
    const options = within(canvas.getByRole('combobox', { name: T.clearAfterLabel })).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(
      USER_STATUS_CLEAR_AFTER_OPTIONS.map((option) => option.label),
    );
    await expect(options[0]).toHaveTextContent('Never');
  },
};

/** Saving: the update is on its way (this one never answers); the form and its submit button are busy. */
export const Saving: Story = {
  args: { onSave: () => new Promise<never>(() => {}) },
  play: async ({ canvasElement }) => {
    await submit(canvasElement);
    const form = canvasElement.querySelector('[data-component="UserStatusForm"]')!;
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'saving'));
    const button = within(canvasElement).getByRole('button', { name: T.submit });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
  },
};

/** The server refused: the input stays and an error alert explains. */
export const Error: Story = {
  args: {
    onSave: async () => Promise.reject(new globalThis.Error('Request failed with status code 500')),
    onError: fn(),
  },
  play: async ({ canvasElement, args }) => {
    await submit(canvasElement);
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(T.saveError);
    await expect(args.onError).toHaveBeenCalled();
  },
};

/** Wired by a page: the adapter comes from the `DataProvider` (here a stand-in for forgekit/client's default). */
export const WithDataProvider: Story = {
  args: { onSave: undefined },
  render: (args) => (
    <DataProvider adapters={{ updateUserStatus: saveStatus }}>
      <UserStatusForm {...args} />
    </DataProvider>
  ),
  play: async ({ canvasElement }) => {
    saveStatus.mockClear();
    await submit(canvasElement);
    await waitFor(() => expect(saveStatus).toHaveBeenCalledWith({ message: 'Reviewing merge requests' }));
  },
};

/** The form in a modal, as the user menu opens it; a successful save closes the modal. */
function StatusModal(props: UserStatusFormProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Set status</Button>
      <Modal title="Set a status" open={open} onOpenChange={setOpen}>
        <UserStatusForm {...props} onSaved={() => setOpen(false)} />
      </Modal>
    </>
  );
}

export const InModal: Story = {
  args: { defaultValue: { emoji: 'coffee', message: 'Back in 30 minutes', clearStatusAfter: '30_minutes' } },
  render: (args) => <StatusModal {...args} />,
  decorators: [(Story) => <div style={{ minHeight: 'calc(100vh - 2 * var(--fk-space-5))' }}>{Story()}</div>],
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Set a status' });
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'visible'));
    await expect(within(dialog).getByRole('combobox', { name: T.clearAfterLabel })).toHaveValue('30_minutes');
  },
};
