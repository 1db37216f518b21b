// toggleTaskListItem as forgekit/markdown exports it: a function of this module that loads
// ./toggleTaskListItem (and with it the Markdown parser) on its first call. Importing that module
// here, even only to call it, put markdown-it into the chunk of every page that takes anything
// from forgekit/markdown: under esbuild's code splitting as a static import of the entry (the
// viewer 55 -> 106 KB, tests/markdownLazyLoad.node.test.ts), and in the product's build, where
// every page importing forgekit/markdown lazily (the user popovers, after idle) shares one chunk
// for it (tests/markdownUserPopoverBundle.node.test.ts).
import type * as TaskList from './toggleTaskListItem';
import type { TaskListItemChange } from './toggleTaskListItem';

export type { TaskListItemChange } from './toggleTaskListItem';

let taskList: Promise<typeof TaskList> | undefined;

/**
 * The description with one task toggled: `checked` writes `[x]`, unchecked `[ ]`, on the task's
 * line (from `sourcepos` when the HTML carried it, else the `index`th task of the source). Resolves
 * to `null` when no such task is in `source` (the text changed under the page): the caller must not
 * save a guess. Async: the Markdown parser that finds the tasks loads with the first call.
 */
export async function toggleTaskListItem(source: string, change: TaskListItemChange): Promise<string | null> {
  taskList ??= import('./toggleTaskListItem').catch((error: unknown) => {
    taskList = undefined;
    throw error;
  });
  return (await taskList).toggleTaskListItem(source, change);
}
