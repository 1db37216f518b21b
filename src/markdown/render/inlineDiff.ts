// GitLab's inline diff: `{+ added +}` / `[+ added +]` and `{- removed -}` / `[- removed -]` inside
// one run of text (as GitLab's filter, which works on text nodes: no markup inside), rendered as
// `span.idiff.addition` / `span.idiff.deletion`. Escaped brackets (`\{+`) never open one.
import type { MarkdownIt, StateCore, Token } from 'markdown-it';

/** Classes of the two kinds of inline diff, GitLab's. */
export const INLINE_DIFF_CLASSES = {
  addition: 'idiff left right addition',
  deletion: 'idiff left right deletion',
} as const;

const OPENER = /[{[][+-]/g;

/** Where the next `closer` at or after `from` is, remembering each search: every run stays linear. */
function finder(text: string) {
  const found = new Map<string, { from: number; at: number }>();
  return (closer: string, from: number): number => {
    const last = found.get(closer);
    if (last && from >= last.from && (last.at < 0 || from <= last.at)) return last.at;
    const at = text.indexOf(closer, from);
    found.set(closer, { from, at });
    return at;
  };
}

/** Splits one text token's content into text and diff parts, or returns undefined when it has none. */
function split(core: StateCore, token: Token): Token[] | undefined {
  const text = token.content;
  if (!text.includes('+') && !text.includes('-')) return undefined;
  const next = finder(text);
  const parts: Token[] = [];
  let last = 0;
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(text); m; m = OPENER.exec(text)) {
    const sign = m[0][1]!;
    const closer = sign + (m[0][0] === '{' ? '}' : ']');
    const end = next(closer, m.index + 2);
    if (end < 0) continue;
    const kind = sign === '+' ? 'addition' : 'deletion';
    if (m.index > last) parts.push(textToken(core, text.slice(last, m.index), token.level));
    const open = new core.Token('inline_diff_open', 'span', 1);
    open.attrSet('class', INLINE_DIFF_CLASSES[kind]);
    open.markup = m[0];
    parts.push(open, textToken(core, text.slice(m.index + 2, end), token.level + 1));
    const close = new core.Token('inline_diff_close', 'span', -1);
    close.markup = closer;
    parts.push(close);
    last = end + 2;
    OPENER.lastIndex = last;
  }
  if (parts.length === 0) return undefined;
  if (last < text.length) parts.push(textToken(core, text.slice(last), token.level));
  return parts;
}

function textToken(core: StateCore, content: string, level: number): Token {
  const token = new core.Token('text', '', 0);
  token.content = content;
  token.level = level;
  return token;
}

function inlineDiff(core: StateCore) {
  for (const block of core.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const children = block.children;
    let out: Token[] | undefined;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const parts = child.type === 'text' ? split(core, child) : undefined;
      if (parts) (out ??= children.slice(0, i)).push(...parts);
      else out?.push(child);
    }
    if (out) block.children = out;
  }
}

/** markdown-it plugin: inline diffs. Before references: the text inside a diff is still scanned for them. */
export function inlineDiffPlugin(md: MarkdownIt) {
  md.core.ruler.before('text_join', 'inline_diff', inlineDiff);
}
