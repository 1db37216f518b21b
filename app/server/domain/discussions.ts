/**
 * Discussions (GitLab's `Discussion`): notes that share a `discussion_id`. A note written as a
 * comment stands alone (an "individual note", its discussion id derived from its own id, the
 * one GraphQL shows); a discussion started through the discussions API, and every reply to it,
 * is a `DiscussionNote` with the discussion's id. Replying to a standalone comment turns it into
 * a discussion under its own id, as GitLab does (`Note#convert_to_discussion!`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/schema.ts';
import type { NoteRow } from './issuableTables.ts';
import { createNote, type NewNote } from './notes.ts';
import type { MarkdownScope } from './markdown.ts';
import type { MentionTarget } from './mentions.ts';
import { inTransaction } from './transaction.ts';

/** The note `type` of notes that belong to a discussion. */
export const DISCUSSION_NOTE = 'DiscussionNote';
/** Bytes of a discussion id (GitLab's are SHA-1 sized: 40 hex digits). */
const DISCUSSION_ID_BYTES = 20;

declare module './issuableTables.ts' {
  interface NotesTable {
    /** The discussion of a `DiscussionNote`; null for a note that stands alone. */
    discussion_id: string | null;
    type: typeof DISCUSSION_NOTE | null;
  }
}

/** The discussion id of a note that stands alone (derived from its id, stable). */
export function standaloneDiscussionId(noteId: number): string {
  return createHash('sha1').update(`discussion:Note:${noteId}`).digest('hex');
}

/** The id of the discussion a note belongs to. */
export function discussionIdOf(note: Pick<NoteRow, 'id' | 'discussion_id'>): string {
  return note.discussion_id ?? standaloneDiscussionId(note.id);
}

/** A discussion: its id, whether it is one standalone note, and its notes, oldest first. */
export interface DiscussionView {
  id: string;
  individualNote: boolean;
  notes: NoteRow[];
}

/** Groups notes (oldest first) into discussions, ordered by their first note. */
export function groupDiscussions(notes: readonly NoteRow[]): DiscussionView[] {
  const byId = new Map<string, DiscussionView>();
  for (const note of notes) {
    const id = discussionIdOf(note);
    const discussion = byId.get(id) ?? { id, individualNote: note.type !== DISCUSSION_NOTE, notes: [] };
    discussion.notes.push(note);
    byId.set(id, discussion);
  }
  return [...byId.values()];
}

/** Starts a discussion with its first note. */
export function startDiscussion(
  db: DbOrTx,
  input: NewNote,
  scope: MarkdownScope,
  target?: MentionTarget,
): Promise<NoteRow> {
  return writeDiscussionNote(db, input, randomBytes(DISCUSSION_ID_BYTES).toString('hex'), scope, target);
}

/**
 * Adds a reply to the discussion whose first note is `first`; a standalone comment becomes a
 * discussion (keeping its id) first.
 */
export function replyToDiscussion(
  db: DbOrTx,
  first: NoteRow,
  input: NewNote,
  scope: MarkdownScope,
  target?: MentionTarget,
): Promise<NoteRow> {
  const discussionId = discussionIdOf(first);
  return inTransaction(db, async (trx) => {
    if (first.type !== DISCUSSION_NOTE) {
      await trx
        .updateTable('notes')
        .set({ discussion_id: discussionId, type: DISCUSSION_NOTE })
        .where('id', '=', first.id)
        .execute();
    }
    return writeDiscussionNote(trx, input, discussionId, scope, target);
  });
}

/** Writes a note and files it under `discussionId`, in one transaction. */
function writeDiscussionNote(
  db: DbOrTx,
  input: NewNote,
  discussionId: string,
  scope: MarkdownScope,
  target?: MentionTarget,
): Promise<NoteRow> {
  return inTransaction(db, async (trx) => {
    const note = await createNote(trx, input, scope, target);
    return trx
      .updateTable('notes')
      .set({ discussion_id: discussionId, type: DISCUSSION_NOTE })
      .where('id', '=', note.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
