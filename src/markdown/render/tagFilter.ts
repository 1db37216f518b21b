// GFM's tag filter ("disallowed raw HTML"), as GitLab applies it: in raw HTML, the `<` of a few
// tags is escaped, so they show as text. Each of them would otherwise hide or swallow everything
// after it: their content is raw text to the HTML parser (`<xmp>`, `<script>`, ...), or the
// sanitiser drops them together with their content (`<noscript>`, `<template>`), or they replace
// the document body (`<frameset>`).
import type { MarkdownIt, StateCore } from 'markdown-it';

/**
 * Tags whose raw `<` (opening or closing) is escaped: GFM's nine, plus three that would hide the
 * rest of a note in the sanitiser or the browser.
 */
export const MARKDOWN_ESCAPED_TAGS = [
  'title',
  'textarea',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'script',
  'plaintext',
  'noscript',
  'template',
  'frameset',
] as const;

// As cmark-gfm: `<`, an optional `/`, the name in any case, then white space, `>` or `/>`.
const ESCAPED_TAG = new RegExp(`<(?=/?(?:${MARKDOWN_ESCAPED_TAGS.join('|')})[\\s/>])`, 'gi');

function filter(html: string): string {
  return html.includes('<') ? html.replace(ESCAPED_TAG, '&lt;') : html;
}

function tagFilter(core: StateCore) {
  for (const token of core.tokens) {
    if (token.type === 'html_block') token.content = filter(token.content);
    else if (token.type === 'inline' && token.children) {
      for (const child of token.children) if (child.type === 'html_inline') child.content = filter(child.content);
    }
  }
}

/** markdown-it plugin: the GFM tag filter over raw HTML blocks and inline raw HTML. */
export function tagFilterPlugin(md: MarkdownIt) {
  md.core.ruler.push('tag_filter', tagFilter);
}
