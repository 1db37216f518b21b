// Menu on the server (no DOM globals): only the trigger renders, with the menu button ARIA; the
// hydrating render matches it, and the menu then opens in the hydrated page.
import { waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../src/components/Button';
import { Menu } from '../src/components/Menu';
import { DOM_GLOBALS } from './support/domGlobals';
import { renderAndHydrate } from './support/hydration';

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
    await renderAndHydrate(
      element,
      async () => {
        // The open menu's code loads after hydration, then the menu shows.
        await waitFor(() => expect(document.querySelector('[role="menu"]')).not.toBeNull());
      },
      { preserves: 'button' },
    );
  });
});
