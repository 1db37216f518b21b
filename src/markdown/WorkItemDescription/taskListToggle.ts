// toggleTaskListItem as forgekit/markdown exports it: a function of this module, not a re-export.
// WorkItemDescription loads ./toggleTaskListItem (and with it the Markdown parser) with `import()`;
// with code splitting, esbuild puts into a page's initial chunk every module used anywhere in the
// app that a used module imports, and a module that only re-exports a used module counts as used,
// so the re-export made markdown-it part of every page importing forgekit/markdown (the viewer
// 55 -> 106 KB, tests/markdownLazyLoad.node.test.ts). This module is used only where an app
// toggles tasks itself.
import * as taskList from './toggleTaskListItem';
import type { TaskListItemChange } from './toggleTaskListItem';

export type { TaskListItemChange } from './toggleTaskListItem';

/**
 * The description with one task toggled: `checked` writes `[x]`, unchecked `[ ]`, on the task's
 * line (from `sourcepos` when the HTML carried it, else the `index`th task of the source). Returns
 * `null` when no such task is in `source` (the text changed under the page): the caller must not
 * save a guess.
 */
export function toggleTaskListItem(source: string, change: TaskListItemChange): string | null {
  return taskList.toggleTaskListItem(source, change);
}
