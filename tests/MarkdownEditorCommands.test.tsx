// The Markdown toolbar's commands as pure edits (formatMarkdown), the shortcut and quick-submit key
// rules, and applyTextEdit's fallback where execCommand is missing (jsdom). The real browser path
// (execCommand, native undo) is in MarkdownEditor.browser.test.tsx.
import { describe, expect, it, vi } from 'vitest';
import { isQuickSubmitKey } from '../src/utils/keyboard';
import {
  applyEditToText,
  applyTextEdit,
  formatMarkdown,
  MARKDOWN_SHORTCUTS,
  MARKDOWN_TABLE_TEMPLATE,
  shortcutAria,
  shortcutCommand,
  shortcutLabel,
  type MarkdownCommand,
} from '../src/markdown/MarkdownEditor/commands';

/**
 * Runs a command on text where `[` and `]` mark the selection (`|` a caret) and returns the result
 * in the same notation.
 */
function run(command: MarkdownCommand, marked: string): string {
  const caret = marked.indexOf('|');
  let value: string;
  let selectionStart: number;
  let selectionEnd: number;
  if (caret !== -1) {
    value = marked.slice(0, caret) + marked.slice(caret + 1);
    selectionStart = selectionEnd = caret;
  } else {
    selectionStart = marked.indexOf('[');
    selectionEnd = marked.lastIndexOf(']') - 1;
    value =
      marked.slice(0, selectionStart) +
      marked.slice(selectionStart + 1, selectionEnd + 1) +
      marked.slice(selectionEnd + 2);
  }
  const edit = formatMarkdown(command, { value, selectionStart, selectionEnd });
  const next = applyEditToText(value, edit);
  if (edit.selectionStart === edit.selectionEnd) {
    return `${next.slice(0, edit.selectionStart)}|${next.slice(edit.selectionStart)}`;
  }
  return `${next.slice(0, edit.selectionStart)}[${next.slice(edit.selectionStart, edit.selectionEnd)}]${next.slice(edit.selectionEnd)}`;
}

describe('formatMarkdown: wrapping commands', () => {
  it.each([
    ['bold', 'a [word] here', 'a **[word]** here'],
    ['italic', 'a [word] here', 'a _[word]_ here'],
    ['strikethrough', 'a [word] here', 'a ~~[word]~~ here'],
    ['code', 'run [npm test] now', 'run `[npm test]` now'],
  ] as const)('%s wraps the selection and keeps it selected', (command, before, after) => {
    expect(run(command, before)).toBe(after);
  });

  it.each([
    ['bold', 'a |b', 'a **|**b'],
    ['italic', '|', '_|_'],
    ['strikethrough', 'x|', 'x~~|~~'],
    ['code', '|', '`|`'],
  ] as const)('%s with a caret inserts the markers with the caret between them', (command, before, after) => {
    expect(run(command, before)).toBe(after);
  });

  it('keeps spaces at the edges of the selection outside the markers', () => {
    expect(run('bold', 'a[ word ]b')).toBe('a **[word]** b');
  });

  it.each([
    ['bold', 'a **[word]** here', 'a [word] here'],
    ['bold', 'a [**word**] here', 'a [word] here'],
    ['italic', 'a _[word]_ here', 'a [word] here'],
    ['strikethrough', '[~~gone~~]', '[gone]'],
    ['code', '`[x]`', '[x]'],
    ['bold', '**|**', '|'],
  ] as const)('%s on text already wrapped unwraps it', (command, before, after) => {
    expect(run(command, before)).toBe(after);
  });

  it('italic on a bold selection wraps it rather than unwrapping', () => {
    expect(run('italic', '[**b**]')).toBe('_[**b**]_');
  });
});

describe('formatMarkdown: code blocks', () => {
  it('fences a multi-line selection on its own lines', () => {
    expect(run('code', 'see [a()\nb()] now')).toBe('see \n```\n[a()\nb()]\n```\n now');
  });

  it('does not add newlines that are already there', () => {
    expect(run('code', 'x\n[a\nb\n]y')).toBe('x\n```\n[a\nb]\n```\ny');
  });

  it('unfences a selected fenced block', () => {
    expect(run('code', '[```\na\nb\n```]')).toBe('[a\nb]');
  });
});

describe('formatMarkdown: links', () => {
  it('wraps the selection as the text and selects the url placeholder', () => {
    expect(run('link', 'see [the docs] please')).toBe('see [the docs]([url]) please');
  });

  it('with a caret inserts an empty link with the url selected', () => {
    expect(run('link', 'a |')).toBe('a []([url])');
  });

  it('a selected URL becomes the address, with the text placeholder selected', () => {
    expect(run('link', 'go [https://example.com/a?b=1] now')).toBe('go [[text]](https://example.com/a?b=1) now');
  });
});

describe('formatMarkdown: line prefixes', () => {
  it.each([
    ['quote', '> '],
    ['bulletList', '- '],
    ['taskList', '- [ ] '],
  ] as const)('%s prefixes the line with a caret, keeping the caret on its character', (command, prefix) => {
    expect(run(command, 'one\ntw|o\nthree')).toBe(`one\n${prefix}tw|o\nthree`);
  });

  it('numbered list numbers the lines 1, 2, 3', () => {
    expect(run('numberedList', '[a\nb\nc]')).toBe('[1. a\n2. b\n3. c]');
  });

  it('prefixes every whole line the selection touches and selects them', () => {
    expect(run('bulletList', 'x\nfi[rst\nsec]ond\ny')).toBe('x\n[- first\n- second]\ny');
  });

  it('leaves out the line after a selection that ends with its newline', () => {
    expect(run('quote', '[a\n]b')).toBe('[> a]\nb');
  });

  it('keeps blank lines blank in lists and inside a quote with ">"', () => {
    expect(run('bulletList', '[a\n\nb]')).toBe('[- a\n\n- b]');
    expect(run('quote', '[a\n\nb]')).toBe('[> a\n>\n> b]');
  });

  it('on an empty line inserts the prefix', () => {
    expect(run('taskList', '|')).toBe('- [ ] |');
  });

  it.each([
    ['quote', '[> a\n> b]', '[a\nb]'],
    ['bulletList', '[- a\n* b]', '[a\nb]'],
    ['numberedList', '[1. a\n2. b]', '[a\nb]'],
    ['taskList', '[- [ ] a\n- [x] b]', '[a\nb]'],
    ['bulletList', '- a|b', 'a|b'],
  ] as const)('%s on lines that all have the prefix removes it', (command, before, after) => {
    expect(run(command, before)).toBe(after);
  });

  it('a bullet list over task items adds bullets (a task item is not a plain bullet)', () => {
    expect(run('bulletList', '[- [ ] a]')).toBe('[- - [ ] a]');
  });
});

describe('formatMarkdown: table', () => {
  it('is a header and two rows of two columns', () => {
    expect(MARKDOWN_TABLE_TEMPLATE).toBe('| header | header |\n| ------ | ------ |\n| cell | cell |\n| cell | cell |');
  });

  it('inserts the template into empty text with the first header cell selected', () => {
    expect(run('table', '|')).toBe(
      `| [header] | header |${MARKDOWN_TABLE_TEMPLATE.slice('| header | header |'.length)}`,
    );
  });

  it('puts the table after the selection, separated by blank lines, keeping the selected text', () => {
    const result = run('table', 'intro [text] after');
    const value = result.replace('[header]', 'header');
    expect(value).toBe(`intro text\n\n${MARKDOWN_TABLE_TEMPLATE}\n\n after`);
    expect(result).toContain('| [header] |');
  });

  it('reuses the newlines already there', () => {
    expect(run('table', 'a\n|\nb').replace('[header]', 'header')).toBe(`a\n\n${MARKDOWN_TABLE_TEMPLATE}\n\nb`);
    expect(run('table', 'a\n\n|').replace('[header]', 'header')).toBe(`a\n\n${MARKDOWN_TABLE_TEMPLATE}`);
  });
});

describe('shortcuts and quick submit keys', () => {
  const key = (init: Partial<KeyboardEvent> & { key: string }) => ({
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...init,
  });

  it('maps Mod+B, Mod+I, Mod+Shift+X and Mod+K, with Ctrl as Mod outside Apple platforms', () => {
    expect(shortcutCommand(key({ key: 'b', ctrlKey: true }), false)).toBe('bold');
    expect(shortcutCommand(key({ key: 'i', ctrlKey: true }), false)).toBe('italic');
    expect(shortcutCommand(key({ key: 'X', ctrlKey: true, shiftKey: true }), false)).toBe('strikethrough');
    expect(shortcutCommand(key({ key: 'k', ctrlKey: true }), false)).toBe('link');
    expect(shortcutCommand(key({ key: 'b', metaKey: true }), false)).toBeUndefined();
  });

  it('uses Meta as Mod on Apple platforms', () => {
    expect(shortcutCommand(key({ key: 'b', metaKey: true }), true)).toBe('bold');
    expect(shortcutCommand(key({ key: 'b', ctrlKey: true }), true)).toBeUndefined();
  });

  it('needs the exact modifiers', () => {
    expect(shortcutCommand(key({ key: 'x', ctrlKey: true }), false)).toBeUndefined();
    expect(shortcutCommand(key({ key: 'B', ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
    expect(shortcutCommand(key({ key: 'b', ctrlKey: true, altKey: true }), false)).toBeUndefined();
    expect(shortcutCommand(key({ key: 'b' }), false)).toBeUndefined();
    expect(shortcutCommand({ ...key({ key: 'b', ctrlKey: true }), isComposing: true }, false)).toBeUndefined();
  });

  it('labels shortcuts for the platform, for tooltips and aria-keyshortcuts', () => {
    expect(shortcutLabel(MARKDOWN_SHORTCUTS.bold, false)).toBe('Ctrl+B');
    expect(shortcutLabel(MARKDOWN_SHORTCUTS.strikethrough, false)).toBe('Ctrl+Shift+X');
    expect(shortcutLabel(MARKDOWN_SHORTCUTS.link, true)).toBe('⌘K');
    expect(shortcutLabel(MARKDOWN_SHORTCUTS.strikethrough, true)).toBe('⌘⇧X');
    expect(shortcutAria(MARKDOWN_SHORTCUTS.italic, false)).toBe('Control+I');
    expect(shortcutAria(MARKDOWN_SHORTCUTS.strikethrough, true)).toBe('Meta+Shift+X');
  });

  it('quick submit is Enter with Ctrl alone or Cmd alone', () => {
    expect(isQuickSubmitKey(key({ key: 'Enter', ctrlKey: true }))).toBe(true);
    expect(isQuickSubmitKey(key({ key: 'Enter', metaKey: true }))).toBe(true);
    expect(isQuickSubmitKey(key({ key: 'Enter' }))).toBe(false);
    expect(isQuickSubmitKey(key({ key: 'Enter', ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isQuickSubmitKey(key({ key: 'Enter', ctrlKey: true, metaKey: true }))).toBe(false);
    expect(isQuickSubmitKey({ ...key({ key: 'Enter', ctrlKey: true }), isComposing: true })).toBe(false);
  });
});

describe('applyTextEdit', () => {
  it('without execCommand sets the value, fires input, selects and focuses', () => {
    const textarea = document.createElement('textarea');
    document.body.append(textarea);
    textarea.value = 'a word';
    const onInput = vi.fn();
    textarea.addEventListener('input', onInput);
    applyTextEdit(textarea, { start: 2, end: 6, text: '**word**', selectionStart: 4, selectionEnd: 8 });
    expect(textarea.value).toBe('a **word**');
    expect(onInput).toHaveBeenCalledTimes(1);
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([4, 8]);
    expect(document.activeElement).toBe(textarea);
    textarea.remove();
  });

  it('falls back when execCommand refuses', () => {
    const textarea = document.createElement('textarea');
    document.body.append(textarea);
    textarea.value = 'x';
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      applyTextEdit(textarea, { start: 1, end: 1, text: '!', selectionStart: 2, selectionEnd: 2 });
      expect(execCommand).toHaveBeenCalledWith('insertText', false, '!');
      expect(textarea.value).toBe('x!');
    } finally {
      delete (document as { execCommand?: unknown }).execCommand;
      textarea.remove();
    }
  });
});
