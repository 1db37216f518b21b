// Sanitising in parts. DOMPurify over jsdom costs several times the render, and most of a thread's
// HTML is its reference links and emoji (thousands of links with their attributes, but only the
// distinct ones differ). When the text holds no raw HTML, every element of the output is the
// renderer's own; each reference or emoji is then written as a placeholder (text, in the phrasing
// content where the link goes), the document is sanitised without them, the HTML of each
// distinct reference or emoji is sanitised once in one batch, and the placeholders are replaced.
// Same profile, same output as sanitising the whole; anything unexpected (a marker character in
// the text or the resolver's data, a placeholder lost) falls back to sanitising the whole.
// A distinct reference costs the sanitiser as much as a paragraph (two elements, ten attributes),
// and a 64 kB thread repeats each only 2-3 times: the sanitised fragments are therefore kept
// between renders (per window, least recently used dropped), since notes rendered by one server
// mention the same people, labels and issues again.
// Text and code are what the renderer escaped itself (`escapeHtml` of the source's characters):
// the sanitiser can only parse such HTML back into one text node and serialise it again, which
// escapes `&`, `<`, `>` and U+00A0 and nothing else (DOMPurify never changes text, and its markup
// probes read `innerHTML`, where `<` is escaped). They are therefore written as text placeholders
// and their serialisation computed here instead of parsed by the sanitiser (most of a thread's
// characters); text with characters the parser changes (NUL, CR, lone surrogates) goes through
// the sanitiser with the document. docs/decisions/018-sanitising-text-in-parts.md.
import type { Token } from 'markdown-it';
import type { Fragments } from './types';

// Private-use characters: no meaning in HTML, kept as they are by the parser and the serialiser.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SEPARATOR = '\uE002';
const TEXT_OPEN = '\uE003';
const MARKERS = /[\uE000-\uE003]/;
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
const TEXT_PLACEHOLDER = /\uE003(\d+)\uE001/g;
/** Characters the HTML parser drops or changes in text: NUL, CR, a lone surrogate (`u`: pairs are one character). */
const CHANGED_BY_PARSER = /[\0\r\uD800-\uDFFF]/u;
/** What the HTML serialiser escapes in text (HTML spec, "escaping a string", not in attribute mode). */
const SERIALIZER_ESCAPES = /[&<>\u00A0]/g;
const SERIALIZED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00A0': '&nbsp;' };

/** Most sanitised fragments kept between renders per window (a fragment is about 200 bytes). */
export const MARKDOWN_SANITIZED_FRAGMENTS_KEPT = 4096;

/**
 * Sanitised HTML of reference and emoji fragments by their unsanitised HTML, the least recently
 * used dropped beyond `capacity`. Valid for one sanitiser (window and profile) only.
 */
export class SanitizedFragments {
  private readonly entries = new Map<string, string>();

  constructor(readonly capacity = MARKDOWN_SANITIZED_FRAGMENTS_KEPT) {}

  get size(): number {
    return this.entries.size;
  }

  get(html: string): string | undefined {
    const clean = this.entries.get(html);
    if (clean !== undefined) {
      // Map order is insertion order: moved to the end, it is the most recently used.
      this.entries.delete(html);
      this.entries.set(html, clean);
    }
    return clean;
  }

  set(html: string, clean: string): void {
    this.entries.delete(html);
    this.entries.set(html, clean);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

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
  return { html: [], index: new Map(), placeholders: 0, text: [], textHtml: [] };
}

/**
 * The placeholder for `text`, written by the renderer as `html` (its escaped form) where a text
 * node goes, or `html` itself when the HTML parser would change the text (it then goes through
 * the sanitiser with the document).
 */
export function textPlaceholder(fragments: Fragments, text: string, html: string): string {
  if (text === '' || CHANGED_BY_PARSER.test(text)) return html;
  const at = fragments.text.push(text.replace(SERIALIZER_ESCAPES, (c) => SERIALIZED[c]!)) - 1;
  fragments.textHtml.push(html);
  return `${TEXT_OPEN}${at}${CLOSE}`;
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

function countPlaceholders(html: string, open = OPEN): number {
  let count = 0;
  for (let at = html.indexOf(open); at >= 0; at = html.indexOf(open, at + 1)) count++;
  return count;
}

const fill = (html: string, fragments: readonly string[], text: readonly string[]) =>
  html
    .replace(PLACEHOLDER, (_match, at: string) => fragments[Number(at)] ?? '')
    .replace(TEXT_PLACEHOLDER, (_match, at: string) => text[Number(at)] ?? '');

/**
 * `rendered` through `sanitize`: in parts when it has fragments, else whole. Fragments found in
 * `kept` (sanitised by the same `sanitize` before) are not sanitised again; the others are added.
 */
export function sanitizeRendered(
  { html, fragments }: RenderedHtml,
  sanitize: (html: string) => string,
  kept?: SanitizedFragments,
): string {
  if (!fragments || fragments.placeholders + fragments.text.length === 0) return sanitize(html);
  const whole = () => sanitize(fill(html, fragments.html, fragments.textHtml));
  const intact = (output: string) =>
    countPlaceholders(output) === fragments.placeholders &&
    countPlaceholders(output, TEXT_OPEN) === fragments.text.length;
  if (fragments.html.some((part) => MARKERS.test(part)) || !intact(html)) return whole();
  const clean = sanitize(html);
  if (!intact(clean)) return whole();
  const cleanFragments = fragments.html.map((part) => kept?.get(part));
  const missing = fragments.html.filter((_part, at) => cleanFragments[at] === undefined);
  if (missing.length > 0) {
    const batch = sanitize(missing.join(SEPARATOR)).split(SEPARATOR);
    if (batch.length !== missing.length) return whole();
    let next = 0;
    cleanFragments.forEach((part, at) => {
      if (part !== undefined) return;
      cleanFragments[at] = batch[next]!;
      kept?.set(missing[next]!, batch[next]!);
      next++;
    });
  }
  return fill(clean, cleanFragments as string[], fragments.text);
}
