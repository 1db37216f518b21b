// The message HTML can only be sanitised with a DOM: the server renders its text, hydration
// matches that, and the sanitised markup replaces it right after.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSanitizer } from '../src/components/Alert/SanitizedHtml';
import { BroadcastMessage } from '../src/components/BroadcastMessage';
import { withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

const element = (
  <BroadcastMessage
    id={5}
    cookieKey="hide_broadcast_message_5"
    isDismissible
    messageHtml={'Maintenance &amp; upgrades. <a href="/status" onclick="steal()">Status</a><script>steal()</script>'}
  />
);

describe('BroadcastMessage server render', () => {
  it('renders the plain text on the server: no markup from the message at all', () => {
    const html = renderToString(element);
    expect(html).toContain('Maintenance &amp; upgrades. Status');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('steal');
  });

  it('hydrates without a mismatch, then shows the sanitised link', async () => {
    const html = renderToString(element);
    await withDom(html, async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
      });
      // Hydration matched the server's text; the sanitiser loads on first use, then the markup shows.
      await act(async () => {
        await loadSanitizer();
      });
      const link = container.querySelector('a');
      expect(link?.getAttribute('href')).toBe('/status');
      expect(link?.hasAttribute('onclick')).toBe(false);
      expect(container.querySelector('script')).toBeNull();
      await act(async () => root?.unmount());
      expect(errors).toEqual([]);
    });
  });

  it('a dismissed message (cookie set) goes right after hydration', async () => {
    const html = renderToString(element);
    await withDom(html, async (container) => {
      document.cookie = 'hide_broadcast_message_5=true; path=/';
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(container.querySelector('[data-component="BroadcastMessage"]')).toBeNull();
      await act(async () => root?.unmount());
      expect(errors).toEqual([]);
    });
  });
});
