// Real Chromium: highlight.js is fetched only when a page has a code block with a known language.
// A file of its own (a `.lazy.` file runs in a fresh frame, tests/setup/browser.ts): the test
// starts before anything has imported highlight.js.
import { render, screen, waitFor } from '@testing-library/react';
import { Markdown, renderMarkdown } from '../src/markdown';
import { COPY_CODE_TITLE } from '../src/markdown/pipeline/enhancers/copyCode';
import { highlightLoader } from '../src/markdown/pipeline/enhancers/highlight';

// Real intersections drive the enhancers here, as on a page; act() cannot wrap them.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  // The dev server serves hundreds of modules: make room so the requests below are recorded.
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(100_000);
});

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\`\n`;

/** Scripts fetched so far from highlight.js (its core or a language). */
const highlighterRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /highlight[._]+js/.test(name)); // highlight.js/… or the dev server's highlight__js_…

/** Some frames, for an observer that must stay quiet. */
async function frames(count: number) {
  for (let i = 0; i < count; i++) await new Promise(requestAnimationFrame);
}

describe('code blocks in Chromium, before highlight.js is loaded', () => {
  it('fetches no part of highlight.js for a page without code blocks, then fetches it for one', async () => {
    // The loader is watched too: a request still in flight would not be in the resource timings yet.
    const core = vi.spyOn(highlightLoader, 'core');
    const html = await renderMarkdown('# Notes\n\nText with `inline code`.\n\n' + fence('', 'no language'));
    const { unmount } = render(<Markdown html={html} />);
    await screen.findByRole('button', { name: COPY_CODE_TITLE });
    await frames(5);
    expect(core).not.toHaveBeenCalled();
    expect(highlighterRequests()).toEqual([]);
    unmount();

    render(<Markdown html={await renderMarkdown(fence('ruby', 'puts "hi"'))} />);
    await waitFor(() => expect(document.querySelector('code[data-highlighted="yes"]')).not.toBeNull());
    expect(core).toHaveBeenCalledTimes(1);
    expect(highlighterRequests().some((name) => /core/.test(name))).toBe(true);
    expect(highlighterRequests().some((name) => /ruby/.test(name))).toBe(true);
    expect(highlighterRequests().some((name) => /python/.test(name))).toBe(false);
  });
});
