import { sanitizeHtml, sanitizerWindow } from '../../utils/sanitize';
import { render } from './render';
import type { MarkdownContext } from './types';

/**
 * GitLab-flavoured Markdown to HTML, safe to put into the page. The same HTML everywhere: raw HTML
 * in the text is allowed (except the tag filter's tags, shown as text) and the whole output goes
 * through `sanitizeHtml` (spec section 5), with the browser's window, `context.window`, or in plain
 * Node one shared jsdom window loaded on first use (`sanitizerWindow`; jsdom must be installed).
 *
 * References are resolved in one `context.resolveReferences` call per document (hence async).
 */
export async function renderMarkdown(text: string, context: MarkdownContext = {}): Promise<string> {
  const html = await render(text, context);
  return sanitizeHtml(html, { window: context.window ?? (await sanitizerWindow()) });
}

/**
 * The renderer's raw output, raw HTML from the text included: UNSAFE until passed through
 * `sanitizeHtml`. For callers that sanitise later themselves (the `<Markdown>` pipeline, benchmarks).
 */
export function renderMarkdownUnsanitized(text: string, context: MarkdownContext = {}): Promise<string> {
  return render(text, context);
}
