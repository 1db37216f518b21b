// TopBar on the server (no DOM globals), then hydrated: the search form, the logo link and the
// sign-in link are in the server HTML, hydration keeps them, and the unload animation then works.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOP_BAR_LOGO_ANIMATING_CLASS, TopBar } from '../src/components/TopBar';
import { DOM_GLOBALS } from './support/domGlobals';
import { renderAndHydrate } from './support/hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

const element = <TopBar searchUrl="/search" searchParams={{ group_id: '3' }} links={<a href="/explore">Explore</a>} />;

describe('TopBar server render', () => {
  it('renders a working search form and links without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(element);
    expect(html).toMatch(/<header class="fk-top-bar" data-component="TopBar">/);
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/search" method="get"/);
    expect(html).toMatch(/<label for="([^"]+)">Search<\/label>.*<input id="\1"[^>]*name="search"/);
    expect(html).toContain('<input type="hidden" name="group_id" value="3"/>');
    expect(html).toContain('href="/users/sign_in"');
    expect(html).not.toContain(TOP_BAR_LOGO_ANIMATING_CLASS);
  });

  it('hydrates without a warning', async () => {
    await renderAndHydrate(
      element,
      async (container) => {
        await act(async () => {
          window.dispatchEvent(new window.Event('beforeunload'));
        });
        expect(container.querySelector('[data-component="TopBar.Logo"]')?.className).toContain(
          TOP_BAR_LOGO_ANIMATING_CLASS,
        );
      },
      { preserves: 'input[type="search"]' },
    );
  });
});
