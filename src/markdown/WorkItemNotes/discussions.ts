import { NOTES_FILTERS, type NotesFilter, type NotesSortDirection } from '../../utils/workItems';
import { noteAnchorId } from './constants';
import type { WorkItemDiscussion } from './types';

/** A thread of history (its first note is a system note) rather than of comments. */
export function isSystemDiscussion(discussion: WorkItemDiscussion): boolean {
  return discussion.notes[0]?.system === true;
}

/**
 * The threads the notes filter keeps (spec section 4): all of them, the comments only, or the
 * history (system notes) only.
 */
export function filterDiscussions(
  discussions: readonly WorkItemDiscussion[],
  filter: NotesFilter,
): readonly WorkItemDiscussion[] {
  if (filter === 'all') return discussions;
  const wantSystem = filter === 'history';
  return discussions.filter((discussion) => isSystemDiscussion(discussion) === wantSystem);
}

/** Threads in the sort direction (spec section 4): as given (oldest first) or reversed. Replies keep their order. */
export function sortDiscussions(
  discussions: readonly WorkItemDiscussion[],
  direction: NotesSortDirection,
): readonly WorkItemDiscussion[] {
  return direction === 'asc' ? discussions : [...discussions].reverse();
}

/** Index of the thread holding the note of anchor `note_<id>`, or -1. */
export function discussionIndexOfAnchor(discussions: readonly WorkItemDiscussion[], anchor: string): number {
  return discussions.findIndex((discussion) => discussion.notes.some((note) => noteAnchorId(note.id) === anchor));
}

/** The filter key of a stored GraphQL filter value (`ALL_NOTES`, ...), or undefined. */
export function filterFromValue(value: unknown): NotesFilter | undefined {
  return (Object.keys(NOTES_FILTERS) as NotesFilter[]).find((key) => NOTES_FILTERS[key] === value);
}
