// Real Chromium and keyboard: Tab shows the name as a tooltip, Enter copies and says 'Copied'.
// Headless Chromium does not grant clipboard permission to the test page, so the Clipboard API is
// stubbed with an in-memory clipboard.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  ClipboardButton,
  CLIPBOARD_BUTTON_TITLE,
  CLIPBOARD_COPIED_MESSAGE,
  CLIPBOARD_ERROR_EVENT,
  CLIPBOARD_FAILED_MESSAGE,
} from '../src/components/ClipboardButton';

let clipboard = '';

beforeEach(() => {
  clipboard = '';
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: vi.fn(async (text: string) => {
        clipboard = text;
      }),
    },
  });
});

afterEach(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
});

describe('ClipboardButton by keyboard', () => {
  it('shows its name on Tab focus and copies with Enter', async () => {
    render(
      <div style={{ padding: 120 }}>
        <button type="button">Before</button>
        <code id="sha">1a2b3c4d</code>
        <ClipboardButton target="#sha" />
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.keyboard('{Tab}');
    const button = screen.getByRole('button', { name: CLIPBOARD_BUTTON_TITLE });
    expect(button).toHaveFocus();
    await vi.waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(CLIPBOARD_BUTTON_TITLE));
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE));
    expect(clipboard).toBe('1a2b3c4d');
    expect(screen.getByRole('status')).toHaveTextContent(CLIPBOARD_COPIED_MESSAGE);
    expect(button).toHaveFocus();
  });

  it('reports a failure with the message and the clipboard-error event', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
    const onError = vi.fn();
    document.addEventListener(CLIPBOARD_ERROR_EVENT, onError);
    render(<ClipboardButton text="x" />);
    screen.getByRole('button').focus();
    await userEvent.keyboard(' ');
    await vi.waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(CLIPBOARD_FAILED_MESSAGE));
    expect(onError).toHaveBeenCalledTimes(1);
    document.removeEventListener(CLIPBOARD_ERROR_EVENT, onError);
  });
});
