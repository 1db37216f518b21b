import type { NotesSortDirection } from '../../utils/workItems';

/**
 * The activity's texts and numbers (GitLab's `work_items/components/notes/*` and
 * `notes/constants.js`), each named once. The filter and sort values, their labels and storage keys
 * are in `utils/workItems` (spec section 4).
 */

/** Heading of the activity. */
export const WORK_ITEM_ACTIVITY_HEADING = 'Activity';
/** The sort choices (GitLab's `WORK_ITEM_ACTIVITY_SORT_OPTIONS`). */
export const NOTES_SORT_LABELS: Readonly<Record<NotesSortDirection, string>> = {
  desc: 'Newest first',
  asc: 'Oldest first',
};
/** Accessible names of the filter and sort menus. */
export const NOTES_FILTER_MENU_LABEL = 'Filter activity';
export const NOTES_SORT_MENU_LABEL = 'Sort activity';

/** The marker of an internal note. */
export const INTERNAL_NOTE_LABEL = 'Internal note';
/** The note actions. */
export const NOTE_ACTION_LABELS = {
  reply: 'Reply to comment',
  edit: 'Edit comment',
  more: 'More actions',
  copyLink: 'Copy link',
  delete: 'Delete comment',
  save: 'Save comment',
  resolve: 'Resolve thread',
  unresolve: 'Unresolve thread',
} as const;
/** The reply box of a thread, and the label of its text box once opened. */
export const REPLY_PLACEHOLDER = 'Reply…';
export const REPLY_LABEL = 'Reply';
/** Shown after copying a note's link. */
export const LINK_COPIED_MESSAGE = 'Link copied to clipboard.';
/** The delete confirmation of a note. */
export const DELETE_NOTE_CONFIRM = {
  message: 'Are you sure you want to delete this comment?',
  primaryBtnText: 'Delete comment',
} as const;
/** The 'Something went wrong…' texts of the note actions (GitLab's). */
export const NOTE_UPDATE_ERROR_MESSAGE = 'Something went wrong when updating a comment. Please try again';
export const NOTE_DELETE_ERROR_MESSAGE = 'Something went wrong when deleting a comment. Please try again';
export const DISCUSSION_RESOLVE_ERROR_MESSAGE = 'Something went wrong while resolving the thread. Please try again.';
/** The 'Edited' line under an edited note. */
export const EDITED_TEXT = 'Edited';
/** The thread's replies toggle: 'Collapse replies', or '3 replies' to expand. */
export const COLLAPSE_REPLIES_LABEL = 'Collapse replies';
export function repliesCountText(count: number): string {
  return count === 1 ? '1 reply' : `${count} replies`;
}
/** The line of a resolved thread. */
export function resolvedByText(name: string | undefined): string {
  return name ? `Resolved by ${name}` : 'Resolved';
}
/** Shown when the filter leaves nothing. */
export const NOTES_EMPTY_TEXT = 'No activity to show.';

/**
 * Long threads render incrementally (issue 15: a 1,000-note issue stays responsive): this many
 * threads are rendered at first (on the server too), then this many more each time the end of the
 * list comes near (or 'Load more' is chosen). Our choice: GitLab fetches notes 20 at a time.
 */
export const NOTES_INITIAL_COUNT = 20;
export const NOTES_BATCH_SIZE = 20;
/**
 * Threads rendered in each idle period after the first ones, until every thread is in the page:
 * few, so that the commit of a step (DOM, effects) stays a short task while the reader scrolls.
 */
export const NOTES_IDLE_BATCH_SIZE = 5;
/** How far below the viewport, in px, the next batch starts rendering at once. */
export const NOTES_PRELOAD_MARGIN = 800;
/** The fallback button for the next batch. */
export const NOTES_LOAD_MORE_LABEL = 'Load more';
/** The status line under a list that is still growing: 'Showing 20 of 500 threads'. */
export function notesProgressText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} threads`;
}

/** The URL hash of a note: `#note_<id>` (the last part of a global id). */
export const NOTE_ANCHOR_PREFIX = 'note_';
export function noteAnchorId(id: string | number): string {
  const raw = String(id);
  return `${NOTE_ANCHOR_PREFIX}${raw.slice(raw.lastIndexOf('/') + 1)}`;
}
