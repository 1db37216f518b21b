import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  ClipboardButton,
  CLIPBOARD_BUTTON_TITLE,
  CLIPBOARD_COPIED_MESSAGE,
  CLIPBOARD_ERROR_EVENT,
  CLIPBOARD_FAILED_MESSAGE,
} from '../src/components/ClipboardButton';

const SHA = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';

/** Room for the tooltip, which renders inside the story canvas (`tooltipContainer`) for the screenshot. */
function Stage({ children }: { children: (container: HTMLElement | undefined) => ReactNode }) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  return (
    <div
      ref={setContainer}
      style={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 8, padding: '96px 80px 40px' }}
    >
      {children(container ?? undefined)}
    </div>
  );
}

const body = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

/** Stubs the Clipboard API for one story: resolves (success) or rejects (failure). */
function stubClipboard(outcome: 'success' | 'failure') {
  return () => {
    if (typeof navigator === 'undefined') return; // loading on a server (the SSR story test)
    // Storybook's test page may not hold the clipboard permission; the story decides the outcome.
    const writeText =
      outcome === 'success'
        ? fn(async (_text: string) => {})
        : fn(async (_text: string) => {
            throw new DOMException('Write permission denied.', 'NotAllowedError');
          });
    // An own property shadows the prototype's getter; deleting it restores the real API.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return () => {
      delete (navigator as { clipboard?: unknown }).clipboard;
    };
  };
}

const meta = {
  title: 'Components/ClipboardButton',
  component: ClipboardButton,
  args: { text: SHA, title: CLIPBOARD_BUTTON_TITLE },
  render: (args) => (
    <Stage>
      {(container) => (
        <>
          <code>{SHA.slice(0, 8)}</code>
          <ClipboardButton {...args} tooltipContainer={container} />
        </>
      )}
    </Stage>
  ),
  parameters: {
    docs: {
      description: {
        component:
          'An icon button that copies a value (GitLab `ClipboardButton`): commit SHAs, branch names, clone URLs, ' +
          'code blocks (syntax-highlighted code blocks get a copy button). It copies `text`, or the ' +
          'value or text of a `target` (selector or ref).\n\n' +
          "**Feedback:** success shows a 'Copied' tooltip for 1 second " +
          "(`COPIED_TOOLTIP_DURATION`), then the normal title again; failure shows 'Copy failed. Please manually " +
          "copy the value.' until the user moves away, and dispatches a bubbling `clipboard-error` CustomEvent " +
          '(`detail: { text, error }`) on the button. Both are also announced through a polite status message.\n\n' +
          '**How it copies:** `navigator.clipboard.writeText` (secure contexts); where that API is missing (plain ' +
          'http), the legacy fallback selects a hidden textarea and runs the `copy` command.\n\n' +
          "**Keyboard and screen readers:** a native button named by `title` (default 'Copy to clipboard'), " +
          'reached with Tab (the tooltip shows the same name), activated with Enter or Space. **Do** give it a ' +
          "`title` that says what is copied when there are several on a page ('Copy commit SHA').",
      },
    },
  },
} satisfies Meta<typeof ClipboardButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The button at rest. */
export const Default: Story = {};

/** Every prop as a control. */
export const Playground: Story = { args: { title: 'Copy commit SHA', tooltipPlacement: 'bottom' } };

/** Hover: the tooltip repeats the button's name. */
export const Hover: Story = {
  play: async (context) => {
    await userEvent.hover(context.canvas.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE }));
    await expect(await body(context).findByRole('tooltip', {}, { timeout: 2000 })).toHaveTextContent(
      CLIPBOARD_BUTTON_TITLE,
    );
  },
};

/** Tab to the button: the tooltip shows at once. */
export const KeyboardFocus: Story = {
  play: async (context) => {
    await userEvent.tab();
    await expect(context.canvas.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE })).toHaveFocus();
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent(CLIPBOARD_BUTTON_TITLE);
  },
};

/**
 * Success: 'Copied' for 1 second, then the normal title again. The screenshot is skipped: the
 * message lasts 1 s (spec), less than the axe check and screenshot take; the failure story shows
 * the same tooltip with its own text.
 */
export const Copied: Story = {
  beforeEach: stubClipboard('success'),
  parameters: { visual: { disable: true } },
  play: async (context) => {
    const buttonElement = context.canvas.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE });
    await userEvent.click(buttonElement);
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SHA);
    await expect(body(context).getByRole('status')).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
    await expect(buttonElement).toHaveAttribute('data-state', 'copied');
    await waitFor(() => expect(buttonElement).toHaveAttribute('data-state', 'idle'), { timeout: 3000 });
  },
};

/** Failure: the message stays while the pointer is on the button, and `clipboard-error` is dispatched. */
export const CopyFailed: Story = {
  beforeEach: stubClipboard('failure'),
  play: async (context) => {
    const onError = fn();
    context.canvasElement.addEventListener(CLIPBOARD_ERROR_EVENT, onError);
    await userEvent.click(context.canvas.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE }));
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent(CLIPBOARD_FAILED_MESSAGE);
    await expect(onError).toHaveBeenCalledTimes(1);
    context.canvasElement.removeEventListener(CLIPBOARD_ERROR_EVENT, onError);
  },
};

function CodeBlock() {
  const [copied, setCopied] = useState('');
  return (
    <div style={{ display: 'grid', gap: 8, padding: '96px 80px 40px' }}>
      <div style={{ display: 'flex', alignItems: 'start', gap: 8 }}>
        <pre
          id="clone-command"
          style={{
            margin: 0,
            padding: 'var(--fk-space-3)',
            background: 'var(--fk-color-background-strong)',
            borderRadius: 'var(--fk-radius-md)',
            fontFamily: 'var(--fk-font-family-mono)',
          }}
        >
          git clone git@example.com:forge/kit.git
        </pre>
        <ClipboardButton target="#clone-command" title="Copy clone command" onCopySuccess={setCopied} />
      </div>
      <output>{copied ? `Last copied: ${copied}` : 'Nothing copied yet'}</output>
    </div>
  );
}

/**
 * Copying the text of a target element (a selector here; a ref works too), as code blocks do. No
 * screenshot: the 'Copied' tooltip lasts 1 s, so whether it is still shown would depend on timing.
 */
export const FromTarget: Story = {
  beforeEach: stubClipboard('success'),
  render: () => <CodeBlock />,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('button', { name: 'Copy clone command' }));
    await expect(await context.canvas.findByText('Last copied: git clone git@example.com:forge/kit.git')).toBeVisible();
  },
};
