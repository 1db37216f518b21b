// jsdom: confirmViaModal upgrades data-confirm clicks (spec section 8, "Rails-style links: confirm
// dialog via data-confirm; loading twice throws"): it stops the first click and its other
// listeners, asks with the element's data attributes, replays the click when confirmed, and
// throws when started twice. Real navigation and form submission: tests/Modal.browser.test.tsx.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIRM_VIA_MODAL_ALREADY_STARTED, confirmOptionsFromElement, confirmViaModal } from '../src/components/Modal';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
  // Cancel a confirmation a test left open, and wait for its root to go.
  const open = screen.queryByRole('alertdialog');
  if (open) fireEvent.keyDown(open, { key: 'Escape' });
  await waitFor(() => expect(document.querySelector('[data-fk-confirm-action]')).toBeNull());
});

/** A button with `data` attributes whose clicks (after confirmViaModal's listener) are counted. */
function renderButton(data: Record<string, string>) {
  const onClick = vi.fn();
  render(
    <button type="button" {...data} onClick={onClick}>
      Delete
    </button>,
  );
  return { button: screen.getByRole('button', { name: 'Delete' }), onClick };
}

describe('confirmViaModal', () => {
  it('throws a clear error when started twice, and can start again after its disposer ran', () => {
    stop = confirmViaModal();
    expect(() => confirmViaModal()).toThrow(new Error(CONFIRM_VIA_MODAL_ALREADY_STARTED));
    expect(CONFIRM_VIA_MODAL_ALREADY_STARTED).toContain('already been started');
    stop();
    stop = confirmViaModal();
    expect(typeof stop).toBe('function');
  });

  it('stops the click, asks, and replays the click when confirmed', async () => {
    stop = confirmViaModal();
    const { button, onClick } = renderButton({ 'data-confirm': 'Delete this tag?' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this tag?' });
    expect(onClick).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
    expect(dialog).not.toBeInTheDocument();
  });

  it('does nothing when cancelled', async () => {
    stop = confirmViaModal();
    const { button, onClick } = renderButton({ 'data-confirm': 'Delete this tag?' });
    await userEvent.click(button);
    await screen.findByRole('alertdialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('prevents the default action of the first click (a link does not navigate)', async () => {
    stop = confirmViaModal();
    render(
      <a href="#gone" data-confirm="Leave?">
        Leave
      </a>,
    );
    const seen = vi.fn();
    // A listener on the window (after the document) sees the click only if it was let through.
    window.addEventListener('click', seen);
    try {
      await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
      await screen.findByRole('alertdialog');
      expect(seen).not.toHaveBeenCalled();
      expect(location.hash).toBe('');
    } finally {
      window.removeEventListener('click', seen);
    }
  });

  it('handles clicks inside the element (an icon in a link)', async () => {
    stop = confirmViaModal();
    render(
      <a href="#x" data-confirm="Remove the label?">
        <span data-testid="icon">×</span> Remove
      </a>,
    );
    await userEvent.click(screen.getByTestId('icon'));
    expect(await screen.findByRole('alertdialog', { name: 'Remove the label?' })).toBeInTheDocument();
  });

  it('reads the button text, variant, title and HTML flag from data attributes', async () => {
    stop = confirmViaModal();
    renderButton({
      'data-confirm': 'Remove <strong>main</strong>?',
      'data-confirm-html': '',
      'data-confirm-title': 'Remove branch',
      'data-confirm-btn-text': 'Remove',
      'data-confirm-btn-variant': 'danger',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove branch' });
    expect(dialog.querySelector('strong')).toHaveTextContent('main');
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveAttribute('data-variant', 'danger');
  });

  it('maps data attributes to confirmAction options', () => {
    const element = document.createElement('a');
    element.dataset.confirm = 'Sure?';
    expect(confirmOptionsFromElement(element)).toEqual(['Sure?', {}]);
    element.dataset.confirmBtnText = 'Yes';
    element.dataset.confirmBtnVariant = 'danger';
    element.dataset.confirmHtml = 'false';
    expect(confirmOptionsFromElement(element)).toEqual([
      'Sure?',
      { primaryBtnText: 'Yes', primaryBtnVariant: 'danger' },
    ]);
    element.dataset.confirmHtml = 'true';
    expect(confirmOptionsFromElement(element)[1].messageHtml).toBe('Sure?');
  });

  it('lets a click on an element with an empty data-confirm through without asking', async () => {
    stop = confirmViaModal();
    const { button, onClick } = renderButton({ 'data-confirm': '' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes a confirmation still open when disposed, replaying nothing', async () => {
    stop = confirmViaModal();
    const { button, onClick } = renderButton({ 'data-confirm': 'Delete this tag?' });
    await userEvent.click(button);
    await screen.findByRole('alertdialog');
    stop();
    stop = undefined;
    await waitFor(() => expect(document.querySelector('[data-fk-confirm-action]')).toBeNull());
    expect(onClick).not.toHaveBeenCalled();
  });

  it('ignores clicks elsewhere, and everything once disposed', async () => {
    stop = confirmViaModal();
    const other = vi.fn();
    render(
      <>
        <button type="button" onClick={other}>
          Other
        </button>
        <button type="button" data-confirm="Sure?">
          Guarded
        </button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(other).toHaveBeenCalledTimes(1);
    stop();
    stop = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Guarded' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
