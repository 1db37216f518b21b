// UserStatusForm on the server (no DOM globals), then hydrated in a DOM: the saved status, the
// clear-after list and the emoji element render on the server and hydration matches them.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../src/components/DataProvider';
import { UserStatusForm } from '../src/components/UserStatusForm';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

const element = (
  <DataProvider adapters={{ updateUserStatus: async () => {} }}>
    <UserStatusForm
      defaultValue={{ emoji: 'coffee', message: 'On a break', availability: 'busy', clearStatusAfter: '1_day' }}
    />
  </DataProvider>
);

describe('UserStatusForm server render', () => {
  it('renders the saved status without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(element);
    expect(html).toContain('data-component="UserStatusForm"');
    expect(html).toContain('value="On a break"');
    expect(html).toMatch(
      /<gl-emoji class="fk-user-status-form__emoji" data-name="coffee" aria-hidden="true"><\/gl-emoji>/,
    );
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""/);
    expect(html).toMatch(/<option value="never">Never<\/option>/);
    expect(html).toMatch(/<option value="1_day" selected="">1 day<\/option>/);
  });

  it('hydrates without a warning', async () => {
    const html = renderToString(element);
    await withDom(html, async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      const input = container.querySelector('input[type="text"]');
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
      });
      // React kept the server's elements.
      expect(container.querySelector('input[type="text"]')).toBe(input);
      expect((container.querySelector('select') as HTMLSelectElement).value).toBe('1_day');
      await act(async () => root?.unmount());
      expect(errors).toEqual([]);
    });
  });
});
