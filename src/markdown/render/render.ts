// The renderer itself, apart from the public entry points in renderMarkdown.ts: code that loads it
// with import() (the optimistic note body) imports this module, which no entry point re-exports.
import { fragmentsFor, type RenderedHtml } from './fragments';
import { parser } from './parser';
import { truncateMarkdown } from './truncate';
import type { MarkdownContext, RenderState, ResolvedReference } from './types';
import { ENV_KEY } from './types';

/**
 * GitLab-flavoured Markdown to unsanitised HTML. With `inParts`, references and emoji of a text
 * without raw HTML are written as placeholders for `sanitizeRendered` (render/fragments.ts).
 */
export async function renderHtml(text: string, context: MarkdownContext, inParts: boolean): Promise<RenderedHtml> {
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
  const source = truncateMarkdown(String(text ?? ''));
  const tokens = md.parse(source, env);
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
  const fragments = inParts ? fragmentsFor(source, tokens) : undefined;
  if (fragments) state.fragments = fragments;
  return { html: md.renderer.render(tokens, md.options, env), fragments };
}

/** GitLab-flavoured Markdown to unsanitised HTML (`renderMarkdownUnsanitized`'s implementation). */
export async function render(text: string, context: MarkdownContext = {}): Promise<string> {
  return (await renderHtml(text, context, false)).html;
}
