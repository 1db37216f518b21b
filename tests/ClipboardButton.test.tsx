// ClipboardButton in jsdom: what it copies (text, target selector, ref, form field), the 'Copied'
// tooltip for 1 second, the failure message and clipboard-error event, the execCommand fallback;
// the tooltip's code arriving on the first focus or click (a fresh module each time).
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ClipboardButton,
  CLIPBOARD_BUTTON_TITLE,
  CLIPBOARD_COPIED_MESSAGE,
  CLIPBOARD_ERROR_EVENT,
  CLIPBOARD_FAILED_MESSAGE,
} from '../src/components/ClipboardButton';
import { ICON_NAMES } from '../src/components/Icon';
import { COPIED_TOOLTIP_DURATION } from '../src/tokens';

let writeText: ReturnType<typeof vi.fn>;

function stubClipboard(implementation: (text: string) => Promise<void> = async () => {}) {
  writeText = vi.fn(implementation);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

beforeEach(() => stubClipboard());

afterEach(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const tooltip = () => screen.queryByRole('tooltip', { hidden: true });
/** A click, then the clipboard promise and React settle. */
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });

/** ClipboardButton from a fresh module graph: its tooltip's code not loaded yet. */
async function freshClipboardButton() {
  vi.resetModules();
  return (await import('../src/components/ClipboardButton')).ClipboardButton;
}

describe('ClipboardButton before its tooltip code has arrived', () => {
  it('is drawn without it, then loads it on the first focus, shows it and keeps focus on the button', async () => {
    const Fresh = await freshClipboardButton();
    const user = userEvent.setup();
    render(<Fresh text="abc" title="Copy commit SHA" />);
    expect(document.querySelector('[data-component="ClipboardButton"]')).toHaveAccessibleName('Copy commit SHA');
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy commit SHA');
    expect(screen.getByRole('button', { name: 'Copy commit SHA' })).toHaveFocus();
  });

  it(`copies on a click that comes first and then says '${CLIPBOARD_COPIED_MESSAGE}' in the tooltip`, async () => {
    const Fresh = await freshClipboardButton();
    render(<Fresh text="early" />);
    await click(screen.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE }));
    expect(writeText).toHaveBeenCalledWith('early');
    expect(screen.getByRole('status')).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
  });
});

describe('ClipboardButton', () => {
  // The tooltip's code, loaded once as a first click would, so the checks below see it at once.
  beforeAll(async () => {
    stubClipboard();
    const { unmount } = render(<ClipboardButton text="load" />);
    await click(screen.getByRole('button'));
    await screen.findByRole('tooltip', { hidden: true });
    unmount();
  });

  it("is a button named 'Copy to clipboard' with the sprite's copy icon", () => {
    render(<ClipboardButton text="abc" />);
    const button = screen.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE });
    expect(CLIPBOARD_BUTTON_TITLE).toBe('Copy to clipboard');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-component', 'ClipboardButton');
    expect(button).toHaveAttribute('data-state', 'idle');
    expect(ICON_NAMES).toContain('copy-to-clipboard');
    expect(button.querySelector('[data-component="Icon"]')).toHaveAttribute('data-name', 'copy-to-clipboard');
  });

  it('takes its name and tooltip from title', async () => {
    const user = userEvent.setup();
    render(<ClipboardButton text="abc" title="Copy commit SHA" />);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy commit SHA');
    expect(screen.getByRole('button', { name: 'Copy commit SHA' })).not.toHaveAttribute('aria-describedby');
  });

  it(`copies text and says '${CLIPBOARD_COPIED_MESSAGE}' for ${COPIED_TOOLTIP_DURATION} ms, then the title again`, async () => {
    vi.useFakeTimers();
    const onCopySuccess = vi.fn();
    render(<ClipboardButton text="1a2b3c4d" onCopySuccess={onCopySuccess} />);
    const button = screen.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE });
    await click(button);
    expect(writeText).toHaveBeenCalledWith('1a2b3c4d');
    expect(onCopySuccess).toHaveBeenCalledWith('1a2b3c4d');
    expect(tooltip()).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
    expect(CLIPBOARD_COPIED_MESSAGE).toBe('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    expect(button).toHaveAttribute('data-state', 'copied');
    expect(button).toHaveAccessibleName(CLIPBOARD_BUTTON_TITLE);
    await act(() => vi.advanceTimersByTimeAsync(COPIED_TOOLTIP_DURATION - 1));
    expect(tooltip()).toHaveTextContent('Copied');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button).toHaveAttribute('data-state', 'idle');
    expect(tooltip()).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('copies the text of a target selector, the value of a form field, or a ref', async () => {
    const ref = createRef<HTMLElement>();
    render(
      <>
        <pre id="code">git clone git@example.com:forge/kit.git</pre>
        <input aria-label="Clone URL" id="url" defaultValue="https://example.com/forge/kit.git" readOnly />
        <span ref={ref}>by ref</span>
        <ClipboardButton target="#code" title="Copy code" />
        <ClipboardButton target="#url" title="Copy URL" />
        <ClipboardButton target={ref} title="Copy ref" />
      </>,
    );
    await click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenLastCalledWith('git clone git@example.com:forge/kit.git');
    await click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenLastCalledWith('https://example.com/forge/kit.git');
    await click(screen.getByRole('button', { name: 'Copy ref' }));
    expect(writeText).toHaveBeenLastCalledWith('by ref');
  });

  it("on failure says 'Copy failed. Please manually copy the value.' and dispatches a bubbling clipboard-error", async () => {
    const error = new DOMException('Denied', 'NotAllowedError');
    stubClipboard(async () => {
      throw error;
    });
    const onEvent = vi.fn();
    const onCopyError = vi.fn();
    const { container } = render(<ClipboardButton text="secret" onCopyError={onCopyError} />);
    container.addEventListener(CLIPBOARD_ERROR_EVENT, onEvent);
    const button = screen.getByRole('button');
    await click(button);
    expect(CLIPBOARD_FAILED_MESSAGE).toBe('Copy failed. Please manually copy the value.');
    expect(tooltip()).toHaveTextContent(CLIPBOARD_FAILED_MESSAGE);
    expect(screen.getByRole('status')).toHaveTextContent(CLIPBOARD_FAILED_MESSAGE);
    expect(button).toHaveAttribute('data-state', 'failed');
    expect(onEvent).toHaveBeenCalledTimes(1);
    const event = onEvent.mock.calls[0]?.[0] as CustomEvent;
    expect(event.target).toBe(button);
    expect(event.bubbles).toBe(true);
    expect(event.detail).toEqual({ text: 'secret', error });
    expect(onCopyError).toHaveBeenCalledWith({ text: 'secret', error });
  });

  it('keeps the failure message until the user moves away, then shows the title again', async () => {
    const user = userEvent.setup(); // installs its own clipboard stub: ours goes on top
    stubClipboard(async () => {
      throw new Error('no');
    });
    render(
      <>
        <ClipboardButton text="x" />
        <button type="button">Next</button>
      </>,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(CLIPBOARD_FAILED_MESSAGE, { selector: '.fk-tooltip__content' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE })).toHaveAttribute('data-state', 'idle');
    expect(tooltip()).toBeNull();
  });

  it('copies from the keyboard (Enter and Space)', async () => {
    const user = userEvent.setup();
    stubClipboard();
    render(<ClipboardButton text="kbd" />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it('falls back to the copy command without the Clipboard API', async () => {
    delete (navigator as { clipboard?: unknown }).clipboard;
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    const button = render(<ClipboardButton text="fallback" />).getByRole('button');
    await click(button);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(button).toHaveAttribute('data-state', 'copied');
    expect(document.querySelector('textarea')).toBeNull(); // cleaned up
    execCommand.mockReturnValue(false);
    await click(button);
    expect(button).toHaveAttribute('data-state', 'failed');
    delete (document as { execCommand?: unknown }).execCommand;
  });

  it('warns and fails when the target cannot be found', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onEvent = vi.fn();
    const { container } = render(<ClipboardButton target="#missing" />);
    container.addEventListener(CLIPBOARD_ERROR_EVENT, onEvent);
    await click(screen.getByRole('button'));
    expect(warn).toHaveBeenCalledWith('forgekit: ClipboardButton target not found:', '#missing');
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(writeText).not.toHaveBeenCalled();
  });

  it("runs the consumer's onClick first; preventDefault cancels the copy", async () => {
    render(<ClipboardButton text="x" onClick={(event) => event.preventDefault()} className="mine" />);
    const button = screen.getByRole('button');
    expect(button).toHaveClass('fk-clipboard-button', 'mine');
    await click(button);
    expect(writeText).not.toHaveBeenCalled();
  });
});
