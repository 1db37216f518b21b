import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideAllToasts, showToast, Toast, type ShowToastOptions } from '../src/components/Toast';
import { TOAST_DURATION, Z_INDEX } from '../src/tokens';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const region = () => screen.getByRole('region', { name: 'Status messages' });
const toasts = () => Array.from(region().querySelectorAll<HTMLElement>('[data-component="Toast"]'));

async function toast(message: string, options?: ShowToastOptions) {
  let handle!: ReturnType<typeof showToast>;
  await act(async () => {
    handle = showToast(message, options);
  });
  return handle;
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(async () => {
  await act(async () => hideAllToasts());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Toast (static)', () => {
  it('shows the message, an action and a Close button', async () => {
    const onClick = vi.fn();
    const onClose = vi.fn();
    render(<Toast message="Issue deleted" action={{ text: 'Undo', onClick }} onClose={onClose} />);
    expect(screen.getByText('Issue deleted')).toHaveAttribute('data-component', 'Toast.Message');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open after an action that calls preventDefault', async () => {
    const onClose = vi.fn();
    render(
      <Toast
        message="Copied"
        action={{ text: 'Details', onClick: (event) => event.preventDefault() }}
        onClose={onClose}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with Escape while a button in it has focus', async () => {
    const onClose = vi.fn();
    render(<Toast message="Saved" onClose={onClose} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('showToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows the toast in one polite live region landmark', async () => {
    await toast('Label created');
    const live = region();
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveClass('fk-toast-region');
    expect(within(live).getByText('Label created')).toBeInTheDocument();
    expect(document.querySelectorAll('.fk-toast-region')).toHaveLength(1);
  });

  it('returns sequential ids', async () => {
    const first = await toast('One');
    const second = await toast('Two');
    expect(second.id).toBe(first.id + 1);
    expect(toasts().map((t) => t.getAttribute('data-toast-id'))).toEqual([String(first.id), String(second.id)]);
  });

  it('stacks toasts with the newest last (at the bottom)', async () => {
    await toast('First');
    await toast('Second');
    await toast('Third');
    expect(toasts().map((t) => t.textContent)).toEqual(
      ['First', 'Second', 'Third'].map((m) => expect.stringContaining(m)),
    );
  });

  it(`hides itself after TOAST_DURATION (${TOAST_DURATION} ms) and calls onHide once`, async () => {
    expect(TOAST_DURATION).toBe(5000);
    const onHide = vi.fn();
    await toast('Auto', { onHide });
    await advance(TOAST_DURATION - 1);
    expect(screen.getByText('Auto')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText('Auto')).not.toBeInTheDocument();
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('honours autoHideDelay', async () => {
    await toast('Quick', { autoHideDelay: 1000 });
    await advance(1000);
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
  });

  it('stays until closed with autoHideDelay Infinity', async () => {
    await toast('Sticky', { autoHideDelay: Infinity });
    await advance(TOAST_DURATION * 10);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('hide() removes it and calls onHide once', async () => {
    const onHide = vi.fn();
    const handle = await toast('Manual', { onHide });
    await act(async () => handle.hide());
    expect(screen.queryByText('Manual')).not.toBeInTheDocument();
    await act(async () => handle.hide());
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('the Close button hides it', async () => {
    const onHide = vi.fn();
    await toast('Closable', { onHide });
    await act(async () => fireEvent.click(within(region()).getByRole('button', { name: 'Close' })));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('runs the action and then hides', async () => {
    const onClick = vi.fn();
    await toast('Issue closed', { action: { text: 'Undo', onClick } });
    await act(async () => fireEvent.click(within(region()).getByRole('button', { name: 'Undo' })));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Issue closed')).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes with the time that was left', async () => {
    await toast('Hover me');
    await advance(3000);
    await act(async () => fireEvent.pointerEnter(region()));
    expect(region()).toHaveAttribute('data-state', 'paused');
    await advance(TOAST_DURATION * 2);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    await act(async () => fireEvent.pointerLeave(region()));
    expect(region()).toHaveAttribute('data-state', 'running');
    await advance(TOAST_DURATION - 3000 - 1);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('pauses while focus is inside', async () => {
    await toast('Focus me');
    await act(async () => within(region()).getByRole('button', { name: 'Close' }).focus());
    await advance(TOAST_DURATION * 2);
    expect(screen.getByText('Focus me')).toBeInTheDocument();
    await act(async () => (document.activeElement as HTMLElement).blur());
    await advance(TOAST_DURATION);
    expect(screen.queryByText('Focus me')).not.toBeInTheDocument();
  });

  it('pauses while the page is hidden', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await toast('Background tab');
    await advance(TOAST_DURATION * 2);
    expect(screen.getByText('Background tab')).toBeInTheDocument();
    visibility.mockReturnValue('visible');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await advance(TOAST_DURATION);
    expect(screen.queryByText('Background tab')).not.toBeInTheDocument();
  });

  it('moves focus to another toast when the focused one closes', async () => {
    await toast('Older');
    await toast('Newer');
    const [older, newer] = toasts();
    await act(async () => within(newer!).getByRole('button', { name: 'Close' }).focus());
    await act(async () => fireEvent.click(within(newer!).getByRole('button', { name: 'Close' })));
    expect(within(older!).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('returns focus to where it came from when the last focused toast closes', async () => {
    const trigger = document.createElement('button');
    trigger.textContent = 'Save';
    document.body.append(trigger);
    trigger.focus();
    await toast('Saved');
    const close = within(region()).getByRole('button', { name: 'Close' });
    await act(async () => fireEvent.focusIn(close, { relatedTarget: trigger }));
    await act(async () => close.focus());
    await act(async () => fireEvent.click(close));
    expect(trigger).toHaveFocus();
    trigger.remove();
  });

  it('hideAllToasts hides every toast', async () => {
    await toast('A');
    await toast('B');
    await act(async () => hideAllToasts());
    expect(toasts()).toHaveLength(0);
  });

  it('sits in the toast layer', () => {
    expect(Z_INDEX.toast).toBe(1090);
  });
});
