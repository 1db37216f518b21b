import { sanitizeHtml } from '../../utils/sanitize';
import { parser } from './parser';
import type { MarkdownContext, RenderState, ResolvedReference } from './types';
import { ENV_KEY } from './types';

/** The window to sanitise with: the context's, else the global one, else none (plain Node). */
function sanitizingWindow(context: MarkdownContext) {
  return context.window ?? (typeof window === 'undefined' ? undefined : window);
}

async function render(text: string, context: MarkdownContext, html: boolean): Promise<string> {
  const md = parser(html);
  const state: RenderState = {
    context,
    collectReferences: typeof context.resolveReferences === 'function',
    references: [],
    referenceIndex: new Map(),
    resolved: [],
    emojiCache: new Map(),
    rendered: new Map(),
  };
  const env = { [ENV_KEY]: state };
  const tokens = md.parse(String(text ?? ''), env);
  if (state.references.length > 0 && context.resolveReferences) {
    const requested = state.references.length;
    const results: unknown = await context.resolveReferences(state.references.map((reference) => ({ ...reference })));
    if (!Array.isArray(results) || results.length !== requested) {
      throw new Error(
        `resolveReferences must return one result (or null) per reference: asked for ${requested}, got ${
          Array.isArray(results) ? results.length : typeof results
        }`,
      );
    }
    state.resolved = results as (ResolvedReference | null)[];
  }
  return md.renderer.render(tokens, md.options, env);
}

/**
 * GitLab-flavoured Markdown to HTML, safe to put into the page.
 *
 * - With a window (the browser's, or `context.window`, e.g. jsdom on a server): raw HTML in the
 *   text is allowed and the whole output goes through `sanitizeHtml` (spec section 5).
 * - Without one (plain Node): raw HTML in the text is escaped and shown as text (markdown-it
 *   `html: false`); the output contains only markup the renderer writes itself, so it is safe
 *   unsanitised. Nothing else differs.
 *
 * References are resolved in one `context.resolveReferences` call per document (hence async).
 */
export async function renderMarkdown(text: string, context: MarkdownContext = {}): Promise<string> {
  const win = sanitizingWindow(context);
  if (!win) return render(text, context, false);
  return sanitizeHtml(await render(text, context, true), { window: win });
}

/**
 * The renderer's raw output, raw HTML from the text included: UNSAFE until passed through
 * `sanitizeHtml`. For callers that sanitise later themselves (the `<Markdown>` pipeline, benchmarks).
 */
export function renderMarkdownUnsanitized(text: string, context: MarkdownContext = {}): Promise<string> {
  return render(text, context, true);
}
