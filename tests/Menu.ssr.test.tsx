// Menu on the server (no DOM globals): only the trigger renders, with the menu button ARIA; the
// hydrating render matches it, and the menu then opens in the hydrated page.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../src/components/Button';
import { Menu } from '../src/components/Menu';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

const element = (
  <Menu items={[{ key: 'edit', label: 'Edit' }]} defaultOpen>
    <Button>Actions</Button>
  </Menu>
);

describe('Menu server render', () => {
  it('renders the trigger only, even when open at first, without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(element);
    expect(html).toMatch(/<button[^>]*aria-haspopup="true"[^>]*aria-expanded="true"/);
    expect(html).not.toContain('role="menu"');
  });

  it('hydrates without a warning, then shows the menu', async () => {
    const html = renderToString(element);
    await withDom(html, async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
      const button = container.querySelector('button');
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(container.querySelector('button')).toBe(button);
      expect(document.querySelector('[role="menu"]')).not.toBeNull();
      await act(async () => root?.unmount());
      expect(errors).toEqual([]);
    });
  });
});
