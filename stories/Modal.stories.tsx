import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  confirmAction,
  confirmViaModal,
  Modal,
  MODAL_ACTION_VARIANTS,
  MODAL_SIZES,
  type ModalProps,
} from '../src/components/Modal';
import { Tooltip } from '../src/components/Tooltip';
import { waitForOpen, withViewportFill } from './support/overlay';

/** Story-only trigger styling (there is no Button component yet): token colours, visible focus. */
const trigger: CSSProperties = {
  padding: 'var(--fk-space-2) var(--fk-space-4)',
  border: 'thin solid var(--fk-color-border-strong)',
  borderRadius: 'var(--fk-radius-md)',
  background: 'var(--fk-color-background-default)',
  color: 'var(--fk-color-text-default)',
  font: 'inherit',
};

/** Modals are portalled to document.body: query the whole page. */
const page = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

/** A button that opens the modal it is given (uncontrolled trigger, controlled modal). */
function ModalDemo({ label, ...props }: ModalProps & { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" style={trigger} onClick={() => setOpen(true)}>
        {label}
      </button>
      <Modal {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Opens the story's modal with its trigger and waits until it is visible. */
async function openModal(
  context: { canvasElement: HTMLElement },
  label: string,
  name: string,
  role: 'dialog' | 'alertdialog' = 'dialog',
) {
  const canvas = within(context.canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: label }));
  const dialog = await page(context).findByRole(role, { name });
  await waitForOpen(dialog);
  return dialog;
}

const DELETE_TITLE = 'Delete branch?';

const meta = {
  title: 'Components/Modal',
  component: Modal,
  args: {
    title: DELETE_TITLE,
    description: 'The branch feature/rename-default-branch and its 12 commits are removed.',
    children: <p>Open merge requests from this branch are closed. This action cannot be reversed.</p>,
    size: 'md',
    actionPrimary: { text: 'Delete branch', variant: 'danger' },
    actionCancel: { text: 'Cancel' },
  },
  argTypes: {
    size: { control: 'radio', options: MODAL_SIZES },
    open: { control: false },
    defaultOpen: { control: false },
    children: { control: false },
    footer: { control: false },
    portalContainer: { control: false },
  },
  render: (args) => <ModalDemo {...args} label="Delete branch" />,
  decorators: [withViewportFill],
  parameters: {
    docs: {
      description: {
        component:
          'A dialog over the page (GitLab UI `GlModal`) for a task or a decision that needs the user before ' +
          'they go on: a title, an optional description, a body, a close button and up to three actions ' +
          '(cancel, secondary, primary, in that order).\n\n' +
          '**States** ("Modal: hidden, opening, visible, closing"): `data-state` on the dialog ' +
          'and its backdrop. `hidden` renders nothing (nor on the server); `opening` and `closing` last one ' +
          '`--fk-motion-duration-normal` (200 ms), at once under `prefers-reduced-motion` (as in these ' +
          'stories), and `closing` ends on a timer even when no `animationend` fires. `onHidden` runs after.\n\n' +
          '**Stacking** ("Stacked modals are supported"; section 9, "Base modal z-index ' +
          '1040"): one layer stack gives each open modal its depth, and its backdrop `z-index: 1040 + depth` ' +
          '(`data-depth`). Only the top modal reacts to Escape and outside clicks; the ones below are inert.\n\n' +
          '**Keyboard and screen readers:** the dialog is a modal `dialog` named by its title (or ' +
          '`aria-label`) and described by its description. Opening moves focus to the dialog; Tab and ' +
          'Shift+Tab cycle inside the top modal only; Escape, the close button ("Close") and a click outside ' +
          'close it, and focus returns to the element that opened it. The page behind is inert and does not ' +
          'scroll (the scrollbar room is kept, so nothing shifts).\n\n' +
          '**Do** use one clear primary action named after what it does ("Delete branch", not "OK"). **Don\'t** ' +
          'open a modal for information that could sit on the page, or nest more than two levels.\n\n' +
          '`confirmAction(message, options)` asks a yes/no question in a modal and resolves `true` only for the ' +
          'primary button ("Modal confirm helper"); `confirmViaModal()` upgrades server-rendered ' +
          '`data-confirm` links and buttons.',
      },
    },
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The modal opened by its trigger: a destructive decision with cancel and a danger primary action. */
export const Default: Story = {
  play: async (context) => {
    const dialog = await openModal(context, 'Delete branch', DELETE_TITLE);
    await expect(dialog).toHaveAccessibleDescription(
      'The branch feature/rename-default-branch and its 12 commits are removed.',
    );
    await waitFor(() => expect(dialog).toHaveFocus());
  },
};

export const Playground: Story = {
  args: {
    title: 'Edit milestone',
    description: undefined,
    children: <p>Milestones group issues and merge requests towards a date.</p>,
    actionPrimary: { text: 'Save changes' },
    actionSecondary: { text: 'Save as draft' },
    actionCancel: { text: 'Cancel' },
  },
  render: (args) => <ModalDemo {...args} label="Edit milestone" />,
  play: async (context) => {
    await openModal(context, 'Edit milestone', 'Edit milestone');
  },
};

/** `hidden`: nothing is rendered until the trigger opens the modal. */
export const Hidden: Story = {
  play: async (context) => {
    await expect(within(context.canvasElement).getByRole('button', { name: 'Delete branch' })).toBeVisible();
    await expect(page(context).queryByRole('dialog')).toBeNull();
  },
};

/** Size `sm`: short confirmations. */
export const Small: Story = {
  args: {
    size: 'sm',
    title: 'Leave group?',
    description: undefined,
    children: <p>You lose access to its projects.</p>,
  },
  render: (args) => <ModalDemo {...args} label="Leave group" />,
  play: async (context) => {
    const dialog = await openModal(context, 'Leave group', 'Leave group?');
    await expect(dialog).toHaveAttribute('data-size', 'sm');
  },
};

/** Size `md` (the default). */
export const Medium: Story = {
  play: async (context) => {
    const dialog = await openModal(context, 'Delete branch', DELETE_TITLE);
    await expect(dialog).toHaveAttribute('data-size', 'md');
  },
};

/** Size `lg`: forms and previews. */
export const Large: Story = {
  args: {
    size: 'lg',
    title: 'Preview changes',
    description: 'Compare feature/rename-default-branch with main.',
    children: (
      <pre style={{ margin: 0, fontFamily: 'var(--fk-font-family-mono)' }}>{'- default: master\n+ default: main'}</pre>
    ),
    actionPrimary: { text: 'Apply changes' },
  },
  render: (args) => <ModalDemo {...args} label="Preview changes" />,
  play: async (context) => {
    const dialog = await openModal(context, 'Preview changes', 'Preview changes');
    await expect(dialog).toHaveAttribute('data-size', 'lg');
  },
};

/** Every action look: `default`, `confirm` and `danger`, and a disabled action. */
export const ActionVariants: Story = {
  args: {
    title: 'Merge request !42',
    description: undefined,
    children: <p>All threads are resolved and the pipeline passed.</p>,
    actionCancel: { text: 'Cancel', variant: MODAL_ACTION_VARIANTS[0] },
    actionSecondary: { text: 'Close merge request', variant: 'danger' },
    actionPrimary: { text: 'Merge', variant: 'confirm' },
  },
  render: (args) => <ModalDemo {...args} label="Review merge request" />,
  play: async (context) => {
    await openModal(context, 'Review merge request', 'Merge request !42');
    const dialog = page(context);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveAttribute('data-variant', 'default');
    await expect(dialog.getByRole('button', { name: 'Close merge request' })).toHaveAttribute('data-variant', 'danger');
    await expect(dialog.getByRole('button', { name: 'Merge' })).toHaveAttribute('data-variant', 'confirm');
  },
};

/** A primary action that cannot run yet (`isDisabled`). */
export const DisabledAction: Story = {
  args: {
    title: 'Transfer project',
    description: 'Choose a namespace first.',
    children: undefined,
    actionPrimary: { text: 'Transfer', isDisabled: true },
  },
  render: (args) => <ModalDemo {...args} label="Transfer project" />,
  play: async (context) => {
    await openModal(context, 'Transfer project', 'Transfer project');
    await expect(page(context).getByRole('button', { name: 'Transfer' })).toBeDisabled();
  },
};

/** Custom footer content: a link styled as an action, before the action buttons. */
export const CustomFooter: Story = {
  args: {
    title: 'Runner offline',
    description: 'The runner has not contacted the instance for 2 hours.',
    children: undefined,
    footer: (
      <a className="fk-button" data-variant="default" href="#runners">
        Runner settings
      </a>
    ),
    actionPrimary: { text: 'Retry job' },
  },
  render: (args) => <ModalDemo {...args} label="Runner status" />,
  play: async (context) => {
    await openModal(context, 'Runner status', 'Runner offline');
    await expect(page(context).getByRole('link', { name: 'Runner settings' })).toBeVisible();
  },
};

const LONG_TEXT = Array.from(
  { length: 14 },
  (_, i) =>
    `Step ${i + 1}: the import copies the repository, its issues and merge requests, and keeps their authors when they exist on this instance.`,
);

/** Content taller than the viewport scrolls with the backdrop; the page behind stays still. */
export const LongContent: Story = {
  args: {
    title: 'Import project',
    description: undefined,
    children: (
      <>
        {LONG_TEXT.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </>
    ),
    actionPrimary: { text: 'Start import' },
    actionCancel: { text: 'Cancel' },
  },
  render: (args) => <ModalDemo {...args} label="Import project" />,
  play: async (context) => {
    await openModal(context, 'Import project', 'Import project');
    await expect(getComputedStyle(context.canvasElement.ownerDocument.documentElement).overflow).toBe('hidden');
  },
};

/** A button inside the modal that opens another one. */
function NestedLevel({ level, children }: { level: number; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const sizes = ['lg', 'md', 'sm'] as const;
  return (
    <>
      <button type="button" style={trigger} onClick={() => setOpen(true)}>
        Open level {level}
      </button>
      <Modal
        title={`Level ${level}`}
        size={sizes[level - 1]}
        open={open}
        onOpenChange={setOpen}
        actionCancel={{ text: 'Close level' }}
      >
        <p>
          This modal is layer {level}: z-index 1040 + {level - 1}.
        </p>
        {children}
      </Modal>
    </>
  );
}

/**
 * Three stacked modals ("Stacked modals are supported"): each opens from the one
 * below; Escape, outside clicks and the Tab cycle belong to the top one, and closing it returns
 * focus to the button that opened it.
 */
export const Nested: Story = {
  render: () => (
    <NestedLevel level={1}>
      <NestedLevel level={2}>
        <NestedLevel level={3} />
      </NestedLevel>
    </NestedLevel>
  ),
  play: async (context) => {
    const body = page(context);
    await userEvent.click(await within(context.canvasElement).findByRole('button', { name: 'Open level 1' }));
    await userEvent.click(await body.findByRole('button', { name: 'Open level 2' }));
    const opener = await body.findByRole('button', { name: 'Open level 3' });
    await userEvent.click(opener);
    const top = await body.findByRole('dialog', { name: 'Level 3' });
    await waitForOpen(top);
    await expect(top.parentElement).toHaveAttribute('data-depth', '2');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Level 3' })).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const reopened = await body.findByRole('dialog', { name: 'Level 3' });
    await waitForOpen(reopened);
    await expect(reopened).toBeVisible();
  },
};

/**
 * A tooltip inside a modal: the first Escape closes the tooltip, the second the modal.
 */
export const WithTooltip: Story = {
  args: {
    title: 'Commit details',
    description: undefined,
    children: (
      <p>
        Commit{' '}
        <Tooltip content="Copy the full SHA">
          <button type="button" style={trigger}>
            1a2b3c4d
          </button>
        </Tooltip>
      </p>
    ),
    actionPrimary: undefined,
    actionCancel: { text: 'Close' },
  },
  render: (args) => <ModalDemo {...args} label="Show commit" />,
  play: async (context) => {
    const dialog = await openModal(context, 'Show commit', 'Commit details');
    const body = page(context);
    await waitFor(() => expect(dialog).toHaveFocus());
    const sha = body.getByRole('button', { name: '1a2b3c4d' });
    while (!sha.matches(':focus')) await userEvent.tab();
    await expect(await body.findByRole('tooltip')).toHaveTextContent('Copy the full SHA');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('tooltip')).toBeNull());
    await expect(dialog).toHaveAttribute('data-state', 'visible');
  },
};

/** Calls confirmAction and shows what it resolved to. */
function ConfirmActionDemo() {
  const [result, setResult] = useState('Not asked yet');
  const [controller] = useState(() => new AbortController());
  // Leaving the story closes a confirmation still open.
  useEffect(() => () => controller.abort(), [controller]);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <button
        type="button"
        style={trigger}
        onClick={() => {
          void confirmAction('Are you sure you want to delete the issue? This action cannot be reversed.', {
            title: 'Delete issue?',
            primaryBtnText: 'Delete issue',
            primaryBtnVariant: 'danger',
            signal: controller.signal,
          }).then((confirmed) => setResult(confirmed ? 'Confirmed' : 'Not confirmed'));
        }}
      >
        Delete this issue
      </button>
      <output aria-label="Result">{result}</output>
    </div>
  );
}

/**
 * `confirmAction(message, options): Promise<boolean>`: `true` for the primary button, `false` for
 * anything else (cancel, Escape, outside click, close button). Defaults: 'OK' and 'Cancel', size
 * `sm`; `messageHtml` is sanitised.
 */
export const ConfirmAction: Story = {
  render: () => <ConfirmActionDemo />,
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await openModal(context, 'Delete this issue', 'Delete issue?', 'alertdialog');
    await userEvent.click(page(context).getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('Not confirmed')).toBeVisible();
    await openModal(context, 'Delete this issue', 'Delete issue?', 'alertdialog');
    await userEvent.click(page(context).getByRole('button', { name: 'Delete issue' }));
    await expect(await canvas.findByText('Confirmed')).toBeVisible();
    // Open once more for the screenshot.
    await openModal(context, 'Delete this issue', 'Delete issue?', 'alertdialog');
  },
};

/** Server-rendered markup with `data-confirm`, upgraded by confirmViaModal(). */
function ServerRenderedPage() {
  const [log, setLog] = useState('Nothing happened yet');
  useEffect(() => {
    let stop: (() => void) | undefined;
    try {
      stop = confirmViaModal();
    } catch {
      // Already started by this story elsewhere on a docs page.
    }
    const onHash = () => setLog(`Navigated to ${location.hash}`);
    window.addEventListener('hashchange', onHash);
    return () => {
      stop?.();
      window.removeEventListener('hashchange', onHash);
      if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    };
  }, []);
  return (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <a
        href="#branch-deleted"
        data-confirm="Are you sure you want to delete the branch feature/login?"
        data-confirm-btn-text="Delete branch"
        data-confirm-btn-variant="danger"
      >
        Delete branch
      </a>
      <form
        style={{ display: 'flex', gap: 8 }}
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          setLog(`Form submitted with ${submitter?.getAttribute('name') ?? 'no button'}`);
        }}
      >
        <button
          type="submit"
          name="archive"
          style={trigger}
          data-confirm="Archive this project?"
          data-confirm-btn-text="Archive"
        >
          Archive project
        </button>
      </form>
      <output aria-label="What happened">{log}</output>
    </div>
  );
}

/**
 * `confirmViaModal()` ("Rails-style links: confirm dialog via data-confirm; loading
 * twice throws"): a click on a `data-confirm` link or button asks first; confirmed, the link
 * navigates and the button submits its form with itself as the submitter.
 */
export const ConfirmViaModal: Story = {
  render: () => <ServerRenderedPage />,
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Archive project' }));
    const archive = await page(context).findByRole('alertdialog', { name: 'Archive this project?' });
    await userEvent.click(within(archive).getByRole('button', { name: 'Archive' }));
    await expect(await canvas.findByText('Form submitted with archive')).toBeVisible();

    await userEvent.click(canvas.getByRole('link', { name: 'Delete branch' }));
    const dialog = await page(context).findByRole('alertdialog', {
      name: 'Are you sure you want to delete the branch feature/login?',
    });
    await waitForOpen(dialog);
    await expect(within(dialog).getByRole('button', { name: 'Delete branch' })).toHaveAttribute(
      'data-variant',
      'danger',
    );
  },
};
