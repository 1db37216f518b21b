import { sanitizeHtml, sanitizerWindow } from '../../utils/sanitize';
import { parser } from './parser';
import type { MarkdownContext, RenderState, ResolvedReference } from './types';
import { ENV_KEY } from './types';

async function render(text: string, context: MarkdownContext): Promise<string> {
  const md = parser();
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
