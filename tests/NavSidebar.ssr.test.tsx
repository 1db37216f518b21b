// NavSidebar on the server (no DOM globals): expanded, with the current link marked and its
// section open; the hydrating render matches (the breakpoint is only read after hydration).
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavSidebar } from '../src/components/NavSidebar';
import { DOM_GLOBALS } from './support/domGlobals';
import { renderAndHydrate } from './support/hydration';

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
    await renderAndHydrate(element, undefined, { preserves: 'nav' });
  });
});
