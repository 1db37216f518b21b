// NavSidebar on the server (no DOM globals): expanded, with the current link marked and its
// section open; the hydrating render matches (the breakpoint is only read after hydration).
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavSidebar } from '../src/components/NavSidebar';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

const element = (
  <NavSidebar
    context={{ id: 7, name: 'API', href: '/acme/api' }}
    currentHref="/acme/api/-/branches"
    items={[
      {
        key: 'code',
        label: 'Code',
        href: '/acme/api/-/tree/main',
        icon: 'code',
        items: [{ key: 'branches', label: 'Branches', href: '/acme/api/-/branches' }],
      },
    ]}
  />
);

describe('NavSidebar server render', () => {
  it('renders the navigation, the current link and its open section without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(element);
    expect(html).toContain('data-state="expanded"');
    expect(html).toContain('<nav aria-label="API navigation">');
    expect(html).toMatch(/href="\/acme\/api\/-\/branches"[^>]*aria-current="page"/);
    expect(html).toMatch(/aria-expanded="true"[^>]*>.*Code/);
  });

  it('hydrates without a warning', async () => {
    const html = renderToString(element);
    await withDom(html, async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
      const nav = container.querySelector('nav');
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(container.querySelector('nav')).toBe(nav);
      await act(async () => root?.unmount());
      expect(errors).toEqual([]);
    });
  });
});
