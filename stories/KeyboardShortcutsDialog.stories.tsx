import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { KeyboardShortcutsDialog, useKeyboardShortcutsDialog } from '../src/components/KeyboardShortcutsDialog';

const meta = {
  title: 'Components/KeyboardShortcutsDialog',
  component: KeyboardShortcutsDialog,
  parameters: {
    docs: {
      description: {
        component:
          'The keyboard shortcuts help: a dialog listing the product’s shortcuts by group (global, project, ' +
          'editing), each key drawn as a key cap; "g then p" is pressed key after key, "Shift+p" together.\n\n' +
          'Open it with the `useKeyboardShortcutsDialog` hook, which opens and closes it on the `?` key anywhere ' +
          'on the page, except while the user types in a field or an editable region, or holds Ctrl, Alt or ⌘. ' +
          'Escape or the close button closes it and focus goes back where it was.\n\n' +
          '```tsx\nconst dialog = useKeyboardShortcutsDialog();\nreturn <KeyboardShortcutsDialog {...dialog} />;\n```',
      },
    },
  },
} satisfies Meta<typeof KeyboardShortcutsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Open: the default shortcuts. */
export const Default: Story = {
  args: { defaultOpen: true },
  parameters: { visual: { target: 'page' } },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(within(dialog).getByRole('region', { name: 'Global shortcuts' })).toBeInTheDocument();
    await waitFor(() => expect(dialog.closest('[data-state]')).toHaveAttribute('data-state', 'visible'));
  },
};

/** With the hook: press ? on the page to open it, ? or Escape to close it; typing ? in a field does nothing. */
export const OpenedWithQuestionMark: Story = {
  render: function Render(args) {
    const dialog = useKeyboardShortcutsDialog();
    return (
      <>
        <label>
          Comment <input />
        </label>
        <KeyboardShortcutsDialog {...args} {...dialog} />
      </>
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Comment' }), '?');
    await expect(body(canvasElement).queryByRole('dialog')).toBeNull();
    await userEvent.click(canvasElement);
    await userEvent.keyboard('?');
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Keyboard shortcuts' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};
