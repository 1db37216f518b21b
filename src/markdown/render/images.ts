import type { MarkdownIt } from 'markdown-it';

/**
 * Markdown images load lazily and decode off the main thread: the attributes are in the HTML, so
 * the browser defers the request from the moment the markup is inserted (an enhancer running
 * afterwards would be too late: the request has started).
 */
export function imagesPlugin(md: MarkdownIt) {
  const render = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    token.attrSet('loading', 'lazy');
    token.attrSet('decoding', 'async');
    return render(tokens, idx, options, env, self);
  };
}
