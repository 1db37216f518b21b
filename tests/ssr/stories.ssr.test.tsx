// Every story renders on the server with no DOM globals, then hydrates in a DOM without a
// mismatch: no recoverable hydration error, no console error or warning from React.
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { DOM_GLOBALS, withDom } from '../support/domGlobals';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true });

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.restoreAllMocks());

for (const [file, module] of Object.entries(modules)) {
  describe(file.replace('../../stories/', ''), () => {
    for (const [name, Story] of Object.entries(composeStories(module))) {
      it(`${name} renders on the server and hydrates cleanly`, async () => {
        for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
        // Loaders (e.g. renderMarkdown producing a story's HTML) run first, on the server too.
        await (Story as { load: () => Promise<void> }).load();
        const element = createElement(Story as ComponentType);
        const html = renderToString(element);
        expect(html).toContain('data-fk-story');

        await withDom(html, async (container) => {
          const { hydrateRoot } = await import('react-dom/client');
          const errors: unknown[] = [];
          const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
          const consoleWarn = vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
          let root: ReturnType<typeof hydrateRoot> | undefined;
          await act(async () => {
            root = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
          });
          await act(async () => root?.unmount());
          consoleError.mockRestore();
          consoleWarn.mockRestore();
          expect(errors).toEqual([]);
        });
      });
    }
  });
}
