import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { hideAllToasts, showToast } from '../src/components/Toast';
import { Z_INDEX } from '../src/tokens';

afterEach(async () => {
  await act(async () => hideAllToasts());
});

const region = () => screen.getByRole('region', { name: 'Status messages' });
/**
 * The hover test's countdown: long enough for a real pointer move to arrive on a loaded machine
 * (at 300 ms the toast was sometimes gone before the hover reached it), short enough to wait out.
 */
const HOVER_AUTO_HIDE_MS = 1500;

describe('Toast in Chromium', () => {
  it('stacks at the bottom start of the viewport, above everything, newest lowest', async () => {
    await act(async () => {
      showToast('Older', { autoHideDelay: Infinity });
      showToast('Newer', { autoHideDelay: Infinity });
    });
    const style = getComputedStyle(region());
    expect(style.position).toBe('fixed');
    expect(style.zIndex).toBe(String(Z_INDEX.toast));
    const older = within(region()).getByText('Older').closest('.fk-toast')!.getBoundingClientRect();
    const newer = within(region()).getByText('Newer').closest('.fk-toast')!.getBoundingClientRect();
    expect(newer.top).toBeGreaterThan(older.bottom - 1);
    expect(window.innerHeight - newer.bottom).toBeLessThan(40);
    expect(newer.left).toBeLessThan(40);
  });

  it('has no entrance motion when the user prefers reduced motion', async () => {
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    await act(async () => {
      showToast('Calm', { autoHideDelay: Infinity });
    });
    const toast = within(region()).getByText('Calm').closest('.fk-toast')!;
    expect(getComputedStyle(toast).animationName).toBe('none');
  });

  it('keyboard: Tab from the page reaches the action and Close; Escape closes and focus returns', async () => {
    let undone = false;
    // Page content comes before the toast region, as on a product page.
    const page = document.body.insertBefore(document.createElement('main'), document.body.firstChild);
    render(
      <button
        type="button"
        onClick={() =>
          showToast('Issue closed', {
            autoHideDelay: Infinity,
            action: { text: 'Undo', onClick: () => (undone = true) },
          })
        }
      >
        Close issue
      </button>,
      { container: page },
    );
    const trigger = screen.getByRole('button', { name: 'Close issue' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(region()).getByText('Issue closed')).toBeInTheDocument());
    await userEvent.tab();
    expect(within(region()).getByRole('button', { name: 'Undo' })).toHaveFocus();
    await userEvent.tab();
    const close = within(region()).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    expect(getComputedStyle(close).outlineStyle).toBe('solid');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(region()).queryByText('Issue closed')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(undone).toBe(false);
    page.remove();
  });

  it('the action runs from the keyboard and closes the toast', async () => {
    let undone = false;
    await act(async () => {
      showToast('Branch deleted', {
        autoHideDelay: Infinity,
        action: { text: 'Restore', onClick: () => (undone = true) },
      });
    });
    within(region()).getByRole('button', { name: 'Restore' }).focus();
    await userEvent.keyboard(' ');
    expect(undone).toBe(true);
    await waitFor(() => expect(within(region()).queryByText('Branch deleted')).not.toBeInTheDocument());
  });

  it('a real hover pauses the countdown; leaving resumes it', async () => {
    // Lift the stack into the part of the test frame the pointer can reach.
    document.documentElement.style.setProperty('--fk-toast-region-offset', '200px');
    render(<p>Elsewhere on the page</p>);
    await act(async () => {
      showToast('Hover pauses me', { autoHideDelay: HOVER_AUTO_HIDE_MS });
    });
    const toast = within(region()).getByText('Hover pauses me');
    await userEvent.hover(toast);
    expect(region()).toHaveAttribute('data-state', 'paused');
    // Past the whole countdown, and the toast is still there.
    await new Promise((resolve) => setTimeout(resolve, HOVER_AUTO_HIDE_MS + 300));
    expect(within(region()).getByText('Hover pauses me')).toBeInTheDocument();
    await userEvent.hover(screen.getByText('Elsewhere on the page'));
    expect(region()).toHaveAttribute('data-state', 'running');
    await waitFor(() => expect(within(region()).queryByText('Hover pauses me')).not.toBeInTheDocument(), {
      timeout: 2 * HOVER_AUTO_HIDE_MS,
    });
    document.documentElement.style.removeProperty('--fk-toast-region-offset');
  });
});
