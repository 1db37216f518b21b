import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CONFIRM_ACTION_DEFAULTS } from '../../src/components/Modal';
import { renderMarkdown } from '../../src/markdown/render/renderMarkdown';
import {
  COLLAPSE_REPLIES_LABEL,
  DELETE_NOTE_CONFIRM,
  DISCUSSION_RESOLVE_ERROR_MESSAGE,
  INTERNAL_NOTE_LABEL,
  NOTE_ACTION_LABELS,
  NOTES_EMPTY_TEXT,
  NOTES_FILTER_MENU_LABEL,
  NOTES_INITIAL_COUNT,
  NOTES_LOAD_MORE_LABEL,
  NOTES_SORT_LABELS,
  NOTES_SORT_MENU_LABEL,
  REPLY_PLACEHOLDER,
  WorkItemNotes,
  notesProgressText,
} from '../../src/markdown/WorkItemNotes';
import { removeStorage } from '../../src/utils/storage';
import { NOTES_FILTER_LABELS, NOTES_FILTER_STORAGE_KEY, NOTES_SORT_STORAGE_KEY } from '../../src/utils/workItems';
import { emojiStoreLoader } from '../support/emojiStore';
import { longDiscussions, NOTES_CURRENT_USER, sampleDiscussions } from './workItemNotesData';

const frame = { maxWidth: 760 } as const;
const SAMPLE = sampleDiscussions();
const LONG = longDiscussions(500);

const meta = {
  title: 'Markdown/WorkItemNotes',
  component: WorkItemNotes,
  loaders: [emojiStoreLoader],
  // Each story starts from the default filter and sort (a play function's choice is stored).
  beforeEach: () => {
    removeStorage('local', NOTES_FILTER_STORAGE_KEY);
    removeStorage('local', NOTES_SORT_STORAGE_KEY);
  },
  args: {
    discussions: SAMPLE,
    currentUser: NOTES_CURRENT_USER,
    workItemType: 'issue',
    canCreateNote: true,
    canMarkNoteAsInternal: true,
    onAddNote: fn(async () => {}),
    onUpdateNote: fn(async () => {}),
    onDeleteNote: fn(async () => {}),
    onToggleAward: fn(async () => {}),
    onResolveDiscussion: fn(async () => {}),
    onToggleState: fn(async () => {}),
    onFilterChange: fn(),
    onSortChange: fn(),
    previewMarkdown: async (text: string) => ({ body: await renderMarkdown(text) }),
  },
  argTypes: {
    discussions: { control: false },
    previewMarkdown: { control: false },
    renderOptions: { control: false },
    defaultFilter: { control: 'inline-radio', options: ['all', 'comments', 'history'] },
    defaultSort: { control: 'inline-radio', options: ['asc', 'desc'] },
  },
  render: (args) => (
    <div style={frame}>
      <WorkItemNotes {...args} />
    </div>
  ),
  parameters: {
    docs: {
      description: {
        component:
          "A work item's activity (GitLab's work item notes): the comment threads with their replies, the history " +
          '(labels added, description changed) as compact lines, and the comment box at the end.\n\n' +
          '- **Threads**: replies collapse and expand; a thread that can be resolved has a resolve button on its ' +
          'first note, and a resolved thread starts collapsed. **Reply…** opens a reply box in the thread.\n' +
          '- **Own notes** can be edited in place and deleted after a confirmation. Both show at once; if the server ' +
          "refuses, the note comes back (the editor reopens with the text) with GitLab's 'Something went wrong…' text.\n" +
          '- **Internal notes** are marked **Internal note** on a warning background. Show them only to those the ' +
          'data allows: the component shows what it is given.\n' +
          '- **Reactions** under each note (AwardEmojiBar), optimistic.\n' +
          '- **Filter** (All activity, Comments only, History only) and **sort** (Oldest first, Newest first) are ' +
          'remembered in localStorage under `filter_key_work_item` and `sort_direction_work_item`. The stored ' +
          'choice is applied right after hydration, so server-rendered pages show the defaults first. With ' +
          'Newest first the comment box moves to the top.\n' +
          '- **Long activities** render 20 threads (on the server too), then 20 more whenever the end of the list ' +
          'comes within 800 px of the viewport; **Load more** does the same by hand. A link to `#note_<id>` renders ' +
          'up to its thread and scrolls to it.\n\n' +
          "Data comes in through `discussions` (GitLab's field names) and leaves through async callbacks " +
          '(`onAddNote`, `onUpdateNote`, `onDeleteNote`, `onToggleAward`, `onResolveDiscussion`); a new note from ' +
          'realtime is simply a new `discussions` array.\n\n' +
          '**Keyboard**: every action is a button in reading order; the filter and sort are menus (arrows, Enter, ' +
          'Escape); in a comment or reply box **Ctrl+Enter** or **⌘+Enter** submits and **Escape** cancels a reply ' +
          'or edit.',
      },
    },
  },
} satisfies Meta<typeof WorkItemNotes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A short activity: history, a thread with replies and a reaction, an internal note, a resolved thread. */
export const Default: Story = {};

/** Every prop as a control. */
export const Playground: Story = {
  args: { defaultFilter: 'all', defaultSort: 'asc', isWorkItemOpen: true },
};

/** Signed out: the notes only, no comment box, no reply, edit or reacting. */
export const ReadOnly: Story = {
  args: { currentUser: null, canCreateNote: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(INTERNAL_NOTE_LABEL)).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: NOTE_ACTION_LABELS.reply })).toBeNull();
  },
};

/** The first notes are loading: the work item skeleton. */
export const Loading: Story = {
  args: { discussions: [], isLoading: true },
};

/** No activity yet: the empty text and the comment box. */
export const Empty: Story = {
  args: { discussions: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NOTES_EMPTY_TEXT)).toBeVisible();
  },
};

/** Comments only: the history is hidden, and the choice is stored under `filter_key_work_item`. */
/** The menu's content loads on the first open: on a loaded machine that can take seconds. */
const MENU_LOAD = { timeout: 10_000 };

export const CommentsOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(NOTES_FILTER_MENU_LABEL) }));
    const body = within(document.body);
    await userEvent.click(await body.findByRole('menuitem', { name: NOTES_FILTER_LABELS.comments }, MENU_LOAD));
    await waitFor(() => expect(canvas.queryByText(/added/)).toBeNull());
    await expect(args.onFilterChange).toHaveBeenCalledWith('comments');
    await expect(window.localStorage.getItem(NOTES_FILTER_STORAGE_KEY)).toBe('"ONLY_COMMENTS"');
  },
};

/** Newest first: the latest thread on top and the comment box above the threads. */
export const NewestFirst: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: new RegExp(NOTES_SORT_MENU_LABEL) }));
    await userEvent.click(
      await within(document.body).findByRole('menuitem', { name: NOTES_SORT_LABELS.desc }, MENU_LOAD),
    );
    await expect(args.onSortChange).toHaveBeenCalledWith('desc');
    await expect(canvas.getByRole('button', { name: new RegExp(NOTES_SORT_MENU_LABEL) })).toHaveTextContent(
      NOTES_SORT_LABELS.desc,
    );
  },
};

/** The reply box of a thread, opened from 'Reply…', with focus in it. */
export const Replying: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: REPLY_PLACEHOLDER }));
    const box = await canvas.findByRole('textbox', { name: 'Reply' });
    await expect(box).toHaveFocus();
    await userEvent.type(box, 'Agreed, let us backport it.');
  },
};

/** Editing one's own note in place. */
export const EditingOwnNote: Story = {
  play: async ({ canvas }) => {
    const [edit] = await canvas.findAllByRole('button', { name: NOTE_ACTION_LABELS.edit });
    await userEvent.click(edit as HTMLElement);
    await expect(await canvas.findByRole('textbox', { name: NOTE_ACTION_LABELS.edit })).toHaveFocus();
  },
};

/** Collapsed replies: '2 replies' instead of the thread. */
export const CollapsedReplies: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: COLLAPSE_REPLIES_LABEL }));
    await expect(await canvas.findByRole('button', { name: '2 replies' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The server refuses to resolve the thread: it is taken back and the error is shown. */
export const ResolveError: Story = {
  args: { onResolveDiscussion: fn(() => Promise.reject(new Error('Request failed with status code 500'))) },
  play: async ({ canvas }) => {
    const [resolve] = await canvas.findAllByRole('button', { name: NOTE_ACTION_LABELS.resolve });
    await userEvent.click(resolve as HTMLElement);
    await expect(await canvas.findByText(DISCUSSION_RESOLVE_ERROR_MESSAGE)).toBeVisible();
    await expect(resolve).toHaveAttribute('aria-pressed', 'false');
    await userEvent.unhover(resolve as HTMLElement);
  },
};

/**
 * A 500-note issue: 20 threads render at first, the rest as the end of the list nears (or on 'Load
 * more'). No screenshot: how far it has grown depends on the viewport's height.
 */
export const LongActivity: Story = {
  args: { discussions: LONG },
  parameters: { visual: { disable: true } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: NOTES_LOAD_MORE_LABEL })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Showing \d+ of/);
    await userEvent.click(canvas.getByRole('button', { name: NOTES_LOAD_MORE_LABEL }));
    await waitFor(() =>
      expect(canvas.getByRole('status').textContent).not.toBe(notesProgressText(NOTES_INITIAL_COUNT, LONG.length)),
    );
  },
};

/**
 * Deleting one's own note asks first. (Last of the file: the confirmation lives on document.body and
 * closes only after the screenshot.)
 */
export const DeleteConfirmation: Story = {
  parameters: { visual: { target: 'page' } },
  // The confirmation lives in its own root on document.body: cancel it when the story goes.
  beforeEach: () => () => {
    // The server-render test loads every story in Node: no document there.
    if (typeof document === 'undefined') return;
    const buttons = document.querySelectorAll<HTMLButtonElement>('[data-fk-confirm-action] button');
    [...buttons].find((button) => button.textContent === CONFIRM_ACTION_DEFAULTS.cancelBtnText)?.click();
  },
  play: async ({ canvas }) => {
    const mine = (await canvas.findByText(INTERNAL_NOTE_LABEL)).closest('li') as HTMLElement;
    await userEvent.click(within(mine).getByRole('button', { name: NOTE_ACTION_LABELS.more }));
    const body = within(document.body);
    await userEvent.click(await body.findByRole('menuitem', { name: NOTE_ACTION_LABELS.delete }));
    const dialog = await body.findByRole('alertdialog');
    await expect(dialog).toHaveAccessibleName(DELETE_NOTE_CONFIRM.message);
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'visible'));
  },
};
