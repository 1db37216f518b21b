// FileBreadcrumb on the server (no DOM globals), then hydrated without a mismatch.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FileBreadcrumb } from '../src/components/FileBreadcrumb';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const trail = <FileBreadcrumb projectName="forgekit" path="src/index.ts" hrefFor={(path) => `/tree/main/${path}`} />;

describe('FileBreadcrumb on the server', () => {
  it('renders every item as a link without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(trail);
    expect(html).toContain('aria-label="File path"');
    expect(html).toContain('href="/tree/main/src"');
    expect(html).toMatch(
      /aria-current="page"[^>]*href="\/tree\/main\/src\/index.ts"|href="\/tree\/main\/src\/index.ts"[^>]*aria-current="page"/,
    );
  });

  it('hydrates without a mismatch', async () => {
    await withDom(renderToString(trail), async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, trail, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(container.querySelectorAll('a')).toHaveLength(3);
      await act(async () => root?.unmount());
      consoleError.mockRestore();
      expect(errors).toEqual([]);
    });
  });
});
