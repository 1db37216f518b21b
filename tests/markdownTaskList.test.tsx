// Task lists in rendered Markdown (jsdom): every checkbox is named after its item; read-only
// without an adapter; with one, toggling is optimistic, unavailable while saving, reverted and
// reported on failure.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown, renderMarkdown } from '../src/markdown';
import {
  TASK_LIST_UNTITLED_LABEL,
  taskListEnhancer,
  type TaskListOptions,
  type TaskToggle,
} from '../src/markdown/pipeline/enhancers/taskList';
import { renderGfm } from '../src/markdown/pipeline/renderGfm';
import { enhanceHtml, enhanceMarkdown, renderRootsOutsideAct } from './markdownCode.support';

renderRootsOutsideAct();

const LIST = '- [ ] Buy **milk**\n- [x] Walk the dog\n  - [ ] Find the lead\n- [ ]\n';
const tasksOnly = (taskList?: TaskListOptions) => ({ enhancers: [taskListEnhancer], taskList });

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('taskListEnhancer, read-only', () => {
  it('names every checkbox after its own item text (not its nested items) and keeps them disabled', async () => {
    await enhanceMarkdown(LIST, tasksOnly());
    const milk = screen.getByRole('checkbox', { name: 'Buy milk' });
    const dog = screen.getByRole('checkbox', { name: 'Walk the dog' });
    const lead = screen.getByRole('checkbox', { name: 'Find the lead' });
    expect(milk).not.toBeChecked();
    expect(dog).toBeChecked();
    for (const box of [milk, dog, lead]) expect(box).toBeDisabled();
  });

  it(`names a checkbox without text '${TASK_LIST_UNTITLED_LABEL}'`, async () => {
    await enhanceMarkdown(LIST, tasksOnly());
    expect(screen.getByRole('checkbox', { name: TASK_LIST_UNTITLED_LABEL })).toBeDisabled();
  });

  it('labels loose lists (checkbox inside a paragraph) too', async () => {
    await enhanceMarkdown('- [ ] First\n\n  more text\n\n- [x] Second\n', tasksOnly());
    expect(screen.getByRole('checkbox', { name: 'First more text' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Second' })).toBeChecked();
  });

  it('keeps a name the markup already gives', async () => {
    await enhanceHtml(
      '<ul class="task-list"><li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" aria-label="Server name" disabled> Text</li></ul>',
      tasksOnly(),
    );
    expect(screen.getByRole('checkbox')).toHaveAccessibleName('Server name');
  });

  it('keeps a name from a <label> around the checkbox or pointing at it', async () => {
    await enhanceHtml(
      '<ul class="task-list">' +
        '<li class="task-list-item"><label><input type="checkbox" class="task-list-item-checkbox"> Wrapped</label> extra</li>' +
        '<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" id="task-2"> ' +
        '<label for="task-2">Pointed</label> extra</li></ul>',
      tasksOnly(),
    );
    const [wrapped, pointed] = screen.getAllByRole('checkbox');
    expect(wrapped).not.toHaveAttribute('aria-label');
    expect(wrapped).toHaveAccessibleName('Wrapped');
    expect(pointed).not.toHaveAttribute('aria-label');
    expect(pointed).toHaveAccessibleName('Pointed');
  });
});

describe('names from the renderer', () => {
  it('are named before any enhancer runs, with the text the enhancer gives the adapter', async () => {
    const markdown =
      '- [ ] Buy **milk** `now`\n- [x] Walk the _dog_ & <b>cat</b>\n  - [ ] Find the lead\n- [ ]\n\n' +
      '1. [ ] First\n\n   more text\n\n   > quoted\n\n2. [x] fix #1 :smile: [docs](https://docs.example.com)\n';
    const context = {
      resolveReferences: async (refs: unknown[]) => refs.map((_ref, i) => ({ url: `/r/${i}`, state: 'closed' })),
      emoji: (name: string) => ({ unicode: '🙂', description: name }),
    };
    const container = document.createElement('div');
    container.innerHTML = await renderMarkdown(markdown, context);
    document.body.append(container);
    const boxes = screen.getAllByRole('checkbox');
    const names = boxes.map((box) => box.getAttribute('aria-label'));
    expect(names).toHaveLength(6);
    expect(names).not.toContain(null);
    const texts: string[] = [];
    renderGfm(container, tasksOnly({ onToggle: async (task) => void texts.push(task.text) }));
    for (const box of boxes) {
      // Re-enabled by the enhancer, toggled to read the text it hands the adapter.
      await waitFor(() => expect(box).toBeEnabled());
      await userEvent.click(box);
    }
    expect(texts.map((text) => text || TASK_LIST_UNTITLED_LABEL)).toEqual(names);
  });
});

describe('taskListEnhancer, editable (onToggle)', () => {
  it('enables the checkboxes and tells the adapter about a toggle: index, new state, text', async () => {
    const onToggle = vi.fn(async (_task: TaskToggle) => {});
    await enhanceMarkdown(LIST, tasksOnly({ onToggle }));
    const lead = screen.getByRole('checkbox', { name: 'Find the lead' });
    expect(lead).toBeEnabled();
    await userEvent.click(lead);
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onToggle).toHaveBeenCalledWith({ index: 2, checked: true, text: 'Find the lead' });
    expect(lead).toBeChecked();
  });

  it('keeps inapplicable tasks ([~]) disabled', async () => {
    await enhanceMarkdown('- [~] Not needed\n- [ ] Needed\n', tasksOnly({ onToggle: vi.fn() }));
    expect(screen.getByRole('checkbox', { name: 'Not needed' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Needed' })).toBeEnabled();
  });

  it('shows the new state at once, unavailable while saving; a second click waits', async () => {
    const save = deferred();
    const onToggle = vi.fn(() => save.promise);
    await enhanceMarkdown(LIST, tasksOnly({ onToggle }));
    const milk = screen.getByRole('checkbox', { name: 'Buy milk' });
    await userEvent.click(milk);
    expect(milk).toBeChecked();
    expect(milk).toHaveAttribute('aria-disabled', 'true');
    expect(milk).toHaveAttribute('data-state', 'pending');
    await userEvent.click(milk);
    expect(milk).toBeChecked();
    expect(onToggle).toHaveBeenCalledTimes(1);
    save.resolve();
    await waitFor(() => expect(milk).not.toHaveAttribute('aria-disabled'));
    expect(milk).not.toHaveAttribute('data-state');
    expect(milk).toBeChecked();
  });

  it('reverts and reports when the adapter rejects', async () => {
    const error = new Error('Conflict');
    const onToggle = vi.fn(async () => {
      throw error;
    });
    const { onError } = await enhanceMarkdown(LIST, tasksOnly({ onToggle }));
    const dog = screen.getByRole('checkbox', { name: 'Walk the dog' });
    await userEvent.click(dog);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(error, 'taskListEnhancer'));
    expect(dog).toBeChecked();
    expect(dog).not.toHaveAttribute('aria-disabled');
  });

  it('reports an adapter that throws synchronously the same way', async () => {
    const error = new Error('boom');
    const onToggle = vi.fn(() => {
      throw error;
    });
    const { onError } = await enhanceMarkdown(LIST, tasksOnly({ onToggle }));
    const milk = screen.getByRole('checkbox', { name: 'Buy milk' });
    await userEvent.click(milk);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(error, 'taskListEnhancer'));
    expect(milk).not.toBeChecked();
  });

  it("passes the item's data-sourcepos (GitLab's server markup)", async () => {
    const onToggle = vi.fn(async (_task: TaskToggle) => {});
    await enhanceHtml(
      '<ul class="task-list" data-sourcepos="1:1-2:12"><li class="task-list-item" data-sourcepos="2:1-2:12"><input type="checkbox" class="task-list-item-checkbox" disabled> Ship it</li></ul>',
      tasksOnly({ onToggle }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ship it' }));
    expect(onToggle).toHaveBeenCalledWith({ index: 0, checked: true, text: 'Ship it', sourcepos: '2:1-2:12' });
  });

  it('is read-only again after dispose, and editable once more on the next run', async () => {
    const onToggle = vi.fn(async (_task: TaskToggle) => {});
    const { container, handle } = await enhanceMarkdown(LIST, tasksOnly({ onToggle }));
    handle.dispose();
    const milk = screen.getByRole('checkbox', { name: 'Buy milk' });
    expect(milk).toBeDisabled();
    await renderGfm(container, tasksOnly({ onToggle })).done;
    expect(milk).toBeEnabled();
    await userEvent.click(milk);
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('toggles from the keyboard through <Markdown>, keeping focus on the checkbox while saving', async () => {
    const user = userEvent.setup();
    const save = deferred();
    const onToggle = vi.fn(() => save.promise);
    const html = await renderMarkdown(LIST);
    render(<Markdown html={html} options={{ taskList: { onToggle } }} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Buy milk' })).toBeEnabled());
    await user.tab();
    const milk = screen.getByRole('checkbox', { name: 'Buy milk' });
    expect(milk).toHaveFocus();
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledWith({ index: 0, checked: true, text: 'Buy milk' });
    expect(milk).toHaveFocus();
    expect(milk).toHaveAttribute('aria-disabled', 'true');
    save.resolve();
    await waitFor(() => expect(milk).not.toHaveAttribute('aria-disabled'));
  });
});
