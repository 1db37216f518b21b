// Diagrams in real sandboxed frames, through <Markdown>: the sandbox page
// (stories/markdown/sandbox/mermaid.html, the dev server's copy of {root}/-/sandbox/mermaid) renders
// with Mermaid and reports its height; the frame becomes that height plus 10 px; hostile sources
// stay inside the frame. Needs the dev server to answer the frame's opaque origin ("null") with
// Access-Control-Allow-Origin: the frame's module requests are cross-origin.
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown, type RenderGfmOptions } from '../src/markdown';
import { MERMAID_IFRAME_HEIGHT_PADDING, MERMAID_SANDBOX_ATTRIBUTES } from '../src/markdown/pipeline/enhancers/mermaid';

declare global {
  interface Window {
    __fkXss?: unknown;
  }
}

const SANDBOX_URL = '/stories/markdown/sandbox/mermaid.html';
const cleanups: (() => void)[] = [];

afterEach(async () => {
  await act(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    await Promise.resolve();
  });
  delete window.__fkXss;
});

/** `<Markdown>` with diagrams served by the stories' sandbox page; records each frame's own reports. */
async function mount(markdown: string, mermaid: RenderGfmOptions['mermaid'] = {}) {
  const html = await renderMarkdown(markdown);
  const reports = new Map<MessageEventSource, { h: number; w: number }[]>();
  const onMessage = (event: MessageEvent) => {
    if (!event.source || event.origin !== 'null') return;
    reports.set(event.source, [...(reports.get(event.source) ?? []), event.data]);
  };
  window.addEventListener('message', onMessage);
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(<Markdown html={html} options={{ mermaid: { sandboxUrl: SANDBOX_URL, ...mermaid } }} />);
  });
  cleanups.push(() => {
    view.unmount();
    window.removeEventListener('message', onMessage);
  });
  const frames = () => Array.from(view.container.querySelectorAll('iframe'));
  /** Waits until every diagram has reported its height. */
  const rendered = () =>
    expect
      .poll(() => Array.from(view.container.querySelectorAll('.fk-mermaid'), (el) => el.getAttribute('data-state')), {
        timeout: 10_000,
      })
      .toEqual(frames().map(() => 'rendered'));
  return {
    container: view.container,
    frames,
    rendered,
    reportsOf: (frame: HTMLIFrameElement) => reports.get(frame.contentWindow!) ?? [],
  };
}

describe('a real sandboxed frame', () => {
  it('renders the diagram and is sized to the reported height plus 10 px', async () => {
    const { frames, rendered, reportsOf } = await mount(
      '```mermaid\ngraph TD;\n  A[Start] --> B{Ready?};\n  B -- yes --> C[Ship];\n  B -- no --> A;\n```\n\n' +
        '```mermaid\nsequenceDiagram\n  Alice->>Bob: Hello Bob\n  Bob-->>Alice: Hi Alice\n```\n',
    );
    await rendered();
    for (const frame of frames()) {
      expect(frame.getAttribute('sandbox')).toBe(MERMAID_SANDBOX_ATTRIBUTES);
      expect(frame.contentDocument).toBeNull();
      const { h } = reportsOf(frame).at(-1)!;
      // A diagram, not the error box.
      expect(h).toBeGreaterThan(100);
      expect(frame.style.height).toBe(`${h + MERMAID_IFRAME_HEIGHT_PADDING}px`);
      expect(frame.getBoundingClientRect().height).toBeCloseTo(h + MERMAID_IFRAME_HEIGHT_PADDING, 0);
    }
    // Each frame sized from its own report.
    const [flow, sequence] = frames();
    expect(reportsOf(flow!).at(-1)!.h).not.toBe(reportsOf(sequence!).at(-1)!.h);
  });

  it('passes the dark-mode flag and the relative root to the page', async () => {
    const { frames, rendered } = await mount('```mermaid\ngraph TD;A-->B\n```\n', {
      darkMode: true,
      relativeRootPath: '/gitlab',
    });
    await rendered();
    const url = new URL(frames()[0]!.src);
    expect(url.pathname).toBe(SANDBOX_URL);
    expect(url.searchParams.get('darkMode')).toBe('true');
    expect(url.searchParams.get('relativeRootPath')).toBe('/gitlab');
  });

  it('keeps hostile sources inside the frame', async () => {
    const { frames, rendered, reportsOf } = await mount(
      [
        'graph TD;\n  A["<img src=x onerror=parent.__fkXss=1>"] --> B',
        '%%{init: {"securityLevel":"loose"}}%%\ngraph TD;\n  A["<img src=x onerror=top.__fkXss=2>"] --> B\n' +
          '  click B href "javascript:parent.__fkXss=3"',
        'graph TD;\n  A["<img src=x onerror=parent.postMessage({h:9999},`*`)>"] --> B',
      ]
        .map((source) => '```mermaid\n' + source + '\n```\n')
        .join('\n'),
    );
    await rendered();
    // A script that survived would run when its image fails to load, just after the render: one
    // more render round trip in each frame leaves time for that before looking.
    for (const frame of frames()) {
      const source = (frame.closest('.fk-mermaid')!.previousElementSibling as HTMLElement).textContent!;
      const before = reportsOf(frame).length;
      frame.contentWindow!.postMessage(source, '*');
      await expect.poll(() => reportsOf(frame).length, { timeout: 10_000 }).toBeGreaterThan(before);
    }
    for (const frame of frames()) {
      expect(reportsOf(frame).every((report) => report.h < 9999)).toBe(true);
      expect(frame.style.height).not.toBe(`${9999 + MERMAID_IFRAME_HEIGHT_PADDING}px`);
    }
    expect(window.__fkXss).toBeUndefined();
  });
});
