import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import {
  COMMENT_BUTTON_TEXT,
  CommentForm,
  INTERNAL_NOTE_BUTTON_TEXT,
  INTERNAL_NOTE_CHECKBOX_LABEL,
} from '../../src/markdown/CommentForm';
import { renderMarkdown } from '../../src/markdown/render/renderMarkdown';

const frame = { maxWidth: 720 } as const;
const TEXT = 'Thanks for the fix! **Verified** on staging.';

const meta = {
  title: 'Markdown/CommentForm',
  component: CommentForm,
  args: {
    onSubmit: fn(async () => {}),
    onToggleState: fn(async () => {}),
    workItemType: 'issue',
    previewMarkdown: async (text: string) => ({ body: await renderMarkdown(text) }),
  },
  argTypes: { previewMarkdown: { control: false }, renderOptions: { control: false } },
  render: (args) => (
    <div style={frame}>
      <CommentForm {...args} />
    </div>
  ),
  parameters: {
    docs: {
      description: {
        component:
          "The comment box under a work item's activity, and the reply and edit box of a note: the Markdown editor " +
          'with **Preview**, **Make this an internal note** where the user may, and the buttons. **Comment** stays ' +
          'disabled while the text is blank; **Ctrl+Enter** or **⌘+Enter** submits. **Close issue** closes the ' +
          'work item; with text it reads **Comment & close issue** and closes only once the comment is saved. A failed ' +
          'submit keeps the text and shows the error; a successful one clears the box. With `onCancel` (replies, ' +
          'edits) a **Cancel** button and **Escape** cancel, asking first when the text changed.',
      },
    },
  },
} satisfies Meta<typeof CommentForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: Comment disabled, 'Close issue' available. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: COMMENT_BUTTON_TEXT })).toBeDisabled();
  },
};

/** Every prop as a control. */
export const Playground: Story = {
  args: { canMarkInternal: true, isWorkItemOpen: true, disabled: false },
};

/** With text: 'Comment & close issue'. */
export const WithText: Story = {
  args: { initialValue: TEXT },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Comment & close issue' })).toBeEnabled();
  },
};

/** Internal: the checkbox checked, the button reads 'Add internal note'. */
export const InternalNote: Story = {
  args: { canMarkInternal: true, initialValue: 'Only for the team: the customer is Acme.' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: INTERNAL_NOTE_CHECKBOX_LABEL }));
    await expect(canvas.getByRole('button', { name: INTERNAL_NOTE_BUTTON_TEXT })).toBeEnabled();
  },
};

/** Saving: the buttons wait for the server. */
export const Submitting: Story = {
  args: { initialValue: TEXT, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: COMMENT_BUTTON_TEXT }));
    await waitFor(() => expect(canvas.getByRole('button', { name: COMMENT_BUTTON_TEXT })).toBeDisabled());
  },
};

/** The server refused: the error, and the text kept. */
export const SubmitError: Story = {
  args: { initialValue: TEXT, onSubmit: fn(() => Promise.reject(new Error('Note is too long'))) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: COMMENT_BUTTON_TEXT }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Note is too long');
    await expect(canvas.getByRole('textbox', { name: 'Comment' })).toHaveValue(TEXT);
  },
};

/** The preview of the text. */
export const Preview: Story = {
  args: { initialValue: TEXT },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Preview' }));
    await expect(await canvas.findByText('Verified', {}, { timeout: 10_000 })).toBeVisible();
  },
};

/** A closed work item: 'Reopen issue'. */
export const ClosedWorkItem: Story = {
  args: { isWorkItemOpen: false },
};

/** A reply: its own label and button, and Cancel. */
export const Reply: Story = {
  args: { label: 'Reply', submitLabel: 'Reply', onCancel: fn(), onToggleState: undefined, workItemType: undefined },
};
