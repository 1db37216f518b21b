/**
 * The formatting toolbar's commands (issue 5 section 4), as GitLab's Markdown toolbar applies them:
 * pure functions from the textarea's text and selection to one edit (`formatMarkdown`), and the one
 * DOM step that applies an edit so the browser's own undo works (`applyTextEdit`).
 *
 * - bold `**sel**`, italic `_sel_`, strikethrough `~~sel~~`: wrap the selection; applied again to
 *   text already wrapped, they unwrap it. Surrounding spaces of the selection stay outside.
 * - code: `` `sel` `` on one line, a fenced block around a multi-line selection.
 * - link: `[sel](url)` with `url` selected to type over; a selected URL becomes `[text](URL)` with
 *   `text` selected.
 * - quote `> `, bulleted list `- `, numbered list `1. `, `2. `..., task list `- [ ] `: prefix every
 *   selected line (the whole lines, wherever the selection starts); applied again, they remove it.
 * - table: inserts a 2-column table (header and two rows) after the selection, on its own lines,
 *   with the first header cell selected.
 *
 * Nothing here runs at import time.
 */

import type { IconName } from '../../components/Icon';
import type { KeyEvent } from '../../utils/keyboard';

/** The toolbar's commands, in toolbar order. */
export const MARKDOWN_COMMANDS = [
  'bold',
  'italic',
  'strikethrough',
  'quote',
  'code',
  'link',
  'bulletList',
  'numberedList',
  'taskList',
  'table',
] as const;
export type MarkdownCommand = (typeof MARKDOWN_COMMANDS)[number];

/** Each command's button: accessible name (GitLab's wording) and sprite icon. */
export const MARKDOWN_COMMAND_BUTTONS = {
  bold: { label: 'Add bold text', icon: 'bold' },
  italic: { label: 'Add italic text', icon: 'italic' },
  strikethrough: { label: 'Add strikethrough text', icon: 'strikethrough' },
  quote: { label: 'Insert a quote', icon: 'quote' },
  code: { label: 'Insert code', icon: 'code' },
  link: { label: 'Add a link', icon: 'link' },
  bulletList: { label: 'Add a bullet list', icon: 'list-bulleted' },
  numberedList: { label: 'Add a numbered list', icon: 'list-numbered' },
  taskList: { label: 'Add a checklist', icon: 'list-task' },
  table: { label: 'Add a table', icon: 'table' },
} as const satisfies Record<MarkdownCommand, { label: string; icon: IconName }>;

/** A keyboard shortcut: Mod (⌘ on Apple platforms, Ctrl elsewhere), optionally Shift, and a key. */
export interface MarkdownShortcut {
  /** The key, lower case, as `KeyboardEvent.key` reports it without Shift. */
  key: string;
  shift?: boolean;
}

/** Keyboard shortcuts in the textarea: Mod+B bold, Mod+I italic, Mod+Shift+X strikethrough, Mod+K link. */
export const MARKDOWN_SHORTCUTS = {
  bold: { key: 'b' },
  italic: { key: 'i' },
  strikethrough: { key: 'x', shift: true },
  link: { key: 'k' },
} as const satisfies Partial<Record<MarkdownCommand, MarkdownShortcut>>;

/** The table the table command inserts: a header and two rows of two columns (GitLab's template). */
export const MARKDOWN_TABLE_TEMPLATE = [
  '| header | header |',
  '| ------ | ------ |',
  '| cell | cell |',
  '| cell | cell |',
].join('\n');

/** The placeholder a link's address starts as (selected, to type over). */
export const MARKDOWN_LINK_URL_PLACEHOLDER = 'url';
/** The placeholder a link's text starts as when a URL was selected. */
export const MARKDOWN_LINK_TEXT_PLACEHOLDER = 'text';

const WRAPS = { bold: '**', italic: '_', strikethrough: '~~', code: '`' } as const;
const LINE_PREFIXES = {
  quote: { add: (_index: number) => '> ', match: /^> ?/ },
  bulletList: { add: (_index: number) => '- ', match: /^[-*+] (?!\[[ xX]\] )/ },
  numberedList: { add: (index: number) => `${index + 1}. `, match: /^\d+[.)] / },
  taskList: { add: (_index: number) => '- [ ] ', match: /^[-*+] \[[ xX]\] / },
} as const;
const FENCE = '```';
const URL_PATTERN = /^https?:\/\/\S+$/i;

/** The textarea's text and selection. */
export interface TextSelection {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** One replacement: `text` replaces `value.slice(start, end)`; then the selection is set. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/** The text after an edit. */
export function applyEditToText(value: string, edit: TextEdit): string {
  return value.slice(0, edit.start) + edit.text + value.slice(edit.end);
}

function wrap({ value, selectionStart: start, selectionEnd: end }: TextSelection, marker: string): TextEdit {
  const selected = value.slice(start, end);
  // Already wrapped around the selection: unwrap.
  if (value.slice(start - marker.length, start) === marker && value.slice(end, end + marker.length) === marker) {
    return {
      start: start - marker.length,
      end: end + marker.length,
      text: selected,
      selectionStart: start - marker.length,
      selectionEnd: end - marker.length,
    };
  }
  // The selection includes its markers: unwrap.
  if (
    selected.length >= 2 * marker.length + 1 &&
    selected.startsWith(marker) &&
    selected.endsWith(marker) &&
    // `**bold**` selected is not italic-wrapped in `*`: the character inside must not repeat the marker.
    !selected.slice(marker.length, -marker.length).startsWith(marker[0]!)
  ) {
    const inner = selected.slice(marker.length, -marker.length);
    return { start, end, text: inner, selectionStart: start, selectionEnd: start + inner.length };
  }
  // Spaces at the edges of the selection (a double-clicked word) stay outside the markers.
  const leading = /^\s*/.exec(selected)![0];
  const core = selected.trim();
  const trailing = core ? /\s*$/.exec(selected)![0] : '';
  const text = `${leading}${marker}${core}${marker}${trailing}`;
  const coreStart = start + leading.length + marker.length;
  return { start, end, text, selectionStart: coreStart, selectionEnd: coreStart + core.length };
}

/** Start of the line holding `index`. */
function lineStartOf(value: string, index: number): number {
  return value.lastIndexOf('\n', index - 1) + 1;
}

/** End of the line holding `index` (the position of its newline, or the end of the text). */
function lineEndOf(value: string, index: number): number {
  const newline = value.indexOf('\n', index);
  return newline === -1 ? value.length : newline;
}

/** The whole lines the selection touches (a selection ending just after a newline leaves that next line out). */
function selectedLines({ value, selectionStart: start, selectionEnd: end }: TextSelection) {
  const lastIndex = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const from = lineStartOf(value, start);
  const to = lineEndOf(value, Math.max(lastIndex, from));
  return { from, to, lines: value.slice(from, to).split('\n') };
}

function prefixLines(selection: TextSelection, command: keyof typeof LINE_PREFIXES): TextEdit {
  const { add, match } = LINE_PREFIXES[command];
  const { from, to, lines } = selectedLines(selection);
  const isCaret = selection.selectionStart === selection.selectionEnd;
  const content = lines.filter((line) => line.trim() !== '');
  const isToggleOff = content.length > 0 && content.every((line) => match.test(line));

  let number = 0;
  const next = lines.map((line) => {
    if (isToggleOff) return line.replace(match, '');
    // Blank lines between selected paragraphs stay blank (a quote keeps them inside with `>`).
    if (lines.length > 1 && line.trim() === '') return command === 'quote' ? '>' : line;
    const prefix = add(number);
    number += 1;
    return prefix + line;
  });
  const text = next.join('\n');
  if (isCaret) {
    // The caret stays on the same character of the first line.
    const shift = next[0]!.length - lines[0]!.length;
    const caret = Math.max(from, selection.selectionStart + shift);
    return { start: from, end: to, text, selectionStart: caret, selectionEnd: caret };
  }
  return { start: from, end: to, text, selectionStart: from, selectionEnd: from + text.length };
}

function code(selection: TextSelection): TextEdit {
  const { value, selectionStart: start, selectionEnd: end } = selection;
  const selected = value.slice(start, end);
  if (!selected.includes('\n')) return wrap(selection, WRAPS.code);
  const fenced = `${FENCE}\n`;
  // A fenced block selected with its fences: unfence.
  if (selected.startsWith(fenced) && selected.endsWith(`\n${FENCE}`)) {
    const inner = selected.slice(fenced.length, -(FENCE.length + 1));
    return { start, end, text: inner, selectionStart: start, selectionEnd: start + inner.length };
  }
  const before = start > 0 && value[start - 1] !== '\n' ? '\n' : '';
  const after = end < value.length && value[end] !== '\n' ? '\n' : '';
  const body = selected.endsWith('\n') ? selected.slice(0, -1) : selected;
  const text = `${before}${fenced}${body}\n${FENCE}${after}`;
  const bodyStart = start + before.length + fenced.length;
  return { start, end, text, selectionStart: bodyStart, selectionEnd: bodyStart + body.length };
}

function link({ value, selectionStart: start, selectionEnd: end }: TextSelection): TextEdit {
  const selected = value.slice(start, end);
  if (URL_PATTERN.test(selected.trim())) {
    const text = `[${MARKDOWN_LINK_TEXT_PLACEHOLDER}](${selected.trim()})`;
    return {
      start,
      end,
      text,
      selectionStart: start + 1,
      selectionEnd: start + 1 + MARKDOWN_LINK_TEXT_PLACEHOLDER.length,
    };
  }
  const text = `[${selected}](${MARKDOWN_LINK_URL_PLACEHOLDER})`;
  const urlStart = start + selected.length + 3;
  return { start, end, text, selectionStart: urlStart, selectionEnd: urlStart + MARKDOWN_LINK_URL_PLACEHOLDER.length };
}

/** Newlines needed so that a block inserted at `index` is separated from its neighbours by a blank line. */
function blockSeparators(value: string, index: number) {
  const textBefore = value.slice(0, index);
  const textAfter = value.slice(index);
  const before = textBefore === '' || textBefore.endsWith('\n\n') ? '' : textBefore.endsWith('\n') ? '\n' : '\n\n';
  const after = textAfter === '' || textAfter.startsWith('\n\n') ? '' : textAfter.startsWith('\n') ? '\n' : '\n\n';
  return { before, after };
}

function table({ value, selectionEnd: end }: TextSelection): TextEdit {
  const { before, after } = blockSeparators(value, end);
  const text = `${before}${MARKDOWN_TABLE_TEMPLATE}${after}`;
  const cellStart = end + before.length + MARKDOWN_TABLE_TEMPLATE.indexOf('header');
  return { start: end, end, text, selectionStart: cellStart, selectionEnd: cellStart + 'header'.length };
}

/** The edit `command` makes to the text and selection (see the module comment for each command). */
export function formatMarkdown(command: MarkdownCommand, selection: TextSelection): TextEdit {
  // Selections may come in reversed (selectionDirection "backward" still reports start <= end, but a
  // caller may pass either order).
  const start = Math.min(selection.selectionStart, selection.selectionEnd);
  const end = Math.max(selection.selectionStart, selection.selectionEnd);
  const normalized = { value: selection.value, selectionStart: start, selectionEnd: end };
  switch (command) {
    case 'bold':
    case 'italic':
    case 'strikethrough':
      return wrap(normalized, WRAPS[command]);
    case 'code':
      return code(normalized);
    case 'link':
      return link(normalized);
    case 'table':
      return table(normalized);
    default:
      return prefixLines(normalized, command);
  }
}

/** The command whose shortcut this key press is, if any. Mod is Meta on Apple platforms, Ctrl elsewhere. */
export function shortcutCommand(event: KeyEvent, isApple: boolean): MarkdownCommand | undefined {
  if (event.isComposing || event.altKey) return undefined;
  const mod = isApple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod) return undefined;
  const key = event.key.toLowerCase();
  const entries = Object.entries(MARKDOWN_SHORTCUTS) as [MarkdownCommand, MarkdownShortcut][];
  return entries.find(([, shortcut]) => shortcut.key === key && Boolean(shortcut.shift) === event.shiftKey)?.[0];
}

/** A shortcut as the tooltip shows it (`⌘⇧X` on Apple platforms, `Ctrl+Shift+X` elsewhere). */
export function shortcutLabel(shortcut: MarkdownShortcut, isApple: boolean): string {
  const key = shortcut.key.toUpperCase();
  if (isApple) return `⌘${shortcut.shift ? '⇧' : ''}${key}`;
  return `Ctrl+${shortcut.shift ? 'Shift+' : ''}${key}`;
}

/** A shortcut as `aria-keyshortcuts` spells it (`Meta+Shift+X`, `Control+B`). */
export function shortcutAria(shortcut: MarkdownShortcut, isApple: boolean): string {
  return `${isApple ? 'Meta' : 'Control'}+${shortcut.shift ? 'Shift+' : ''}${shortcut.key.toUpperCase()}`;
}

const nativeValueSetter = (textarea: HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(textarea) as object, 'value')?.set;

/**
 * Applies an edit to a textarea the way typing would: with `document.execCommand('insertText')`
 * where the browser supports it, so the edit joins the browser's undo history (Ctrl+Z undoes the
 * formatting) and fires a native `input` event. Otherwise (or if the browser did something else)
 * the value is set directly and an `input` event dispatched, which React's `onChange` hears. Then
 * the edit's selection is set and the textarea focused.
 */
export function applyTextEdit(textarea: HTMLTextAreaElement, edit: TextEdit): void {
  const expected = applyEditToText(textarea.value, edit);
  textarea.focus();
  textarea.setSelectionRange(edit.start, edit.end);
  let inserted = false;
  const doc = textarea.ownerDocument;
  try {
    if (typeof doc.execCommand === 'function') {
      inserted = edit.text === '' ? doc.execCommand('delete', false) : doc.execCommand('insertText', false, edit.text);
    }
  } catch {
    inserted = false;
  }
  if (!inserted || textarea.value !== expected) {
    const setValue = nativeValueSetter(textarea);
    if (setValue) setValue.call(textarea, expected);
    else textarea.value = expected;
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }
  textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
}
