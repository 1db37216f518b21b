import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { renderMarkdown, WorkItemDescription, WorkItemDescriptionConflictError } from '../../src/markdown';

const DESCRIPTION = [
  'When a `.gitlab-ci.yml` starts with a byte order mark the **pipeline editor** shows an empty canvas.',
  '',
  '- [x] Reproduce on a fresh project',
  '- [ ] Strip the BOM before parsing',
  '- [ ] Add a regression test',
].join('\n');

const preview = (text: string) => renderMarkdown(text).then((body) => ({ body }));

const meta = {
  title: 'Markdown/WorkItemDescription',
  component: WorkItemDescription,
  args: {
    description: DESCRIPTION,
    descriptionHtml: '',
    lockVersion: 3,
    lastEditedAt: '2026-11-24T12:00:00Z',
    now: '2026-11-25T12:00:00Z',
    lastEditedBy: { name: 'Grace Hopper', webUrl: '#grace' },
    taskCompletionStatus: { completedCount: 1, count: 3 },
    previewMarkdown: preview,
  },
  loaders: [async ({ args }) => ({ html: await renderMarkdown(String(args.description)) })],
  render: (args, { loaded }) => <WorkItemDescription {...args} descriptionHtml={loaded.html as string} />,
  parameters: {
    docs: {
      description: {
        component:
          "A work item's description: the server's HTML, with checklist boxes that save the description's Markdown " +
          "(`[ ]` ↔ `[x]` on that task's line) through `onSave(description, { lockVersion })`. **Edit** opens the " +
          'Markdown editor with write and preview; Save, Cancel (asking first when the text changed), Ctrl/Cmd-Enter ' +
          'saves and Escape cancels. "Edited {time} by {user}" sits under it.\n\n' +
          'When the server refuses a stale lock version, reject with `WorkItemDescriptionConflictError`: the text ' +
          "stays in the editor under GitLab's conflict message, with the current version, **Save and overwrite** " +
          'and **Discard changes**. The same shows when the description changes while the user edits.',
      },
    },
  },
} satisfies Meta<typeof WorkItemDescription>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read-only: the checkboxes are disabled. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('checkbox', { name: 'Add a regression test' })).toBeDisabled();
  },
};

export const Playground: Story = { args: { canUpdate: true, onSave: fn(() => Promise.resolve()) } };

/** Editable: toggling a task saves the Markdown. */
export const Editable: Story = {
  args: { canUpdate: true, onSave: fn(() => Promise.resolve()) },
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Add a regression test' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(DESCRIPTION.replace('- [ ] Add', '- [x] Add'), { lockVersion: 3 }),
    );
  },
};

/** Editing in the Markdown editor. */
export const Editing: Story = {
  args: { canUpdate: true, onSave: fn(() => Promise.resolve()) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit description' }));
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveFocus();
  },
};

/** The server refused a toggle: the box goes back, with the error. */
export const ToggleReverted: Story = {
  args: { canUpdate: true, onSave: fn(() => Promise.reject(new Error('Request failed with status code 500'))) },
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('checkbox', { name: 'Add a regression test' });
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Something went wrong while updating the work item.',
    );
  },
};

/** Someone saved first: the conflict message, the user's text kept. */
export const EditConflict: Story = {
  args: {
    canUpdate: true,
    onSave: fn(() =>
      Promise.reject(new WorkItemDescriptionConflictError({ description: 'Their newer description.', lockVersion: 4 })),
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit description' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), ' My addition.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('button', { name: 'Save and overwrite' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveValue(`${DESCRIPTION} My addition.`);
  },
};

/** No description yet: "Add a description" for those who may edit. */
export const Empty: Story = {
  args: {
    description: '',
    canUpdate: true,
    onSave: fn(() => Promise.resolve()),
    lastEditedAt: undefined,
    taskCompletionStatus: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add a description' })).toBeVisible();
  },
};

/** A long description. */
export const LongContent: Story = {
  args: {
    description: Array.from(
      { length: 6 },
      (_, index) => `## Part ${index + 1}\n\nA paragraph of findings, with \`code\` and a [link](#p${index}).`,
    ).join('\n\n'),
    taskCompletionStatus: undefined,
  },
};
