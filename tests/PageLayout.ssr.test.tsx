// PageLayout on the server (no DOM globals) with its top bar and navigation: the skip link and
// main content are in the HTML, and hydration matches.
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavSidebar } from '../src/components/NavSidebar';
import { PageLayout } from '../src/components/PageLayout';
import { TopBar } from '../src/components/TopBar';
import { DOM_GLOBALS } from './support/domGlobals';
import { renderAndHydrate } from './support/hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

const element = (
  <PageLayout
    topBar={<TopBar searchUrl="/search" />}
    navSidebar={<NavSidebar context={{ id: 7, name: 'API', href: '/acme/api' }} items={[]} />}
  >
    <h1>Issues</h1>
  </PageLayout>
);

describe('PageLayout server render', () => {
  it('renders the skip link and the main content without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(element);
    expect(html).toMatch(/^<div class="fk-page-layout" data-component="PageLayout"><a href="#content-body"/);
    // The overlay container (empty) ends <main>: open menus, popovers and tooltips go there.
    expect(html).toContain(
      '<main id="content-body" class="fk-page-layout__main" tabindex="-1"><h1>Issues</h1>' +
        '<div data-fk-overlays="" data-component="PageLayout.Overlays"></div></main>',
    );
  });

  it('hydrates without a warning', async () => {
    await renderAndHydrate(element, undefined, { preserves: 'main' });
  });
});
