// GitLab's block quote additions:
// - multi-line block quotes: a `>>>` line, any Markdown, a closing `>>>` line (without the closing
//   line, `>>>` stays CommonMark's three nested quotes);
// - alerts: a quote whose first line is `[!note]`, `[!tip]`, `[!important]`, `[!caution]` or
//   `[!warning]` (any case), optionally followed by a title, becomes
//   `div.markdown-alert.markdown-alert-<type>` with a `p.markdown-alert-title`.
import type { MarkdownIt, StateBlock, StateCore, Token } from 'markdown-it';
import { MARKDOWN_ALERT_TITLES } from './constants';

const FENCE = /^>>>[ \t]*$/;
const ALERT = /^\[!(note|tip|important|caution|warning)\](?=[ \t]|$)[ \t]*/i;
/** Spaces of indentation that make a line indented code instead. */
const CODE_INDENT = 4;

type AlertType = keyof typeof MARKDOWN_ALERT_TITLES;

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
}

function multilineBlockquote(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= CODE_INDENT || !FENCE.test(lineText(state, startLine))) {
    return false;
  }
  let closeLine = -1;
  for (let line = startLine + 1; line < endLine; line++) {
    const empty = state.isEmpty(line);
    // A less indented line ends the container (a list item) the quote started in.
    if (!empty && state.sCount[line]! < state.blkIndent) break;
    if (!empty && state.sCount[line]! - state.blkIndent < CODE_INDENT && FENCE.test(lineText(state, line))) {
      closeLine = line;
      break;
    }
  }
  if (closeLine < 0) return false;
  if (silent) return true;
  const parentType = state.parentType;
  const lineMax = state.lineMax;
  state.parentType = 'blockquote';
  const open = state.push('blockquote_open', 'blockquote', 1);
  open.markup = '>>>';
  open.block = true;
  open.map = [startLine, closeLine + 1];
  state.lineMax = closeLine;
  state.md.block.tokenize(state, startLine + 1, closeLine);
  const close = state.push('blockquote_close', 'blockquote', -1);
  close.markup = '>>>';
  close.block = true;
  state.parentType = parentType;
  state.lineMax = lineMax;
  state.line = closeLine + 1;
  return true;
}

/**
 * Makes the quote opening at `openIndex` an alert when it starts with a marker: the marker line
 * becomes the title paragraph, and the type is noted on the opening token.
 */
function takeAlert(core: StateCore, tokens: Token[], openIndex: number): void {
  const paragraph = tokens[openIndex + 1];
  const inline = tokens[openIndex + 2];
  const first = inline?.children?.[0];
  if (paragraph?.type !== 'paragraph_open' || inline?.type !== 'inline' || first?.type !== 'text') return;
  const marker = ALERT.exec(first.content);
  if (!marker) return;
  const type = marker[1]!.toLowerCase() as AlertType;
  first.content = first.content.slice(marker[0].length);
  const children = inline.children!;
  // The rest of the first line is the title; the lines after it stay the first paragraph.
  let lineEnd = children.findIndex((child) => child.type === 'softbreak' || child.type === 'hardbreak');
  if (lineEnd < 0) lineEnd = children.length;
  const titleChildren = children.slice(0, lineEnd);
  inline.children = children.slice(lineEnd + 1);
  const titleInline = new core.Token('inline', '', 0);
  const hasTitle = titleChildren.some((child) => child.type !== 'text' || child.content.trim() !== '');
  if (hasTitle) titleInline.children = titleChildren;
  else {
    const text = new core.Token('text', '', 0);
    text.content = MARKDOWN_ALERT_TITLES[type];
    titleInline.children = [text];
  }
  titleInline.content = titleInline.children.map((child) => child.content).join('');
  const titleOpen = new core.Token('paragraph_open', 'p', 1);
  titleOpen.attrSet('class', 'markdown-alert-title');
  titleOpen.block = true;
  const titleClose = new core.Token('paragraph_close', 'p', -1);
  titleClose.block = true;
  tokens[openIndex]!.meta = { alert: type };
  // An alert with only its marker line keeps no empty paragraph.
  const removed = inline.children.length === 0 ? 3 : 0;
  tokens.splice(openIndex + 1, removed, titleOpen, titleInline, titleClose);
}

/** Core rule: quotes starting with an alert marker become alerts (one pass, a stack of open quotes). */
function alerts(core: StateCore) {
  const { tokens } = core;
  const open: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'blockquote_open') {
      takeAlert(core, tokens, i);
      open.push(token);
    } else if (token.type === 'blockquote_close') {
      const opener = open.pop();
      const alert = (opener?.meta as { alert?: AlertType } | null)?.alert;
      if (opener && alert) {
        opener.type = 'alert_open';
        opener.tag = 'div';
        opener.attrSet('class', `markdown-alert markdown-alert-${alert}`);
        token.type = 'alert_close';
        token.tag = 'div';
      }
    }
  }
}

/** markdown-it plugin: multi-line block quotes and alerts. */
export function blockquotesPlugin(md: MarkdownIt) {
  md.block.ruler.before('blockquote', 'multiline_blockquote', multilineBlockquote, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  // `alert_open`/`alert_close` render as their tag and attributes (markdown-it's default).
  md.core.ruler.after('inline', 'alerts', alerts);
}
