// The renderer itself, apart from the public entry points in renderMarkdown.ts: code that loads it
// with import() (the optimistic note body) imports this module, which no entry point re-exports.
import { parser } from './parser';
import type { MarkdownContext, RenderState, ResolvedReference } from './types';
import { ENV_KEY } from './types';

/** GitLab-flavoured Markdown to unsanitised HTML (`renderMarkdownUnsanitized`'s implementation). */
export async function render(text: string, context: MarkdownContext = {}): Promise<string> {
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
