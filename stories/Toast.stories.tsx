import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { hideAllToasts, showToast, Toast, type ShowToastOptions } from '../src/components/Toast';
import { VIEWPORT_FILL } from './support/overlay';

const meta = {
  title: 'Components/Toast',
  component: Toast,
  args: { message: 'Label created' },
  parameters: {
    docs: {
      description: {
        component:
          'A short, passing confirmation of something that just happened ("Copied", "Issue closed", "Label ' +
          'created"), with an optional action such as Undo (toast messages are shown). Show it ' +
          'with `showToast(message, { action, autoHideDelay, onHide })`, which returns `{ id, hide() }` with ' +
          'sequential ids.\n\n' +
          '**Placement:** toasts stack in one region at the bottom start of the viewport, **newest at the ' +
          'bottom** (nearest the edge; reading order is the order they came in), above every other layer ' +
          '(`Z_INDEX.toast`). Each slides in, without motion under `prefers-reduced-motion`.\n\n' +
          '**Timing:** each hides after `autoHideDelay` (default `TOAST_DURATION`, 5000 ms). The countdown ' +
          'pauses while the stack is hovered or holds focus, and while the tab is hidden, then resumes with the ' +
          'time that was left (WCAG 2.2.1). `autoHideDelay: Infinity` keeps a toast until it is closed.\n\n' +
          "**Do** keep it to one sentence and make any action also reachable elsewhere. **Don't** put errors " +
          'or anything the user must act on in a toast: use an alert.\n\n' +
          '**Keyboard and screen readers:** the stack is a landmark named "Status messages" and a polite live ' +
          'region, so new toasts are read out without moving focus. The action and the close button (named ' +
          '"Close") are buttons in the Tab order at the end of the page; Escape closes the toast holding focus. ' +
          'When a focused toast closes, focus moves to the next toast, or back to where it was before.',
      },
    },
  },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The toast itself, drawn in place. */
export const Default: Story = {};

export const Playground: Story = {
  args: { message: 'Merge request approved', action: { text: 'Undo', onClick: () => {} } },
};

/** With an action button before the close button. */
export const WithAction: Story = {
  args: { message: 'Issue closed', action: { text: 'Undo', onClick: () => {} } },
};

/** A long message wraps within the toast's maximum width. */
export const LongMessage: Story = {
  args: {
    message: 'The pipeline for feature/rename-default-branch was scheduled and will start as soon as a runner is free.',
  },
};

/**
 * The launcher fills the viewport, so the story canvas screenshot covers the bottom corner where
 * the (fixed) toast stack sits. (The page-level screenshot target cannot locate `<html>` yet;
 * see the harness note in the report.)
 */

/** A button that shows toasts through `showToast`, and hides them when the story goes. */
function ToastLauncher({
  toasts,
  children,
}: {
  toasts: readonly (readonly [string, ShowToastOptions?])[];
  children?: ReactNode;
}) {
  const [log, setLog] = useState<string[]>([]);
  useEffect(() => () => hideAllToasts(), []);
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start', alignContent: 'start', minHeight: VIEWPORT_FILL }}>
      <button
        type="button"
        onClick={() => {
          for (const [message, options] of toasts) {
            showToast(message, {
              autoHideDelay: Infinity,
              ...options,
              onHide: () => setLog((lines) => [...lines, `Hidden: ${message}`]),
            });
          }
        }}
      >
        Show toasts
      </button>
      <output aria-label="Events">{log.join(', ')}</output>
      {children}
    </div>
  );
}

/**
 * Three toasts stacked at the bottom start, newest at the bottom. (The stories keep them until
 * closed so the screenshot is stable; by default each goes after 5 seconds.)
 */
export const Stacked: Story = {
  render: () => (
    <ToastLauncher
      toasts={[
        ['Label created'],
        ['Copied to clipboard'],
        ['Issue closed', { action: { text: 'Undo', onClick: () => {} } }],
      ]}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show toasts' }));
    const region = await screen.findByRole('region', { name: 'Status messages' });
    await waitFor(() => expect(within(region).getAllByRole('button', { name: 'Close' })).toHaveLength(3));
    const messages = within(region)
      .getAllByText(/./, { selector: '[data-component="Toast.Message"]' })
      .map((node) => node.textContent);
    await expect(messages).toEqual(['Label created', 'Copied to clipboard', 'Issue closed']);
  },
};

/** The action runs and the toast closes (unless the handler calls `preventDefault`). */
export const ActionRuns: Story = {
  render: function Render() {
    const [undone, setUndone] = useState(false);
    return (
      <ToastLauncher
        toasts={[
          ['Merge request closed', { action: { text: 'Undo', onClick: () => setUndone(true) } }],
          ['Branch deleted', { action: { text: 'Restore', onClick: () => {} } }],
        ]}
      >
        <p>{undone ? 'Merge request reopened.' : 'Merge request closed.'}</p>
      </ToastLauncher>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show toasts' }));
    const region = await screen.findByRole('region', { name: 'Status messages' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Undo' }));
    await expect(await canvas.findByText('Merge request reopened.')).toBeVisible();
    await waitFor(() => expect(within(region).queryByText('Merge request closed')).toBeNull());
    await expect(within(region).getByText('Branch deleted')).toBeVisible();
  },
};

/**
 * Keyboard: Tab reaches the toast's buttons; Escape closes the focused toast and focus moves to
 * the next one.
 */
export const KeyboardClose: Story = {
  render: () => <ToastLauncher toasts={[['Pipeline scheduled'], ['Snippet copied']]} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show toasts' }));
    const region = await screen.findByRole('region', { name: 'Status messages' });
    const closes = await within(region).findAllByRole('button', { name: 'Close' });
    closes[1]!.focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(region).queryByText('Snippet copied')).toBeNull());
    await expect(within(region).getByRole('button', { name: 'Close' })).toHaveFocus();
    await expect(await canvas.findByText('Hidden: Snippet copied')).toBeVisible();
  },
};
