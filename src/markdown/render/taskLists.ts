// Task lists (`- [ ] todo`, `- [x] done`, `- [~] inapplicable`), GitLab's markup: the list gets
// `task-list`, the item `task-list-item`, and the text starts with a disabled
// `input.task-list-item-checkbox` (the pipeline labels it and makes it toggle when the note is
// editable). An inapplicable item's box has `data-inapplicable`, the item the class `inapplicable`
// and its first paragraph is struck through (`<s>`).
import type { MarkdownIt, StateCore } from 'markdown-it';
import { MARKDOWN_HOOKS } from './constants';

const TASK = /^\[([ xX~])\](?=\s|$)/;
const INAPPLICABLE = '~';

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
      checkbox.meta = { checked: task[1] !== ' ' && !inapplicable, inapplicable };
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
      const list = tokens[lists[lists.length - 1] ?? -1];
      if (list && !list.attrGet('class')) list.attrJoin('class', MARKDOWN_HOOKS.taskList);
    }
  }
}

/** markdown-it plugin: task lists. */
export function taskListsPlugin(md: MarkdownIt) {
  md.core.ruler.after('inline', 'task_lists', taskLists);
  md.renderer.rules.task_checkbox = (tokens, idx) => {
    const { checked, inapplicable } = tokens[idx]!.meta as { checked: boolean; inapplicable: boolean };
    return `<input type="checkbox" class="task-list-item-checkbox"${inapplicable ? ' data-inapplicable=""' : ''}${checked ? ' checked' : ''} disabled>`;
  };
}
