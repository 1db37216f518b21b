// KaTeX and its stylesheet load only when math is rendered, in real Chromium. A file of its own (a
// `.lazy.` file runs in a fresh frame, vitest.config.ts): the test starts before anything has
// loaded KaTeX.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { disposeMounted, mountMath } from './support/mountMath';

// Imports drive the enhancer here, as on a page; act() cannot wrap them.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(disposeMounted);

/** True once a stylesheet in the document has KaTeX's rules. */
const hasKatexStyles = () =>
  [...document.styleSheets].some((sheet) => {
    try {
      return [...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && rule.selectorText === '.katex');
    } catch {
      return false;
    }
  });

describe('math in Chromium, before KaTeX is loaded', () => {
  it('loads KaTeX and its stylesheet only when math is rendered', async () => {
    // The katex package's modules and stylesheet (`.../katex/...`, `deps/katex.js`), not our mathKatex.ts.
    const katexRequests = () =>
      performance.getEntriesByType('resource').filter((entry) => /\/katex[./]/i.test(new URL(entry.name).pathname))
        .length;
    expect(hasKatexStyles()).toBe(false);
    const { container, handle } = await mountMath('No math here.');
    await handle.done;
    expect(hasKatexStyles()).toBe(false);
    expect(katexRequests()).toBe(0);
    container.remove();

    const math = await mountMath('Inline $x^2$ math.');
    await math.handle.done;
    // KaTeX ran (its stylesheet and its output below); the request for its module may come from
    // an optimised dependency chunk whose name does not say katex, so it is not counted here.
    expect(hasKatexStyles()).toBe(true);
    // The MathML copy is there for assistive technology and copying, visually hidden by KaTeX's CSS.
    const mathml = math.container.querySelector<HTMLElement>('.katex-mathml')!;
    expect(getComputedStyle(mathml).position).toBe('absolute');
    expect(mathml.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    expect(math.container.querySelector('.katex-html')!.getBoundingClientRect().width).toBeGreaterThan(0);
  });
});
