// Math, as GitLab writes it: `$...$` and `` $`...`$ `` inline, `$$...$$` display (a block when it
// fills its lines, inline otherwise) and ```math fences (see fences.ts). Each becomes a
// `<code class="code math js-render-math" data-math-style="inline|display">` with the source as
// escaped text; display blocks sit in a `<pre>`. KaTeX runs later, in the browser pipeline.
import type { MarkdownIt, StateBlock, StateCore, StateInline, Token } from 'markdown-it';
import { MARKDOWN_HOOKS } from './constants';

const DOLLAR = 0x24;
const BACKTICK = 0x60;
const BACKSLASH = 0x5c;

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** The math element for `source`: a `<code>`, in a `<pre>` for a block. */
export function renderMath(
  escapeHtml: (s: string) => string,
  source: string,
  style: 'inline' | 'display',
  block: boolean,
): string {
  const code = `<code class="code math ${MARKDOWN_HOOKS.math}" data-math-style="${style}">${escapeHtml(source)}</code>`;
  return block ? `<pre>${code}</pre>\n` : code;
}

/** `$` closes inline math unless escaped, after a space, or before a digit (`$5 and $6` is no math). */
const closesInline = (src: string, at: number) =>
  !isSpace(src.charCodeAt(at - 1)) && src.charCodeAt(at - 1) !== BACKSLASH && !isDigit(src.charCodeAt(at + 1));
const closesDisplay = (src: string, at: number) => src.charCodeAt(at + 1) === DOLLAR;

/**
 * Positions of every possible closing delimiter of one inline block, found once (linear), then
 * looked up by binary search. Rescanning from each opener instead is quadratic on `$a $b $c ...`.
 */
class Closers {
  private readonly inline: number[] = [];
  private readonly display: number[] = [];
  constructor(src: string) {
    for (let at = src.indexOf('$'); at >= 0; at = src.indexOf('$', at + 1)) {
      if (closesInline(src, at)) this.inline.push(at);
      if (closesDisplay(src, at)) this.display.push(at);
    }
  }

  /** The first closer at or after `from`, or -1. */
  next(display: boolean, from: number): number {
    const list = display ? this.display : this.inline;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (list[mid]! < from) low = mid + 1;
      else high = mid;
    }
    return list[low] ?? -1;
  }
}

const closers = new WeakMap<StateInline, Closers>();

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos: start, posMax: max } = state;
  if (src.charCodeAt(start) !== DOLLAR) return false;
  const display = src.charCodeAt(start + 1) === DOLLAR;
  const open = start + (display ? 2 : 1);
  const first = src.charCodeAt(open);
  // $`...`$ is read after code spans (see dollarBackticks); `$ x$` is no math.
  if (open >= max || (!display && (first === BACKTICK || isSpace(first)))) return false;
  let found = closers.get(state);
  if (!found) closers.set(state, (found = new Closers(src)));
  const close = found.next(display, open + 1);
  if (close < 0 || close + (display ? 2 : 1) > max) return false;
  if (!silent) {
    const token = state.push('math_inline', 'code', 0);
    token.content = src.slice(open, close);
    token.markup = display ? '$$' : '$';
    token.meta = { display };
  }
  state.pos = close + (display ? 2 : 1);
  return true;
}

/** Core rule: `` $`a^2`$ `` is a code span between two dollars: turn it into inline math. */
function dollarBackticks(core: StateCore) {
  for (const block of core.tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children) continue;
    for (let i = 1; i < children.length - 1; i++) {
      const code = children[i]!;
      const before = children[i - 1]!;
      const after = children[i + 1]!;
      if (
        code.type === 'code_inline' &&
        before.type === 'text' &&
        after.type === 'text' &&
        before.content.endsWith('$') &&
        after.content.startsWith('$')
      ) {
        before.content = before.content.slice(0, -1);
        after.content = after.content.slice(1);
        code.type = 'math_inline';
        code.meta = { display: false };
      }
    }
  }
}

/** Block rule: `$$` starting a line and a closing `$$` ending one (the same or a later line, no blank line between). */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const { src } = state;
  const pos = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (src.charCodeAt(pos) !== DOLLAR || src.charCodeAt(pos + 1) !== DOLLAR) return false;
  const restIsBlank = (from: number, to: number) => state.skipSpaces(from) >= to;

  // Searches stay within one line: indexOf over the rest of the document would be quadratic.
  const findInLine = (from: number, to: number) => {
    const at = src.slice(from, to).indexOf('$$');
    return at < 0 ? -1 : from + at;
  };
  let closeLine = startLine;
  let close = findInLine(pos + 2, max);
  if (close < 0) {
    for (let line = startLine + 1; line < endLine; line++) {
      const lineStart = state.bMarks[line]! + state.tShift[line]!;
      const lineMax = state.eMarks[line]!;
      if (lineStart >= lineMax || state.sCount[line]! < state.blkIndent) return false;
      const at = findInLine(lineStart, lineMax);
      if (at >= 0) {
        close = at;
        closeLine = line;
        break;
      }
    }
    if (close < 0) return false;
  }
  if (!restIsBlank(close + 2, state.eMarks[closeLine]!)) return false;
  if (silent) return true;

  let content: string;
  if (closeLine === startLine) content = src.slice(pos + 2, close);
  else {
    const lastStart = state.bMarks[closeLine]! + state.tShift[closeLine]!;
    content =
      src.slice(pos + 2, max) +
      '\n' +
      state.getLines(startLine + 1, closeLine, state.sCount[startLine]!, true) +
      src.slice(lastStart, close);
  }
  const token = state.push('math_block', 'code', 0);
  token.block = true;
  token.content = content.trim();
  token.markup = '$$';
  token.map = [startLine, closeLine + 1];
  state.line = closeLine + 1;
  return true;
}

/** markdown-it plugin: inline and display math. */
export function mathPlugin(md: MarkdownIt) {
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.core.ruler.after('inline', 'math_dollar_backticks', dollarBackticks);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  const escape = md.utils.escapeHtml;
  md.renderer.rules.math_inline = (tokens: Token[], idx: number) => {
    const token = tokens[idx]!;
    const display = (token.meta as { display?: boolean } | null)?.display === true;
    return renderMath(escape, token.content, display ? 'display' : 'inline', false);
  };
  md.renderer.rules.math_block = (tokens: Token[], idx: number) =>
    renderMath(escape, tokens[idx]!.content, 'display', true);
}
