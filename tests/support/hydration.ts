import { act, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, vi } from 'vitest';
import { DOM_GLOBALS, withDom } from './domGlobals';

/**
 * Renders `element` on the server with no DOM globals, then hydrates that HTML in a jsdom window
 * and expects no error, warning or recoverable error (a hydration mismatch is one). Returns the
 * server HTML; `check` sees the hydrated container. `preserves`: a selector whose server-rendered
 * element must still be the same node after hydration (adopted, not re-created).
 */
export async function renderAndHydrate(
  element: ReactElement,
  check?: (container: HTMLElement) => void | Promise<void>,
  { preserves }: { preserves?: string } = {},
): Promise<string> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
  const html = renderToString(element);
  await withDom(html, async (container) => {
    const { hydrateRoot } = await import('react-dom/client');
    const problems: unknown[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => problems.push(args));
    const preserved = preserves ? container.querySelector(preserves) : null;
    if (preserves) expect(preserved, `server HTML has ${preserves}`).not.toBeNull();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (problem) => problems.push(problem) });
      });
      if (preserves) expect(container.querySelector(preserves)).toBe(preserved);
      await check?.(container);
      expect(problems).toEqual([]);
    } finally {
      error.mockRestore();
      warn.mockRestore();
      await act(async () => root?.unmount());
    }
  });
  return html;
}
