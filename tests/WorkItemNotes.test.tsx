// WorkItemNotes in jsdom: notes, history and internal notes as GitLab shows them; the filter and
// sort with their storage keys (spec section 4) read after mount; threads (collapse, reply,
// resolve with its rollback); editing and deleting one's own notes with their rollbacks; the
// incremental list (idle periods, 'Load more') and a #note_<id> deep link beyond the first batch.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COLLAPSE_REPLIES_LABEL,
  DELETE_NOTE_CONFIRM,
  DISCUSSION_RESOLVE_ERROR_MESSAGE,
  INTERNAL_NOTE_LABEL,
  NOTE_ACTION_LABELS,
  NOTE_DELETE_ERROR_MESSAGE,
  NOTE_UPDATE_ERROR_MESSAGE,
  NOTES_FILTER_MENU_LABEL,
  NOTES_LOAD_MORE_LABEL,
  NOTES_SORT_LABELS,
  NOTES_SORT_MENU_LABEL,
  REPLY_PLACEHOLDER,
  WorkItemNotes,
  noteAnchorId,
  notesProgressText,
  repliesCountText,
  type WorkItemDiscussion,
  type WorkItemNotesProps,
} from '../src/markdown/WorkItemNotes';
import { NOTES_IDLE_BATCH_SIZE } from '../src/markdown/WorkItemNotes/constants';
import { NOTES_FILTER_LABELS, NOTES_FILTER_STORAGE_KEY, NOTES_SORT_STORAGE_KEY } from '../src/utils/workItems';
import { longDiscussions, NOTES_CURRENT_USER, sampleDiscussions } from '../stories/markdown/workItemNotesData';

// The delete confirmation renders in its own React root, outside Testing Library's act().
/** Time for compiling the code loaded on demand, once, on a loaded machine. */
const WARM_UP_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  // The notes' code loaded on demand (<Markdown> with the sanitiser, the menus' content), compiled
  // once here: the first test to reach for them would otherwise wait for that under a loaded machine.
  await Promise.all([import('../src/markdown/Markdown/Markdown'), import('../src/components/Menu/MenuContent')]);
}, WARM_UP_TIMEOUT_MS);
beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});
afterEach(() => vi.restoreAllMocks());

function setup(props: Partial<WorkItemNotesProps> = {}) {
  const user = userEvent.setup();
  const handlers = {
    onAddNote: vi.fn(async () => {}),
    onUpdateNote: vi.fn(async () => {}),
    onDeleteNote: vi.fn(async () => {}),
    onResolveDiscussion: vi.fn(async () => {}),
    onFilterChange: vi.fn(),
    onSortChange: vi.fn(),
  };
  const discussions = props.discussions ?? sampleDiscussions();
  const view = render(
    <WorkItemNotes
      discussions={discussions}
      currentUser={NOTES_CURRENT_USER}
      canCreateNote
      workItemType="issue"
      {...handlers}
      {...props}
    />,
  );
  return { user, discussions, ...handlers, ...view };
}

/** `list[index]`, failing the test when it is missing. */
function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`no item ${index}`);
  return value;
}
/** The note `n` of thread `d`. */
const noteOf = (discussions: readonly WorkItemDiscussion[], d: number, n = 0) => at(at(discussions, d).notes, n);

const notes = () => Array.from(document.querySelectorAll<HTMLElement>('[data-component="WorkItemNote"]'));
const note = (id: string | number) => document.getElementById(noteAnchorId(id)) as HTMLElement;

async function choose(user: ReturnType<typeof userEvent.setup>, menu: RegExp, item: string) {
  await user.click(screen.getByRole('button', { name: menu }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('WorkItemNotes: notes', () => {
  it('shows each comment with its author, time link to #note_<id>, and the internal marker', () => {
    const { discussions } = setup();
    const internal = noteOf(discussions, 3, 0);
    const internalNote = note(internal.id);
    expect(internalNote).toHaveAttribute('data-internal', 'true');
    expect(within(internalNote).getByText(INTERNAL_NOTE_LABEL)).toBeInTheDocument();
    expect(within(internalNote).getByRole('link', { name: /Ada Lovelace @ada/ })).toHaveAttribute('href', '/ada');
    const timeLink = within(internalNote)
      .getAllByRole('link')
      .find((link) => link.getAttribute('href')?.startsWith('#'));
    expect(timeLink).toHaveAttribute('href', `#note_${internal.id}`);
    // Other comments are not marked internal.
    expect(note(noteOf(discussions, 1, 0).id)).not.toHaveAttribute('data-internal');
    expect(within(note(noteOf(discussions, 1, 0).id)).queryByText(INTERNAL_NOTE_LABEL)).toBeNull();
  });

  it("shows history as compact system notes with the server's text", async () => {
    const { discussions } = setup();
    const history = note(noteOf(discussions, 0, 0).id);
    expect(history).toHaveAttribute('data-variant', 'system');
    await waitFor(() => expect(history).toHaveTextContent(/Grace Hopper\s*added bug label/));
    expect(within(history).queryByRole('button')).toBeNull();
  });

  it('offers edit and delete on the current user’s own notes only', async () => {
    const { discussions, user } = setup();
    const own = note(noteOf(discussions, 1, 1).id);
    const other = note(noteOf(discussions, 1, 0).id);
    expect(within(own).getByRole('button', { name: NOTE_ACTION_LABELS.edit })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: NOTE_ACTION_LABELS.edit })).toBeNull();
    await user.click(within(other).getByRole('button', { name: NOTE_ACTION_LABELS.more }));
    expect(await screen.findByRole('menuitem', { name: NOTE_ACTION_LABELS.copyLink })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: NOTE_ACTION_LABELS.delete })).toBeNull();
  });

  it('shows no comment box, reply or edit without a signed-in user', () => {
    setup({ currentUser: null });
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: NOTE_ACTION_LABELS.reply })).toBeNull();
  });
});

describe('WorkItemNotes: filter and sort', () => {
  it('filters to comments or history and remembers the choice under filter_key_work_item', async () => {
    const { user, onFilterChange } = setup();
    expect(notes().some((element) => element.dataset.variant === 'system')).toBe(true);
    await choose(user, new RegExp(NOTES_FILTER_MENU_LABEL), NOTES_FILTER_LABELS.comments);
    expect(notes().every((element) => element.dataset.variant === 'comment')).toBe(true);
    expect(JSON.parse(localStorage.getItem(NOTES_FILTER_STORAGE_KEY) ?? 'null')).toBe('ONLY_COMMENTS');
    expect(onFilterChange).toHaveBeenLastCalledWith('comments');

    await choose(user, new RegExp(NOTES_FILTER_MENU_LABEL), NOTES_FILTER_LABELS.history);
    expect(notes()).toHaveLength(2);
    expect(notes().every((element) => element.dataset.variant === 'system')).toBe(true);
    expect(JSON.parse(localStorage.getItem(NOTES_FILTER_STORAGE_KEY) ?? 'null')).toBe('ONLY_ACTIVITY');
  });

  it('sorts newest first, puts the comment box on top and remembers it under sort_direction_work_item', async () => {
    const { user, discussions, onSortChange } = setup();
    const firstIds = () => notes().map((element) => element.id);
    expect(firstIds()[0]).toBe(noteAnchorId(noteOf(discussions, 0, 0).id));
    await choose(user, new RegExp(NOTES_SORT_MENU_LABEL), NOTES_SORT_LABELS.desc);
    expect(firstIds()[0]).toBe(noteAnchorId(noteOf(discussions, 4, 0).id));
    // Replies keep their order inside the thread.
    const thread = at(discussions, 1).notes.map((item) => noteAnchorId(item.id));
    const order = firstIds().filter((id) => thread.includes(id));
    expect(order).toEqual(thread);
    expect(JSON.parse(localStorage.getItem(NOTES_SORT_STORAGE_KEY) ?? 'null')).toBe('desc');
    expect(onSortChange).toHaveBeenLastCalledWith('desc');
    const section = document.querySelector('[data-component="WorkItemNotes"]') as HTMLElement;
    const form = section.querySelector('[data-component="CommentForm"]') as HTMLElement;
    const list = section.querySelector('ol') as HTMLElement;
    expect(form.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('applies the stored filter and sort after mount and reports them', async () => {
    localStorage.setItem(NOTES_FILTER_STORAGE_KEY, JSON.stringify('ONLY_COMMENTS'));
    localStorage.setItem(NOTES_SORT_STORAGE_KEY, JSON.stringify('desc'));
    const { onFilterChange, onSortChange } = setup();
    const section = document.querySelector('[data-component="WorkItemNotes"]');
    await waitFor(() => expect(section).toHaveAttribute('data-filter', 'comments'));
    expect(section).toHaveAttribute('data-sort', 'desc');
    expect(onFilterChange).toHaveBeenCalledWith('comments');
    expect(onSortChange).toHaveBeenCalledWith('desc');
    expect(screen.getByRole('button', { name: new RegExp(NOTES_SORT_MENU_LABEL) })).toHaveTextContent(
      NOTES_SORT_LABELS.desc,
    );
  });

  it('ignores a stored value that is not a filter', async () => {
    localStorage.setItem(NOTES_FILTER_STORAGE_KEY, JSON.stringify('EVERYTHING'));
    const { onFilterChange } = setup();
    await Promise.resolve();
    expect(document.querySelector('[data-component="WorkItemNotes"]')).toHaveAttribute('data-filter', 'all');
    expect(onFilterChange).not.toHaveBeenCalled();
  });
});

describe('WorkItemNotes: threads', () => {
  it('collapses and expands replies; a resolved thread starts collapsed', async () => {
    const { user, discussions } = setup();
    const replyId = noteOf(discussions, 1, 1).id;
    expect(note(replyId)).toBeInTheDocument();
    await user.click(at(screen.getAllByRole('button', { name: COLLAPSE_REPLIES_LABEL }), 0));
    expect(note(replyId)).toBeNull();
    await user.click(screen.getByRole('button', { name: repliesCountText(2) }));
    expect(note(replyId)).toBeInTheDocument();
    // The resolved thread: its reply hidden behind '1 reply'.
    expect(note(noteOf(discussions, 4, 1).id)).toBeNull();
    expect(screen.getByRole('button', { name: repliesCountText(1) })).toHaveAttribute('aria-expanded', 'false');
  });

  it("replies through the 'Reply…' box with the thread's id", async () => {
    const { user, onAddNote, discussions } = setup();
    await user.click(screen.getByRole('button', { name: REPLY_PLACEHOLDER }));
    const box = screen.getByRole('textbox', { name: 'Reply' });
    expect(box).toHaveFocus();
    await user.type(box, 'Agreed');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(onAddNote).toHaveBeenCalledWith({ body: 'Agreed', internal: false, discussionId: at(discussions, 1).id });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull());
  });

  it('resolves a thread at once and takes it back with the error when the server refuses', async () => {
    const onResolveDiscussion = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('no'));
    const { user, discussions } = setup({ onResolveDiscussion });
    const first = note(noteOf(discussions, 1, 0).id);
    const resolve = within(first).getByRole('button', { name: NOTE_ACTION_LABELS.resolve });
    expect(resolve).toHaveAttribute('aria-pressed', 'false');
    await user.click(resolve);
    expect(onResolveDiscussion).toHaveBeenLastCalledWith(at(discussions, 1).id, true);
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: NOTE_ACTION_LABELS.unresolve })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    // The already-resolved thread: unresolving fails.
    const resolved = note(noteOf(discussions, 4, 0).id);
    await user.click(within(resolved).getByRole('button', { name: NOTE_ACTION_LABELS.unresolve }));
    expect(onResolveDiscussion).toHaveBeenLastCalledWith(at(discussions, 4).id, false);
    expect(await screen.findByText(DISCUSSION_RESOLVE_ERROR_MESSAGE)).toBeInTheDocument();
    expect(within(resolved).getByRole('button', { name: NOTE_ACTION_LABELS.unresolve })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('WorkItemNotes: editing and deleting own notes', () => {
  it('saves an edit, and reopens the editor with the text and the error when it fails', async () => {
    const onUpdateNote = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('no'));
    const { user, discussions } = setup({ onUpdateNote });
    const own = noteOf(discussions, 3, 0);
    await user.click(within(note(own.id)).getByRole('button', { name: NOTE_ACTION_LABELS.edit }));
    const editor = within(note(own.id)).getByRole('textbox', { name: NOTE_ACTION_LABELS.edit });
    expect(editor).toHaveValue(own.body);
    await user.clear(editor);
    await user.type(editor, 'First edit');
    await user.click(within(note(own.id)).getByRole('button', { name: NOTE_ACTION_LABELS.save }));
    expect(onUpdateNote).toHaveBeenLastCalledWith(own.id, 'First edit');
    expect(within(note(own.id)).queryByRole('textbox')).toBeNull();

    await user.click(within(note(own.id)).getByRole('button', { name: NOTE_ACTION_LABELS.edit }));
    await user.type(within(note(own.id)).getByRole('textbox'), ' and more');
    await user.click(within(note(own.id)).getByRole('button', { name: NOTE_ACTION_LABELS.save }));
    expect(await within(note(own.id)).findByText(NOTE_UPDATE_ERROR_MESSAGE)).toBeInTheDocument();
    expect(within(note(own.id)).getByRole('textbox')).toHaveValue(`${own.body} and more`);
  });

  it('deletes after the confirmation, and puts the note back with the error when it fails', async () => {
    const onDeleteNote = vi.fn().mockRejectedValueOnce(new Error('no')).mockResolvedValueOnce(undefined);
    const { user, discussions } = setup({ onDeleteNote });
    const own = noteOf(discussions, 3, 0);
    const remove = async () => {
      await user.click(within(note(own.id)).getByRole('button', { name: NOTE_ACTION_LABELS.more }));
      await user.click(await screen.findByRole('menuitem', { name: NOTE_ACTION_LABELS.delete }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveAccessibleName(DELETE_NOTE_CONFIRM.message);
      await user.click(within(dialog).getByRole('button', { name: DELETE_NOTE_CONFIRM.primaryBtnText }));
    };
    await remove();
    await waitFor(() => expect(onDeleteNote).toHaveBeenCalledWith(own.id));
    expect(await within(note(own.id)).findByText(NOTE_DELETE_ERROR_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await remove();
    await waitFor(() => expect(note(own.id)).toBeNull());
  });
});

describe('WorkItemNotes: long threads', () => {
  /** Idle periods on demand: the callbacks `requestIdleCallback` was given, run by `runIdle`. */
  function controlIdle() {
    const queue = new Map<number, IdleRequestCallback>();
    let next = 0;
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      next += 1;
      queue.set(next, callback);
      return next;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => queue.delete(handle));
    return {
      pending: () => queue.size,
      runIdle: () => {
        const callbacks = [...queue.values()];
        queue.clear();
        for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 0 });
      },
    };
  }
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const threads = () => document.querySelectorAll('.fk-work-item-notes__list > li');
  /** A step renders as a transition, in slices: on a loaded machine that can take seconds. */
  const STEP = { timeout: 10_000 };

  it('renders the first batch, then the next on Load more', async () => {
    controlIdle();
    const discussions = longDiscussions(100);
    const { user } = setup({ discussions, initialCount: 10, batchSize: 15 });
    expect(threads()).toHaveLength(10);
    expect(screen.getByRole('status')).toHaveTextContent(notesProgressText(10, discussions.length));
    await user.click(screen.getByRole('button', { name: NOTES_LOAD_MORE_LABEL }));
    await waitFor(() => expect(threads()).toHaveLength(25), STEP);
  });

  it('renders the rest a few threads per idle period, until every thread is in the page', async () => {
    const idle = controlIdle();
    const discussions = longDiscussions(40);
    setup({ discussions, initialCount: 10 });
    expect(threads()).toHaveLength(10);
    while (threads().length < discussions.length) {
      const before = threads().length;
      await waitFor(() => expect(idle.pending()).toBe(1), STEP);
      idle.runIdle();
      await waitFor(() => expect(threads().length).toBeGreaterThan(before), STEP);
      expect(threads().length).toBe(Math.min(before + NOTES_IDLE_BATCH_SIZE, discussions.length));
    }
    expect(screen.queryByRole('button', { name: NOTES_LOAD_MORE_LABEL })).toBeNull();
    expect(idle.pending()).toBe(0);
  });

  it('renders up to the thread of a #note_<id> link and scrolls to it', async () => {
    const discussions = longDiscussions(60);
    const target = noteOf(discussions, 22, 0);
    window.location.hash = `#${noteAnchorId(target.id)}`;
    controlIdle();
    setup({ discussions, initialCount: 5, batchSize: 5 });
    await waitFor(() => expect(note(target.id)).toBeInTheDocument());
    expect(note(target.id)).toHaveAttribute('data-target', 'true');
    expect(document.querySelectorAll('.fk-work-item-notes__list > li')).toHaveLength(25);
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalled());
  });

  it('shows new notes that arrive in the props (realtime)', () => {
    const discussions = sampleDiscussions();
    const { rerender, ...rest } = setup({ discussions });
    const added = at(longDiscussions(1), 0);
    rerender(<WorkItemNotes discussions={[...discussions, added]} onAddNote={rest.onAddNote} />);
    expect(note(at(added.notes, 0).id)).toBeInTheDocument();
  });
});
