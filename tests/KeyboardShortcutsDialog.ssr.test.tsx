// KeyboardShortcutsDialog and its hook on the server (no DOM globals): nothing renders and nothing
// touches the DOM; hydration matches, and ? then opens the dialog in the hydrated page.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardShortcutsDialog, useKeyboardShortcutsDialog } from '../src/components/KeyboardShortcutsDialog';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

function Page() {
  const dialog = useKeyboardShortcutsDialog();
  return (
    <div>
      <p>Page</p>
      <KeyboardShortcutsDialog {...dialog} />
    </div>
  );
}

describe('KeyboardShortcutsDialog server render', () => {
  it('renders nothing of the dialog without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    expect(renderToString(<Page />)).toBe('<div><p>Page</p></div>');
  });

  it('hydrates without a warning, then opens on ?', async () => {
    await withDom(renderToString(<Page />), async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
      });
      await act(async () => {
        document.body.dispatchEvent(new window.KeyboardEvent('keydown', { key: '?', bubbles: true }));
      });
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Keyboard shortcuts');
      await act(async () => root?.unmount());
      expect(errors).toEqual([]);
    });
  });
});
