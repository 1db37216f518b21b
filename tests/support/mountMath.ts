// Rendered Markdown enhanced by the math enhancer alone, for the math tests in Chromium
// (markdownMath.browser.test.tsx, markdownMath.lazy.browser.test.tsx).
import { mathEnhancer, renderGfm, renderMarkdown, type GfmHandle } from '../../src/markdown';
import type { MathOptions } from '../../src/markdown/pipeline/enhancers/math';

const handles: GfmHandle[] = [];

/** Rendered Markdown in a 600 px column, enhanced by the math enhancer only. */
export async function mountMath(markdown: string, math?: MathOptions) {
  const container = document.createElement('div');
  container.className = 'fk-markdown';
  container.dataset.testContainer = '';
  container.style.width = '600px';
  container.innerHTML = await renderMarkdown(markdown);
  document.body.append(container);
  const handle = renderGfm(container, { enhancers: [mathEnhancer], math });
  handles.push(handle);
  return { container, handle };
}

/** Disposes what `mountMath` enhanced and removes its columns (after each test). */
export function disposeMounted(): void {
  for (const handle of handles.splice(0)) handle.dispose();
  document.body.querySelectorAll('[data-test-container]').forEach((node) => node.remove());
}
