// BlobViewer on the server (no DOM globals): the code plain, nothing highlighted, no line selected.
// Hydrated in a DOM with a line hash: no mismatch, then the hash's lines are selected and the code
// is highlighted by the markdown layer's lazily loaded highlight.js.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { BlobViewer, type BlobViewerProps } from '../src/components/BlobViewer';
import { highlightCodeLines } from '../src/markdown';
import { REPOSITORY_NOW, SOURCE_BLAME, SOURCE_FILE } from '../stories/support/repository';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CODE: BlobViewerProps = {
  fileName: 'size.ts',
  path: 'src/utils/size.ts',
  size: 320,
  content: SOURCE_FILE,
  highlighter: highlightCodeLines,
  rawHref: '/raw',
};
const BLAME: BlobViewerProps = { ...CODE, mode: 'blame', blame: SOURCE_BLAME, now: REPOSITORY_NOW };

/** The first highlight loads highlight.js and a language: seconds on a busy machine. */
const HIGHLIGHT_TIMEOUT_MS = 10_000;
const POLL_MS = 10;

/** Waits for a condition, letting React apply updates between checks (each wait in its own act). */
async function until(condition: () => boolean) {
  const deadline = Date.now() + HIGHLIGHT_TIMEOUT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await act(() => new Promise((resolve) => setTimeout(resolve, POLL_MS)));
  }
}

describe('BlobViewer on the server', { timeout: HIGHLIGHT_TIMEOUT_MS * 2 }, () => {
  it('renders the code plain, with its line anchors, without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(<BlobViewer {...CODE} />);
    expect(html).toContain('<a id="L4" href="#L4" data-line-number="4">4</a>');
    expect(html).toContain('<code id="LC4">export function formatSize(bytes: number): string {</code>');
    expect(html).not.toContain('hljs');
    expect(html).not.toContain('data-selected');
  });

  it.each([
    ['code', CODE],
    ['blame', BLAME],
  ])('hydrates %s without a mismatch, then selects the hash lines and highlights', async (_mode, props) => {
    const html = renderToString(<BlobViewer {...props} />);
    await withDom(html, async (container) => {
      window.history.replaceState(null, '', '/#L3-5');
      // jsdom has no layout: the range's first line is scrolled into view, recorded here.
      const scrolls: unknown[] = [];
      window.scrollTo = ((options: unknown) => scrolls.push(options)) as typeof window.scrollTo;
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, <BlobViewer {...props} />, {
          onRecoverableError: (error) => errors.push(error),
        });
      });
      const code = container.querySelector('[data-component="BlobViewer.Code"]')!;
      await until(() => code.getAttribute('data-highlighted') === 'yes');
      expect(container.querySelector('#LC4 .hljs-keyword')?.textContent).toBe('export');
      const selected = [...container.querySelectorAll('tr[data-selected] [data-line-number]')].map(
        (link) => link.textContent,
      );
      expect(selected).toEqual(['3', '4', '5']);
      expect(scrolls).toHaveLength(1);
      await act(async () => root?.unmount());
      consoleError.mockRestore();
      expect(errors).toEqual([]);
    });
  });
});
