// Tooltip on the server (no DOM globals), then hydrated without a mismatch or a warning; after
// hydration the trigger's own handlers work: keyboard focus shows the tooltip (its positioning code
// arrives with import()) and describes the trigger.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Tooltip } from '../src/components/Tooltip';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** How long (ms) a shown tooltip may take to be positioned on a loaded machine (its code is loaded on demand). */
const POSITIONED_TIMEOUT = 5000;

const page = (
  <div>
    <Tooltip content="Merge request !42">
      <button type="button">!42</button>
    </Tooltip>
    <Tooltip content="Pipeline passed" defaultOpen>
      <button type="button">Pipeline</button>
    </Tooltip>
    <Tooltip>
      <button type="button" title="Star this project">
        Star
      </button>
    </Tooltip>
  </div>
);

describe('Tooltip on the server', () => {
  it('renders the triggers only, without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(page);
    expect(html).toContain('>!42</button>');
    expect(html).toContain('>Pipeline</button>');
    // The bubble is portalled in the browser only, even when open from the start.
    expect(html).not.toContain('role="tooltip"');
  });

  it('hydrates without a mismatch, then shows on keyboard focus and describes its trigger', async () => {
    await withDom(renderToString(page), async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      const consoleWarn = vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
      });
      const open = document.querySelector('[role="tooltip"]');
      expect(open?.textContent).toBe('Pipeline passed');

      const trigger = container.querySelector('button') as HTMLButtonElement;
      // Inside act: the positioning code arrives with import() and renders the position.
      await act(async () => {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
        trigger.focus();
        await vi.waitFor(
          () => {
            const shown = [...document.querySelectorAll<HTMLElement>('[role="tooltip"]')].find(
              (tooltip) => tooltip.textContent === 'Merge request !42',
            );
            expect(shown?.id).toBeTruthy();
            expect(trigger.getAttribute('aria-describedby')).toBe(shown?.id);
            expect(shown?.style.visibility).not.toBe('hidden'); // positioned
          },
          { timeout: POSITIONED_TIMEOUT },
        );
      });
      // The title moved aside once the page ran (the browser's own title tooltip would double it).
      expect(container.querySelectorAll('button')[2]?.hasAttribute('title')).toBe(false);
      await act(async () => root?.unmount());
      expect(document.querySelector('[role="tooltip"]')).toBeNull();
      consoleError.mockRestore();
      consoleWarn.mockRestore();
      expect(errors).toEqual([]);
    });
  });
});
