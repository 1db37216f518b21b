import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Markdown, renderMarkdown } from '../../src/markdown';
import type { TaskToggle } from '../../src/markdown/pipeline/enhancers/taskList';

const TASKS = [
  '**Release checklist**',
  '',
  '- [x] Freeze the branch',
  '- [ ] Update the **changelog**',
  '  - [x] Features',
  '  - [ ] Fixes',
  '- [ ] Tag the release and announce it',
].join('\n');

/** A task list as the server sends it, with GitLab's `data-sourcepos` (editable in the Playground). */
const PLAYGROUND_HTML =
  '<ul class="task-list" data-sourcepos="1:1-2:18">' +
  '<li class="task-list-item" data-sourcepos="1:1-1:16"><input type="checkbox" class="task-list-item-checkbox" disabled> Write the tests</li>' +
  '<li class="task-list-item" data-sourcepos="2:1-2:18"><input type="checkbox" class="task-list-item-checkbox" checked disabled> Read the spec</li>' +
  '</ul>';

/** An adapter that saves at once, as a server answering quickly would. */
const save = fn(async (_task: TaskToggle) => {});
/** An adapter whose save never finishes: the checkbox stays pending. */
const saveForever = fn((_task: TaskToggle) => new Promise<void>(() => {}));
/** An adapter whose save fails: the checkbox reverts. */
const saveFails = fn(async (_task: TaskToggle) => {
  throw new Error('Someone else edited this description. Reload to see their changes.');
});

const meta = {
  title: 'Markdown/TaskList',
  component: Markdown,
  args: { html: '' },
  loaders: [async () => ({ html: await renderMarkdown(TASKS) })],
  render: (args, { loaded }) => <Markdown {...args} html={(loaded.html as string | undefined) ?? args.html} />,
  parameters: {
    docs: {
      description: {
        component: [
          'Task lists (`- [ ]`, `- [x]`) in rendered Markdown (`taskListEnhancer`; issue 5: "Task-list checkboxes',
          'get accessible labels (toggling through an adapter when editable)"). Every checkbox is named after its',
          'item\'s own text (nested items excluded), so a screen reader says "Update the changelog, checkbox, not',
          'checked".',
          '\n\n**Read-only** (no adapter): the checkboxes stay disabled. **Editable**: pass',
          '`options={{ taskList: { onToggle } }}`; `onToggle({ index, checked, text, sourcepos })` saves the change',
          'and returns a promise. The new state shows at once; while the promise is pending the checkbox is',
          '`aria-disabled` (focus stays on it, Space does nothing); a rejection restores the old state and is',
          'reported through `options.onError`. Keyboard: Tab to a checkbox, Space toggles it.',
        ].join(' '),
      },
    },
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read-only: no adapter, so every checkbox is disabled but named. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: 'Update the changelog' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'Freeze the branch' })).toBeChecked();
  },
};

/** Edit `html` (a task list as the server sends it); toggles are saved by an adapter that always succeeds. */
export const Playground: Story = {
  args: { html: PLAYGROUND_HTML, options: { taskList: { onToggle: save } } },
  loaders: [async () => ({ html: undefined })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('checkbox', { name: 'Write the tests' })).toBeEnabled());
  },
};

/** Editable: toggling 'Fixes' calls the adapter with its index, new state and text. */
export const Editable: Story = {
  args: { options: { taskList: { onToggle: save } } },
  play: async ({ canvasElement, args }) => {
    const fixes = await within(canvasElement).findByRole('checkbox', { name: 'Fixes' });
    await waitFor(() => expect(fixes).toBeEnabled());
    await userEvent.click(fixes);
    await expect(fixes).toBeChecked();
    await expect(args.options!.taskList!.onToggle).toHaveBeenCalledWith({ index: 3, checked: true, text: 'Fixes' });
    await waitFor(() => expect(fixes).not.toHaveAttribute('aria-disabled'));
  },
};

/** Saving: the checkbox shows its new state and is unavailable until the adapter answers. */
export const Saving: Story = {
  args: { options: { taskList: { onToggle: saveForever } } },
  play: async ({ canvasElement }) => {
    const tag = await within(canvasElement).findByRole('checkbox', { name: 'Tag the release and announce it' });
    await waitFor(() => expect(tag).toBeEnabled());
    await userEvent.click(tag);
    await expect(tag).toBeChecked();
    await expect(tag).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The save fails: the checkbox goes back to its old state and the error goes to `onError`. */
export const SaveFails: Story = {
  args: { options: { taskList: { onToggle: saveFails }, onError: fn() } },
  play: async ({ canvasElement, args }) => {
    const tag = await within(canvasElement).findByRole('checkbox', { name: 'Tag the release and announce it' });
    await waitFor(() => expect(tag).toBeEnabled());
    await userEvent.click(tag);
    await waitFor(() => expect(args.options!.onError).toHaveBeenCalled());
    await expect(tag).not.toBeChecked();
    await expect(tag).not.toHaveAttribute('aria-disabled');
  },
};
