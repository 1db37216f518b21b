// Sanitising in parts. DOMPurify over jsdom costs several times the render, and most of a thread's
// HTML is its reference links and emoji (thousands of links with their attributes, but only the
// distinct ones differ). When the text holds no raw HTML, every element of the output is the
// renderer's own; each reference or emoji is then written as a placeholder (text, in the phrasing
// content where the link goes), the document is sanitised without them, the HTML of each
// distinct reference or emoji is sanitised once in one batch, and the placeholders are replaced.
// Same profile, same output as sanitising the whole; anything unexpected (a marker character in
// the text or the resolver's data, a placeholder lost) falls back to sanitising the whole.
import type { Token } from 'markdown-it';
import type { Fragments } from './types';

// Private-use characters: no meaning in HTML, kept as they are by the parser and the serialiser.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SEPARATOR = '\uE002';
const MARKERS = /[\uE000-\uE002]/;
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/** HTML with placeholders and the fragments they stand for (none: sanitise `html` as it is). */
export interface RenderedHtml {
  html: string;
  fragments?: Fragments;
}

/** Whether the tokens hold raw HTML from the text (blocks, inline tags, also in image text). */
function hasRawHtml(tokens: Token[]): boolean {
  return tokens.some(
    (token) =>
      token.type === 'html_block' || token.type === 'html_inline' || (!!token.children && hasRawHtml(token.children)),
  );
}

/** Fragments for a document of `source` parsed into `tokens`, or undefined when it must be sanitised whole. */
export function fragmentsFor(source: string, tokens: Token[]): Fragments | undefined {
  if (MARKERS.test(source) || hasRawHtml(tokens)) return undefined;
  return { html: [], index: new Map(), placeholders: 0 };
}

/** The placeholder for the rendered `key` (its HTML kept once). */
export function placeholder(fragments: Fragments, key: number | string, html: string): string {
  let at = fragments.index.get(key);
  if (at === undefined) {
    at = fragments.html.push(html) - 1;
    fragments.index.set(key, at);
  }
  fragments.placeholders++;
  return `${OPEN}${at}${CLOSE}`;
}

function countPlaceholders(html: string): number {
  let count = 0;
  for (let at = html.indexOf(OPEN); at >= 0; at = html.indexOf(OPEN, at + 1)) count++;
  return count;
}

const fill = (html: string, fragments: readonly string[]) =>
  html.replace(PLACEHOLDER, (_match, at: string) => fragments[Number(at)] ?? '');

/** `rendered` through `sanitize`: in parts when it has fragments, else whole. */
export function sanitizeRendered({ html, fragments }: RenderedHtml, sanitize: (html: string) => string): string {
  if (!fragments || fragments.placeholders === 0) return sanitize(html);
  const whole = () => sanitize(fill(html, fragments.html));
  if (fragments.html.some((part) => MARKERS.test(part)) || countPlaceholders(html) !== fragments.placeholders) {
    return whole();
  }
  const batch = fragments.html.join(SEPARATOR);
  const clean = sanitize(html);
  const cleanFragments = sanitize(batch).split(SEPARATOR);
  if (cleanFragments.length !== fragments.html.length || countPlaceholders(clean) !== fragments.placeholders) {
    return whole();
  }
  return fill(clean, cleanFragments);
}
