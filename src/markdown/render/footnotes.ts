// Footnotes through markdown-it-footnote, with two of its rules replaced by linear versions:
// - `footnote_tail` concatenates the whole token list once per footnote (quadratic: 20,000
//   footnotes took 15 s); this one appends in place.
// - `footnote_ref` scans from every `[^` to the end of its word (quadratic on `[^a[^a[^a...`:
//   300 kB took minutes); this one remembers where the last scan stopped.
// The markup (`sup.footnote-ref`, `section.footnotes`, ids `fn1`/`fnref1`) stays the plugin's.
import type { MarkdownIt, StateCore, StateInline, Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import { MARKDOWN_MAX_FOOTNOTE_LABEL_LENGTH } from './constants';

interface FootnoteEntry {
  label?: string;
  count?: number;
  content?: string;
  tokens?: Token[];
}
interface FootnoteEnv {
  footnotes?: { refs?: Record<string, number>; list?: FootnoteEntry[] };
}

const SPACE = 0x20;
const NEWLINE = 0x0a;
const CLOSE_BRACKET = 0x5d;

/** Where the last label scan of an inline block stopped: a later scan starting inside it stops there too. */
const lastScan = new WeakMap<StateInline, { from: number; stop: number }>();

/** Position of the `]`, space or newline ending a label that starts at `from`. */
function labelStop(state: StateInline, from: number): number {
  const last = lastScan.get(state);
  if (last && from >= last.from && from <= last.stop) return last.stop;
  let pos = from;
  const max = state.posMax;
  while (pos < max) {
    const code = state.src.charCodeAt(pos);
    if (code === SPACE || code === NEWLINE || code === CLOSE_BRACKET) break;
    pos++;
  }
  lastScan.set(state, { from, stop: pos });
  return pos;
}

/** `[^label]`: a reference to a footnote defined elsewhere in the document. */
function footnoteRef(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  const max = state.posMax;
  const env = state.env as FootnoteEnv;
  if (start + 3 > max || !env.footnotes?.refs) return false;
  if (state.src.charCodeAt(start) !== 0x5b /* [ */ || state.src.charCodeAt(start + 1) !== 0x5e /* ^ */) return false;
  const stop = labelStop(state, start + 2);
  if (stop >= max || state.src.charCodeAt(stop) !== CLOSE_BRACKET) return false;
  if (stop === start + 2 || stop - start - 2 > MARKDOWN_MAX_FOOTNOTE_LABEL_LENGTH) return false;
  const label = state.src.slice(start + 2, stop);
  const refs = env.footnotes.refs;
  if (refs[`:${label}`] === undefined) return false;
  if (!silent) {
    const list = (env.footnotes.list ??= []);
    let id = refs[`:${label}`]!;
    if (id < 0) {
      id = list.length;
      list[id] = { label, count: 0 };
      refs[`:${label}`] = id;
    }
    const entry = list[id]!;
    const subId = entry.count ?? 0;
    entry.count = subId + 1;
    const token = state.push('footnote_ref', '', 0);
    token.meta = { id, subId, label };
  }
  state.pos = stop + 1;
  state.posMax = max;
  return true;
}

/** Moves footnote definitions to a list at the end, as the plugin does, appending in place. */
function footnoteTail(state: StateCore) {
  const env = state.env as FootnoteEnv;
  if (!env.footnotes) return;
  const definitions: Record<string, Token[]> = {};
  const kept: Token[] = [];
  let current: Token[] | undefined;
  for (const token of state.tokens) {
    if (token.type === 'footnote_reference_open') {
      current = [];
      definitions[`:${(token.meta as { label: string }).label}`] = current;
    } else if (token.type === 'footnote_reference_close') current = undefined;
    else (current ?? kept).push(token);
  }
  state.tokens = kept;
  const list = env.footnotes.list;
  if (!list) return;
  kept.push(new state.Token('footnote_block_open', '', 1));
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    const open = new state.Token('footnote_open', '', 1);
    open.meta = { id: i, label: entry.label };
    kept.push(open);
    if (entry.tokens) {
      const paragraphOpen = new state.Token('paragraph_open', 'p', 1);
      paragraphOpen.block = true;
      const inline = new state.Token('inline', '', 0);
      inline.children = entry.tokens;
      inline.content = entry.content ?? '';
      const paragraphClose = new state.Token('paragraph_close', 'p', -1);
      paragraphClose.block = true;
      kept.push(paragraphOpen, inline, paragraphClose);
    } else if (entry.label) {
      for (const token of definitions[`:${entry.label}`] ?? []) kept.push(token);
    }
    const lastParagraph = kept[kept.length - 1]?.type === 'paragraph_close' ? kept.pop() : undefined;
    const backReferences = entry.count && entry.count > 0 ? entry.count : 1;
    for (let j = 0; j < backReferences; j++) {
      const anchor = new state.Token('footnote_anchor', '', 0);
      anchor.meta = { id: i, subId: j, label: entry.label };
      kept.push(anchor);
    }
    if (lastParagraph) kept.push(lastParagraph);
    kept.push(new state.Token('footnote_close', '', -1));
  }
  kept.push(new state.Token('footnote_block_close', '', -1));
}

/** markdown-it plugin: footnotes (`text[^1]` and `[^1]: note`, inline `^[note]`). */
export function footnotesPlugin(md: MarkdownIt) {
  md.use(footnote);
  md.inline.ruler.at('footnote_ref', footnoteRef);
  md.core.ruler.at('footnote_tail', footnoteTail);
}
