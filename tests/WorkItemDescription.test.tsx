// WorkItemDescription: task toggles rewrite the Markdown at the right line; edit, save, cancel;
// the lock-version conflict keeps the user's text; 'Edited ... by ...'.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  renderMarkdown,
  toggleTaskListItem,
  WorkItemDescription,
  WorkItemDescriptionConflictError,
  WORK_ITEM_DESCRIPTION_TEXTS,
} from '../src/markdown';
import { WORK_ITEM_UPDATE_ERROR_MESSAGE } from '../src/utils/workItems';

const SOURCE = [
  'Steps:',
  '',
  '```',
  '- [ ] not a task (code)',
  '```',
  '',
  '- [ ] Reproduce',
  '- [x] Find the cause',
  '  1. [ ] Nested fix',
  '> - [ ] Quoted task',
].join('\n');

describe('toggleTaskListItem', () => {
  it('toggles the nth task of the source, skipping code blocks, in lists, nested lists and quotes', async () => {
    expect(await toggleTaskListItem(SOURCE, { index: 0, checked: true })).toBe(
      SOURCE.replace('- [ ] Reproduce', '- [x] Reproduce'),
    );
    expect(await toggleTaskListItem(SOURCE, { index: 1, checked: false })).toBe(
      SOURCE.replace('- [x] Find', '- [ ] Find'),
    );
    expect(await toggleTaskListItem(SOURCE, { index: 2, checked: true })).toBe(
      SOURCE.replace('1. [ ] Nested', '1. [x] Nested'),
    );
    expect(await toggleTaskListItem(SOURCE, { index: 3, checked: true })).toBe(
      SOURCE.replace('> - [ ] Quoted', '> - [x] Quoted'),
    );
  });

  it('uses the sourcepos line when the HTML carried one, and refuses a task that is not there', async () => {
    expect(await toggleTaskListItem('- [ ] a\n- [ ] b', { index: 0, checked: true, sourcepos: '2:1-2:7' })).toBe(
      '- [ ] a\n- [x] b',
    );
    expect(await toggleTaskListItem(SOURCE, { index: 9, checked: true })).toBeNull();
    expect(await toggleTaskListItem('plain text', { index: 0, checked: true, sourcepos: '1:1-1:10' })).toBeNull();
  });
});

// The code block's copy button is a React root of its own (an island), unmounted in a microtask
// once the description is: inside act(), or React warns that the update to that root was not.
afterEach(async () => {
  await act(async () => {
    cleanup();
    await Promise.resolve();
  });
});

async function setup(props: Partial<Parameters<typeof WorkItemDescription>[0]> = {}) {
  const description = props.description ?? SOURCE;
  const html = await renderMarkdown(description);
  const utils = render(
    <WorkItemDescription description={description} descriptionHtml={html} lockVersion={3} {...props} />,
  );
  return { ...utils, html, description };
}

describe('WorkItemDescription', () => {
  it('renders the description read-only: disabled checkboxes, no Edit', async () => {
    await setup();
    const box = await screen.findByRole('checkbox', { name: 'Reproduce' });
    expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Edit description' })).toBeNull();
  });

  it('saves a toggled task as the updated Markdown with the lock version', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    await setup({ canUpdate: true, onSave });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Reproduce' }));
    expect(onSave).toHaveBeenCalledWith(SOURCE.replace('- [ ] Reproduce', '- [x] Reproduce'), { lockVersion: 3 });
    // A second toggle builds on the first, even before the page sends the new description.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nested fix' }));
    expect(onSave).toHaveBeenLastCalledWith(
      SOURCE.replace('- [ ] Reproduce', '- [x] Reproduce').replace('1. [ ] Nested', '1. [x] Nested'),
      { lockVersion: 3 },
    );
  });

  it('reverts a toggle the server refused and shows the update error', async () => {
    await setup({ canUpdate: true, onSave: () => Promise.reject(new Error('500')) });
    const box = await screen.findByRole('checkbox', { name: 'Reproduce' });
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.getByRole('alert')).toHaveTextContent(WORK_ITEM_UPDATE_ERROR_MESSAGE);
  });

  it('edits in the Markdown editor: Save sends the text, focus returns to Edit', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    await setup({ canUpdate: true, onSave, description: 'Old text' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    expect(textarea).toHaveFocus();
    await userEvent.clear(textarea);
    await userEvent.type(textarea, 'New text');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('New text', { lockVersion: 3 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit description' })).toHaveFocus());
  });

  it('asks before cancelling changed text, and keeps editing when the user continues', async () => {
    await setup({ canUpdate: true, onSave: () => Promise.resolve(), description: 'Old text' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' more');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(WORK_ITEM_DESCRIPTION_TEXTS.cancelConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Old text more');
  });

  it('keeps the text on a lock-version conflict, shows the current version and overwrites with its lock version', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new WorkItemDescriptionConflictError({ description: 'Their text', lockVersion: 4 }))
      .mockResolvedValueOnce(undefined);
    await setup({ canUpdate: true, onSave, description: 'Old text' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.clear(textarea);
    await userEvent.type(textarea, 'My text');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WORK_ITEM_DESCRIPTION_TEXTS.conflict)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('My text');
    expect(screen.getByRole('textbox', { name: 'Current version' })).toHaveValue('Their text');
    await userEvent.click(screen.getByRole('button', { name: 'Save and overwrite' }));
    expect(onSave).toHaveBeenLastCalledWith('My text', { lockVersion: 4 });
  });

  it('shows the conflict when the description changes while the user edits', async () => {
    const html = await renderMarkdown('Old text');
    const props = { descriptionHtml: html, canUpdate: true, onSave: () => Promise.resolve() };
    const { rerender } = render(<WorkItemDescription {...props} description="Old text" lockVersion={3} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' mine');
    rerender(<WorkItemDescription {...props} description="Someone else's text" lockVersion={4} />);
    expect(screen.getByText(WORK_ITEM_DESCRIPTION_TEXTS.conflict)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Old text mine');
  });

  it('shows the update error for another failure and keeps editing', async () => {
    await setup({ canUpdate: true, onSave: () => Promise.reject(new Error('500')), description: 'Old' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WORK_ITEM_UPDATE_ERROR_MESSAGE);
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
  });

  it("says 'Edited {time} by {user}' with the checklist count", async () => {
    await setup({
      lastEditedAt: '2026-11-24T12:00:00Z',
      now: '2026-11-25T12:00:00Z',
      lastEditedBy: { name: 'Grace', webUrl: '/grace' },
      taskCompletionStatus: { completedCount: 1, count: 4 },
    });
    const edited = document.querySelector('[data-component="WorkItemDescription.Edited"]')!;
    expect(edited.textContent).toBe('1 of 4 checklist items completed · Edited 1 day ago by Grace');
    expect(screen.getByRole('link', { name: 'Grace' })).toHaveAttribute('href', '/grace');
  });

  it('offers "Add a description" when empty and editable', async () => {
    await act(async () => {
      render(<WorkItemDescription description="" descriptionHtml="" canUpdate onSave={() => Promise.resolve()} />);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add a description' }));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveFocus();
  });
});
