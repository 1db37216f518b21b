import type * as Sanitizer from '../../utils/sanitize';
import { SanitizedFragments, sanitizeRendered } from './fragments';
import type * as Renderer from './render';
import type { MarkdownContext } from './types';

let renderer: Promise<typeof Renderer> | undefined;
let sanitizer: Promise<typeof Sanitizer> | undefined;
/** Reference and emoji HTML sanitised by earlier renders, per window (the sanitiser's DOM). */
const keptFragments = new WeakMap<object, SanitizedFragments>();

function fragmentsKeptFor(window: object): SanitizedFragments {
  let kept = keptFragments.get(window);
  if (!kept) {
    kept = new SanitizedFragments();
    keptFragments.set(window, kept);
  }
  return kept;
}

/**
 * The renderer (markdown-it and the GitLab plugins), loaded on the first render: a page that takes
 * something else from forgekit/markdown (the user popovers) shares the entry's chunk with pages
 * that render, and must not download the parser with it. Loaded once; a failed load is tried again.
 */
function loadRenderer(): Promise<typeof Renderer> {
  renderer ??= import('./render').catch((error: unknown) => {
    renderer = undefined;
    throw error;
  });
  return renderer;
}

/**
 * The sanitiser (DOMPurify), loaded on the first render while the text is parsed: it is not part of
 * the renderer's initial load. Loaded once; a failed load is tried again on the next render.
 */
function loadSanitizer(): Promise<typeof Sanitizer> {
  sanitizer ??= import('../../utils/sanitize').catch((error: unknown) => {
    sanitizer = undefined;
    throw error;
  });
  return sanitizer;
}

/**
 * GitLab-flavoured Markdown to HTML, safe to put into the page. The same HTML everywhere: raw HTML
 * in the text is allowed (except the tag filter's tags, shown as text) and the whole output goes
 * through `sanitizeHtml` (spec section 5), with the browser's window, `context.window`, or in plain
 * Node one shared jsdom window loaded on first use (`sanitizerWindow`; jsdom must be installed).
 *
 * References are resolved in one `context.resolveReferences` call per document (hence async).
 * Text over `MARKDOWN_MAX_INPUT_BYTES` (GitLab's 1 MiB) is rendered truncated, after GitLab's
 * notice that it was.
 */
export async function renderMarkdown(text: string, context: MarkdownContext = {}): Promise<string> {
  const sanitizer = loadSanitizer();
  // Should the render throw first, a failed load is not reported as well.
  sanitizer.catch(() => undefined);
  const { renderHtml } = await loadRenderer();
  const rendered = await renderHtml(text, context, true);
  const { sanitizeHtml, sanitizerWindow } = await sanitizer;
  const window = context.window ?? (await sanitizerWindow());
  return sanitizeRendered(rendered, (html) => sanitizeHtml(html, { window }), fragmentsKeptFor(window));
}

/**
 * The renderer's raw output, raw HTML from the text included: UNSAFE until passed through
 * `sanitizeHtml`. For callers that sanitise later themselves (the `<Markdown>` pipeline, benchmarks).
 */
export async function renderMarkdownUnsanitized(text: string, context: MarkdownContext = {}): Promise<string> {
  const { render } = await loadRenderer();
  return render(text, context);
}
