// Task lists (spec section 3 of the Markdown issue: "Task-list checkboxes get accessible labels
// (toggling through an adapter when editable)"). The renderer writes GitLab's markup:
// `li.task-list-item > input.task-list-item-checkbox[disabled]` followed by the item's text, the
// box already named after that text (`aria-label`, render/taskLists.ts), as GitLab's own HTML is.
// Naming here is left for markup that arrives without a name (HTML stored by an older renderer,
// other servers' markup).
import { TASK_LIST_UNTITLED_LABEL } from '../../render/constants';
import type { TaskToggle } from '../options';
import type { MarkdownEnhancer } from '../types';
import './taskList.css';

/** Class of a task's checkbox (GitLab's). */
export const TASK_LIST_CHECKBOX_CLASS = 'task-list-item-checkbox';

export { TASK_LIST_UNTITLED_LABEL };

export type { TaskListOptions, TaskToggle } from '../options';

const SKIPPED = new Set(['ul', 'ol', 'input']);
const SEPARATED = new Set(['p', 'div', 'br']);

/** The item's own text: everything but its checkbox and nested lists, whitespace collapsed. */
function itemText(item: Element): string {
  let text = '';
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) text += (child as Text).data;
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const name = (child as Element).localName;
        if (SKIPPED.has(name)) continue;
        walk(child);
        if (SEPARATED.has(name)) text += ' ';
      }
    }
  };
  walk(item);
  return text.replace(/\s+/g, ' ').trim();
}

const selector = `input.${TASK_LIST_CHECKBOX_CLASS}[type="checkbox"]`;

/**
 * Whether a `<label>` names the input. Not `input.labels`: Chromium computes it by walking the
 * whole document, once per input (320 ms for 600 task boxes on a long thread, bench/markdownPipeline).
 */
function hasLabelElement(input: HTMLInputElement): boolean {
  if (input.closest('label')) return true;
  return input.id !== '' && input.ownerDocument.querySelector(`label[for="${CSS.escape(input.id)}"]`) !== null;
}

/**
 * Names every task checkbox after its item's text (`aria-label`, unless the markup already names
 * it). Read-only without `taskList.onToggle`: the checkboxes stay disabled. With it they are
 * enabled and each toggle calls the adapter: optimistic, `aria-disabled="true"` and
 * `data-state="pending"` while saving (focus stays on the checkbox), reverted and reported on
 * failure.
 */
export const taskListEnhancer: MarkdownEnhancer = {
  name: 'taskListEnhancer',
  selector,
  enhance(elements, context) {
    const onToggle = context.options.taskList?.onToggle;
    for (const element of elements) {
      if (!(element instanceof HTMLInputElement)) continue;
      const input = element;
      const item = input.closest('li') ?? input.parentElement;
      const text = item ? itemText(item) : '';
      const isNamed =
        input.hasAttribute('aria-label') || input.hasAttribute('aria-labelledby') || hasLabelElement(input);
      if (!isNamed) {
        input.setAttribute('aria-label', text || TASK_LIST_UNTITLED_LABEL);
      }
      // Inapplicable tasks (`[~]`) are not toggled, as in GitLab.
      if (!onToggle || input.hasAttribute('data-inapplicable')) {
        input.disabled = true;
        continue;
      }

      let isPending = false;
      const setPending = (pending: boolean) => {
        isPending = pending;
        if (pending) {
          input.setAttribute('aria-disabled', 'true');
          input.setAttribute('data-state', 'pending');
        } else {
          input.removeAttribute('aria-disabled');
          input.removeAttribute('data-state');
        }
      };
      // While saving, a click (or Space) must not toggle again: cancelling the click undoes it.
      const onClick = (event: MouseEvent) => {
        if (isPending) event.preventDefault();
      };
      const onChange = () => {
        const checked = input.checked;
        const task: TaskToggle = {
          index: Array.from(context.root.querySelectorAll(selector)).indexOf(input),
          checked,
          text,
        };
        const sourcepos = item?.getAttribute('data-sourcepos');
        if (sourcepos) task.sourcepos = sourcepos;
        setPending(true);
        let saving: Promise<void>;
        try {
          saving = Promise.resolve(onToggle(task));
        } catch (error) {
          saving = Promise.reject(error);
        }
        saving.then(
          () => {
            if (!context.signal.aborted) setPending(false);
          },
          (error: unknown) => {
            if (context.signal.aborted) return;
            input.checked = !checked;
            setPending(false);
            context.reportError(error);
          },
        );
      };
      input.disabled = false;
      input.addEventListener('click', onClick);
      input.addEventListener('change', onChange);
      context.onDispose(() => {
        input.removeEventListener('click', onClick);
        input.removeEventListener('change', onChange);
        setPending(false);
        input.disabled = true;
      });
    }
  },
};
