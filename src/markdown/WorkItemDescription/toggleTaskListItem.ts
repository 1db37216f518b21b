// GitLab saves a task-list toggle by rewriting the description's Markdown: `[ ]` becomes `[x]` (or
// back) on the task's line. The task is found the way the renderer numbered the checkboxes: the
// same parser walks the source, so a `- [ ]` inside a code block or a quote's text is never taken
// for a task, and the nth checkbox of the rendered HTML is the nth task item of the token stream.
import { parser } from '../render/parser';

/** Which task changed: what the task-list enhancer reports (`TaskToggle`). */
export interface TaskListItemChange {
  /** Position of the checkbox among all task checkboxes, from 0. */
  index: number;
  /** The new state. */
  checked: boolean;
  /** GitLab's `data-sourcepos` of the item (`line:col-line:col`), which wins over `index` when present. */
  sourcepos?: string;
}

/** A task marker at the start of a paragraph: `[ ]`, `[x]`, `[X]` (inapplicable `[~]` is never toggled). */
const MARKER = /\[([ xX])\]/;
const SOURCEPOS_LINE = /^(\d+):/;

/** The 0-based source line of each task item's first paragraph, in document order. */
function taskLines(source: string): number[] {
  const tokens = parser().parse(source, {});
  const lines: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (
      token.type !== 'list_item_open' ||
      !String(token.attrGet('class') ?? '')
        .split(' ')
        .includes('task-list-item')
    )
      continue;
    const paragraph = tokens[i + 1];
    const map = paragraph?.map ?? token.map;
    if (map) lines.push(map[0]);
  }
  return lines;
}

/**
 * The description with one task toggled: `checked` writes `[x]`, unchecked `[ ]`, on the task's
 * line (from `sourcepos` when the HTML carried it, else the `index`th task of the source). Returns
 * `null` when no such task is in `source` (the text changed under the page): the caller must not
 * save a guess.
 */
export function toggleTaskListItem(source: string, change: TaskListItemChange): string | null {
  const lines = source.split('\n');
  let lineIndex: number | undefined;
  const fromSourcepos = change.sourcepos ? SOURCEPOS_LINE.exec(change.sourcepos) : null;
  if (fromSourcepos) lineIndex = Number(fromSourcepos[1]) - 1;
  else lineIndex = taskLines(source)[change.index];
  if (lineIndex === undefined) return null;
  const line = lines[lineIndex];
  const marker = line === undefined ? null : MARKER.exec(line);
  if (line === undefined || !marker) return null;
  const replacement = change.checked ? '[x]' : '[ ]';
  lines[lineIndex] = line.slice(0, marker.index) + replacement + line.slice(marker.index + marker[0].length);
  return lines.join('\n');
}
