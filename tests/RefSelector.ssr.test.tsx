// RefSelector on the server (no DOM globals): the closed button only; hydrated without a mismatch.
// Opening is tested in jsdom and Chromium (react-aria's focus scope, imported here without a DOM,
// does not run in this half-DOM test).
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { RefSelector } from '../src/components/RefSelector';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const selector = <RefSelector value="main" branches={['main', 'develop']} tags={['v1.0.0']} onSelect={() => {}} />;

describe('RefSelector on the server', () => {
  it('renders the closed button without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(selector);
    expect(html).toContain('aria-label="Switch branch/tag: main"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('role="listbox"');
  });

  it('hydrates without a mismatch', async () => {
    await withDom(renderToString(selector), async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, selector, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(container.querySelector('button')?.getAttribute('aria-expanded')).toBe('false');
      await act(async () => root?.unmount());
      consoleError.mockRestore();
      expect(errors).toEqual([]);
    });
  });
});
