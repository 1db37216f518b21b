// jsdom: confirmAction resolves true only for the primary button (spec section 4, "Modal confirm
// helper: true if confirmed, false if closed without confirming"), its default texts and options,
// the sanitised HTML message, cleanup of its own React root, and the error for a missing message.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIRM_ACTION_DEFAULTS, confirmAction } from '../src/components/Modal';

// confirmAction renders in its own React root, outside Testing Library's act().
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => vi.restoreAllMocks());

const containers = () => document.querySelectorAll('[data-fk-confirm-action]');

/** Starts confirmAction and waits for its dialog. */
async function ask(...args: Parameters<typeof confirmAction>) {
  const result = confirmAction(...args);
  const dialog = await screen.findByRole('alertdialog');
  return { result, dialog };
}

describe('confirmAction', () => {
  it("asks with 'OK' and 'Cancel' by default and resolves true on OK", async () => {
    expect(CONFIRM_ACTION_DEFAULTS).toMatchObject({ primaryBtnText: 'OK', cancelBtnText: 'Cancel', size: 'sm' });
    const { result, dialog } = await ask('Delete this branch?');
    expect(dialog).toHaveAccessibleName('Delete this branch?');
    expect(dialog).toHaveAttribute('data-size', 'sm');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('data-variant', 'default');
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveAttribute('data-variant', 'confirm');
    expect(containers()).toHaveLength(1);
    await userEvent.click(ok);
    await expect(result).resolves.toBe(true);
    // Its root and container are gone once it has settled.
    expect(containers()).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on Cancel', async () => {
    const { result } = await ask('Leave the group?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(result).resolves.toBe(false);
  });

  it('resolves false on Escape', async () => {
    const { result, dialog } = await ask('Leave the group?');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(result).resolves.toBe(false);
  });

  it('resolves false on the close button (shown with a title)', async () => {
    const { result, dialog } = await ask('The project is removed.', { title: 'Remove project?' });
    expect(dialog).toHaveAccessibleName('Remove project?');
    expect(screen.getByText('The project is removed.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(result).resolves.toBe(false);
  });

  it('resolves false on an outside click', async () => {
    const { result, dialog } = await ask('Leave the group?');
    const backdrop = dialog.parentElement!;
    fireEvent.pointerDown(backdrop, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(backdrop, { button: 0, pointerId: 1 });
    fireEvent.click(backdrop);
    await expect(result).resolves.toBe(false);
  });

  it('resolves false on the secondary button', async () => {
    const { result } = await ask('Merge now?', {
      secondaryBtnText: 'Merge when ready',
      secondaryBtnVariant: 'confirm',
    });
    const secondary = screen.getByRole('button', { name: 'Merge when ready' });
    expect(secondary).toHaveAttribute('data-variant', 'confirm');
    await userEvent.click(secondary);
    await expect(result).resolves.toBe(false);
  });

  it('takes button texts, variants and size', async () => {
    const { result, dialog } = await ask('Delete the tag?', {
      primaryBtnText: 'Delete tag',
      primaryBtnVariant: 'danger',
      cancelBtnText: 'Keep it',
      size: 'md',
    });
    expect(dialog).toHaveAttribute('data-size', 'md');
    expect(screen.getByRole('button', { name: 'Delete tag' })).toHaveAttribute('data-variant', 'danger');
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await expect(result).resolves.toBe(false);
  });

  it('hides the cancel button with hideCancel', async () => {
    const { result } = await ask('Saved.', { hideCancel: true });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
  });

  it('shows messageHtml sanitised, never raw', async () => {
    const { result, dialog } = await ask('Fallback text', {
      messageHtml:
        'Delete <strong>main</strong>?<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>',
    });
    expect(dialog).toHaveAccessibleName('Delete main?');
    expect(dialog.querySelector('strong')).toHaveTextContent('main');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')).not.toHaveAttribute('onerror');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(screen.queryByText('Fallback text')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
  });

  it('warns and falls back for an unknown variant', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = await ask('Continue?', { primaryBtnVariant: 'primary' as never });
    expect(screen.getByRole('button', { name: 'OK' })).toHaveAttribute('data-variant', 'confirm');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Modal primary action variant "primary"'));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
  });

  it('rejects a missing message with a clear error, showing nothing', async () => {
    await expect(confirmAction('')).rejects.toThrow(
      new TypeError('confirmAction needs a message: a non-empty string (or options.messageHtml); got "".'),
    );
    await expect(confirmAction('   ')).rejects.toThrow(TypeError);
    await expect(confirmAction(undefined as never)).rejects.toThrow('confirmAction needs a message');
    expect(containers()).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes and resolves false when its signal aborts; an aborted signal shows nothing', async () => {
    const controller = new AbortController();
    const { result } = await ask('Still there?', { signal: controller.signal });
    controller.abort();
    await expect(result).resolves.toBe(false);
    expect(containers()).toHaveLength(0);
    await expect(confirmAction('Again?', { signal: controller.signal })).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks several times in a row, each with its own root', async () => {
    const first = await ask('First?');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first.result).resolves.toBe(true);
    const second = await ask('Second?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second.result).resolves.toBe(false);
    await waitFor(() => expect(containers()).toHaveLength(0));
  });
});
