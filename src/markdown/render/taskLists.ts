// Task lists (`- [ ] todo`, `- [x] done`, `- [~] inapplicable`), GitLab's markup: the list gets
// `task-list`, the item `task-list-item`, and the text starts with a disabled
// `input.task-list-item-checkbox` named after the item's own text (`aria-label`, as GitLab's
// TaskListFilter does), so the first paint already passes axe; the pipeline makes it toggle when
// the note is editable. An inapplicable item's box has `data-inapplicable`, the item the class
// `inapplicable` and its first paragraph is struck through (`<s>`).
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { MARKDOWN_HOOKS, TASK_LIST_UNTITLED_LABEL } from './constants';
import { renderState } from './types';

const TASK = /^\[([ xX~])\](?=\s|$)/;
const INAPPLICABLE = '~';

interface CheckboxMeta {
  checked: boolean;
  inapplicable: boolean;
  /** Set while the item's own HTML is rendered for its name: the box itself is left out. */
  naming?: boolean;
  label?: string;
}

type RenderArguments = Parameters<MarkdownIt['renderer']['render']>;

const checkboxMeta = (checkbox: Token) => checkbox.meta as unknown as CheckboxMeta;

// One pass with a stack of open lists (markdown-it-task-lists searches back for each item's list,
// which is quadratic on long lists).
function taskLists(core: StateCore) {
  const { tokens } = core;
  const lists: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') lists.push(i);
    else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') lists.pop();
    else if (token.type === 'list_item_open') {
      const paragraph = tokens[i + 1];
      const inline = tokens[i + 2];
      const first = inline?.children?.[0];
      if (paragraph?.type !== 'paragraph_open' || !inline || first?.type !== 'text') continue;
      const task = TASK.exec(first.content);
      if (!task || !inline.content.startsWith(task[0])) continue;
      first.content = first.content.slice(task[0].length);
      inline.content = inline.content.slice(task[0].length);
      const inapplicable = task[1] === INAPPLICABLE;
      const checkbox = new core.Token('task_checkbox', 'input', 0);
      checkbox.meta = { checked: task[1] !== ' ' && !inapplicable, inapplicable } satisfies CheckboxMeta;
      if (inapplicable) {
        // The text after the box (with the space before it) struck through, as GitLab does.
        const rest = inline.children!;
        const space = rest[0]!;
        const lead = /^\s*/.exec(space.content)![0];
        space.content = space.content.slice(lead.length);
        const leading = new core.Token('text', '', 0);
        leading.content = lead;
        inline.children = [leading, new core.Token('s_open', 's', 1), ...rest, new core.Token('s_close', 's', -1)];
      }
      inline.children!.unshift(checkbox);
      token.attrJoin('class', inapplicable ? 'task-list-item inapplicable' : 'task-list-item');
      // The item's name is its rendered text (references resolved), found when the item renders.
      token.meta = { ...(token.meta as object | null), taskCheckbox: checkbox };
      const list = tokens[lists[lists.length - 1] ?? -1];
      if (list && !list.attrGet('class')) list.attrJoin('class', MARKDOWN_HOOKS.taskList);
    }
  }
}

const LIST_OPEN = new Set(['bullet_list_open', 'ordered_list_open']);
const LIST_CLOSE = new Set(['bullet_list_close', 'ordered_list_close']);

/** The block tokens of the item opened at `open`, without its nested lists. */
function ownTokens(tokens: Token[], open: number): Token[] {
  const own: Token[] = [];
  const { level } = tokens[open]!;
  let nested = 0;
  for (let i = open + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'list_item_close' && token.level === level) break;
    if (LIST_OPEN.has(token.type)) nested++;
    else if (LIST_CLOSE.has(token.type)) nested--;
    else if (nested === 0) own.push(token);
  }
  return own;
}

/** A tag's start: `<name` or `</name` (the tag ends at the next `>`). */
const TAG_START = /<(\/?)([a-zA-Z][\w-]*)/y;
const ENTITY = /&(?:[a-z][a-z\d]{1,31}|#\d{1,8}|#x[a-f\d]{1,8});/gi;
/** Elements the pipeline's name skipped with their content (nested lists, the box). */
const SKIPPED = new Set(['ul', 'ol']);
/** Elements followed by a space in the name. */
const SEPARATED = new Set(['p', 'div', 'br']);
const COMMENT_START = '<!--';
const COMMENT_END = '-->';

/**
 * The text a browser shows for `html` (the item's own rendered HTML): text between tags with
 * entities decoded, a space after paragraphs, divisions and line breaks, nested lists left out,
 * white space collapsed. Linear: every tag ends at the next `>`.
 */
function visibleText(md: MarkdownIt, html: string): string {
  let text = '';
  let skipped = 0;
  let at = 0;
  const addText = (end: number) => {
    if (skipped === 0 && end > at)
      text += html.slice(at, end).replace(ENTITY, (entity) => md.utils.unescapeAll(entity));
  };
  for (let lt = html.indexOf('<'); lt >= 0; lt = html.indexOf('<', at)) {
    if (html.startsWith(COMMENT_START, lt)) {
      addText(lt);
      const end = html.indexOf(COMMENT_END, lt + COMMENT_START.length);
      // An unclosed comment hides the rest.
      at = end < 0 ? html.length : end + COMMENT_END.length;
      continue;
    }
    TAG_START.lastIndex = lt;
    const tag = TAG_START.exec(html);
    if (!tag) {
      // A `<` that starts no tag is text.
      addText(lt + 1);
      at = lt + 1;
      continue;
    }
    addText(lt);
    const end = html.indexOf('>', TAG_START.lastIndex);
    at = end < 0 ? html.length : end + 1;
    const name = tag[2]!.toLowerCase();
    const closing = tag[1] === '/';
    if (SKIPPED.has(name)) skipped += closing ? -1 : 1;
    else if (skipped === 0 && SEPARATED.has(name) && (closing || name === 'br')) text += ' ';
  }
  addText(html.length);
  return text.replace(/\s+/g, ' ').trim();
}

/** The name of the task item opened at `open`: its own text, rendered as the document renders it. */
function itemName(
  md: MarkdownIt,
  tokens: Token[],
  open: number,
  options: RenderArguments[1],
  env: RenderArguments[2],
): string {
  const meta = checkboxMeta((tokens[open]!.meta as { taskCheckbox: Token }).taskCheckbox);
  const state = renderState(env);
  // Placeholders for sanitising in parts would be counted twice: the name gets the real HTML.
  const fragments = state?.fragments;
  if (state) delete state.fragments;
  meta.naming = true;
  try {
    return visibleText(md, md.renderer.render(ownTokens(tokens, open), options, env)) || TASK_LIST_UNTITLED_LABEL;
  } finally {
    meta.naming = false;
    if (state && fragments) state.fragments = fragments;
  }
}

/** markdown-it plugin: task lists. */
export function taskListsPlugin(md: MarkdownIt) {
  md.core.ruler.after('inline', 'task_lists', taskLists);
  const listItemOpen = md.renderer.rules.list_item_open;
  md.renderer.rules.list_item_open = (tokens, idx, options, env, self) => {
    const checkbox = (tokens[idx]!.meta as { taskCheckbox?: Token } | null)?.taskCheckbox;
    if (checkbox) checkboxMeta(checkbox).label = itemName(md, tokens, idx, options, env);
    return listItemOpen ? listItemOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  md.renderer.rules.task_checkbox = (tokens, idx) => {
    const { checked, inapplicable, naming, label } = checkboxMeta(tokens[idx]!);
    if (naming) return '';
    const name = ` aria-label="${md.utils.escapeHtml(label ?? TASK_LIST_UNTITLED_LABEL)}"`;
    return `<input type="checkbox" class="task-list-item-checkbox"${inapplicable ? ' data-inapplicable=""' : ''}${checked ? ' checked' : ''}${name} disabled>`;
  };
}
