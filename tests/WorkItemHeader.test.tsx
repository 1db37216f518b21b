// WorkItemHeader: title editing (255 limit, Enter, Escape, revert), state toggle, confidentiality
// notice, the actions menu (copy, notifications, promote, move, confidentiality, delete) and toasts.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideAllToasts } from '../src/components/Toast';
import {
  WORK_ITEM_HEADER_TEXTS,
  WorkItemHeader,
  showWorkItemCreatedToast,
  type WorkItemHeaderProps,
} from '../src/components/WorkItemHeader';
import { TITLE_TOO_LONG_MESSAGE } from '../src/utils/validation';
import {
  confidentialityMessage,
  deleteWorkItemMessage,
  deleteWorkItemWithChildrenMessage,
  WORK_ITEM_UPDATE_ERROR_MESSAGE,
} from '../src/utils/workItems';

afterEach(() => act(() => hideAllToasts()));

const base: WorkItemHeaderProps = {
  type: 'Issue',
  title: 'Crash on save',
  reference: '#42',
  state: 'OPEN',
  author: { name: 'Ada Lovelace', webUrl: '/ada' },
  createdAt: '2026-11-20T10:00:00Z',
};

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
  return screen.findByRole('menu');
}

describe('WorkItemHeader', () => {
  it('shows the title as the h1, the Open badge, type, reference and "created ... by"', () => {
    render(<WorkItemHeader {...base} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Crash on save' })).toBeInTheDocument();
    expect(screen.getByText('Open').closest('.fk-work-item-header__state')).toHaveAttribute('data-variant', 'open');
    expect(screen.getByText('Issue')).toBeInTheDocument();
    expect(screen.getByText('#42')).toBeInTheDocument();
    const created = document.querySelector('[data-component="WorkItemHeader.Created"]')!;
    expect(created.textContent).toMatch(/^created .+ by Ada Lovelace$/);
    expect(within(created as HTMLElement).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/ada');
    // Read-only: no edit button, no close button.
    expect(screen.queryByRole('button', { name: 'Edit title' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close issue' })).toBeNull();
  });

  it('shows Closed for a closed item and the parent as a link', () => {
    render(
      <WorkItemHeader
        {...base}
        type="Task"
        state="CLOSED"
        parent={{ title: 'Parent issue', reference: '#7', webUrl: '/p/7', type: 'Issue' }}
      />,
    );
    expect(screen.getByText('Closed').closest('.fk-work-item-header__state')).toHaveAttribute('data-variant', 'closed');
    const nav = screen.getByRole('navigation', { name: 'Parent' });
    expect(within(nav).getByRole('link')).toHaveAttribute('href', '/p/7');
    expect(within(nav).getByRole('link')).toHaveTextContent('Parent issue#7');
  });

  it('gives the confidential badge the notice of spec section 6', () => {
    const { rerender } = render(<WorkItemHeader {...base} isConfidential />);
    const issueNotice = confidentialityMessage({ namespace: 'project', issuableType: 'issue' });
    expect(screen.getByText('Confidential').closest('.fk-work-item-header__confidential')).toHaveTextContent(
      issueNotice,
    );
    rerender(<WorkItemHeader {...base} type="Epic" namespace="group" isConfidential />);
    expect(screen.getByText('Confidential').closest('.fk-work-item-header__confidential')).toHaveTextContent(
      'Only group members with at least the Reporter role can view or be notified about this epic.',
    );
  });

  it('edits the title: Enter saves (trimmed), focus returns to the Edit button', async () => {
    const onTitleChange = vi.fn(() => Promise.resolve());
    render(<WorkItemHeader {...base} canUpdate onTitleChange={onTitleChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, '  Crash on save in Firefox {Enter}');
    expect(onTitleChange).toHaveBeenCalledWith('Crash on save in Firefox');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Crash on save in Firefox');
    expect(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus();
  });

  it('Escape cancels the edit without saving', async () => {
    const onTitleChange = vi.fn(() => Promise.resolve());
    render(<WorkItemHeader {...base} canUpdate onTitleChange={onTitleChange} />);
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' changed{Escape}');
    expect(onTitleChange).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Crash on save');
    expect(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus();
  });

  it('refuses 256 characters with the spec message and saves 255', async () => {
    const onTitleChange = vi.fn(() => Promise.resolve());
    render(<WorkItemHeader {...base} canUpdate onTitleChange={onTitleChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste('a'.repeat(256));
    expect(screen.getByText(TITLE_TOO_LONG_MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onTitleChange).not.toHaveBeenCalled();
    await userEvent.type(input, '{Backspace}{Enter}');
    expect(onTitleChange).toHaveBeenCalledWith('a'.repeat(255));
  });

  it('shows the new title at once and reverts it with the update error when the save fails', async () => {
    const save = deferred();
    render(<WorkItemHeader {...base} canUpdate onTitleChange={() => save.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(input);
    await userEvent.type(input, 'New title{Enter}');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New title');
    await act(async () => save.reject(new Error('500')));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Crash on save');
    expect(screen.getByRole('alert')).toHaveTextContent(WORK_ITEM_UPDATE_ERROR_MESSAGE);
  });

  it('closes and reopens with "Close issue" / "Reopen issue", pending while saving', async () => {
    const save = deferred();
    const onStateChange = vi.fn(() => save.promise);
    render(<WorkItemHeader {...base} type="Key Result" canUpdate onStateChange={onStateChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close key result' }));
    expect(onStateChange).toHaveBeenCalledWith('CLOSED');
    expect(screen.getByRole('button', { name: 'Closing key result' })).toHaveAttribute('aria-disabled', 'true');
    await act(async () => save.resolve());
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen key result' })).toBeInTheDocument();
  });

  it('keeps the state and shows the typed error when closing fails', async () => {
    render(<WorkItemHeader {...base} canUpdate onStateChange={() => Promise.reject(new Error('no'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close issue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while updating the issue. Please try again.',
    );
    expect(screen.getByText('Open')).toBeInTheDocument();
  });

  it('copies the reference and the e-mail address with GitLab toasts', async () => {
    const user = userEvent.setup();
    render(<WorkItemHeader {...base} createNoteEmail="incoming+42@forge.example" />);
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy reference' }));
    expect(await screen.findByText(WORK_ITEM_HEADER_TEXTS.referenceCopied)).toBeInTheDocument();
    // The menu closes after its exit transition: waited for, so its update is not outside act().
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(navigator.clipboard.readText()).resolves.toBe('#42');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy issue email address' }));
    expect(await screen.findByText(WORK_ITEM_HEADER_TEXTS.emailAddressCopied)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(navigator.clipboard.readText()).resolves.toBe('incoming+42@forge.example');
  });

  it('toggles notifications optimistically, with a toast, and reverts on failure', async () => {
    const onSubscribedChange = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <WorkItemHeader {...base} isSubscribed={false} onSubscribedChange={onSubscribedChange} />,
    );
    let menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Notifications Off' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Notifications Off' }));
    expect(onSubscribedChange).toHaveBeenCalledWith(true);
    expect(await screen.findByText('Notifications turned on.')).toBeInTheDocument();
    menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Notifications On' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    rerender(<WorkItemHeader {...base} isSubscribed onSubscribedChange={() => Promise.reject(new Error('x'))} />);
    menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /^Notifications/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while updating the issue.');
    menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Notifications On' })).toBeInTheDocument();
  });

  it('offers promote only for key results and move only for issues', async () => {
    const onPromote = vi.fn(() => Promise.resolve());
    const onMove = vi.fn();
    const { unmount } = render(
      <WorkItemHeader {...base} type="Key Result" canSetMetadata canMove onPromote={onPromote} onMove={onMove} />,
    );
    let menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Move' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Promote to objective' }));
    expect(onPromote).toHaveBeenCalled();
    expect(await screen.findByText('Promoted to objective.')).toBeInTheDocument();
    unmount();

    render(<WorkItemHeader {...base} canSetMetadata canMove onPromote={onPromote} onMove={onMove} />);
    menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Promote to objective' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Move' }));
    expect(onMove).toHaveBeenCalled();
  });

  it('turns confidentiality on, and cannot turn it off under a confidential parent', async () => {
    const onConfidentialChange = vi.fn(() => Promise.resolve());
    const { unmount } = render(<WorkItemHeader {...base} canSetMetadata onConfidentialChange={onConfidentialChange} />);
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Turn on confidentiality' }));
    expect(onConfidentialChange).toHaveBeenCalledWith(true);
    expect(await screen.findByText('Confidential')).toBeInTheDocument();
    unmount();

    render(
      <WorkItemHeader
        {...base}
        type="Task"
        isConfidential
        isParentConfidential
        canSetMetadata
        onConfidentialChange={onConfidentialChange}
      />,
    );
    const locked = await openMenu();
    expect(within(locked).getByRole('menuitem', { name: /^Turn off confidentiality/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('deletes after the confirmation (with the children variant) and shows the deleted toast', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const { unmount } = render(<WorkItemHeader {...base} canDelete onDelete={onDelete} />);
    let menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete issue' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete issue' });
    expect(dialog).toHaveTextContent(deleteWorkItemMessage('issue'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    unmount();

    render(<WorkItemHeader {...base} type="Epic" hasChildren canDelete onDelete={onDelete} />);
    menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete epic' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete epic' });
    expect(dialog).toHaveTextContent(deleteWorkItemWithChildrenMessage('epic'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete epic' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Epic deleted')).toBeInTheDocument();
  });

  it('shows the delete error when deleting fails', async () => {
    render(<WorkItemHeader {...base} canDelete onDelete={() => Promise.reject(new Error('x'))} />);
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete issue' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete issue' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Something went wrong when deleting the issue. Please try again.',
      ),
    );
  });

  it('exposes the created toast for the page', async () => {
    act(() => {
      showWorkItemCreatedToast('Task');
    });
    expect(await screen.findByText('Task created')).toBeInTheDocument();
  });
});
