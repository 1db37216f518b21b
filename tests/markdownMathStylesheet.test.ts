// The math enhancer when the bundler cannot load KaTeX's stylesheet from a dynamic import: the
// failure is reported through the pipeline and math still renders (the page can include
// katex/dist/katex.min.css itself).
import { afterEach, expect, it, vi } from 'vitest';
import { mathEnhancer, renderGfm, renderMarkdown } from '../src/markdown';

vi.mock('katex/dist/katex.min.css', () => {
  throw new Error('No loader for .css files');
});

afterEach(() => document.body.replaceChildren());

it('reports a stylesheet that fails to load and renders anyway', async () => {
  const container = document.createElement('div');
  container.innerHTML = await renderMarkdown('$x^2$');
  document.body.append(container);
  const onError = vi.fn();
  const handle = renderGfm(container, { enhancers: [mathEnhancer], onError });
  await handle.done;
  expect(onError).toHaveBeenCalledTimes(1);
  const [error, enhancer] = onError.mock.calls[0]!;
  expect(enhancer).toBe('mathEnhancer');
  // vitest wraps a failing mock factory's error; ours is its cause.
  expect(String((error as Error).cause ?? error)).toContain('No loader for .css files');
  expect(container.querySelector('[data-component="Math"][data-state="rendered"] .katex')).not.toBeNull();
  handle.dispose();
});
