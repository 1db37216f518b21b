/** GitLab's note entity (`lib/api/entities/note.rb`), for comments and system notes. */
import type { NoteRow } from '../../../domain/issuableTables.ts';
import type { UserRow } from '../../../domain/users.ts';
import { isoTime, type EntityContext } from './context.ts';
import { UserBasic } from './User.ts';

/** What a note shows besides its row. */
export interface NoteExtras {
  author: UserRow | null;
  /** The iid of the issue (or merge request) the note is on. */
  noteableIid: number;
}

/** `id, type, body, author, created_at, updated_at, system, noteable_*, project_id, ...`. */
export function Note(note: NoteRow, extras: NoteExtras, ctx: EntityContext) {
  return {
    id: note.id,
    type: note.type ?? null,
    body: note.note,
    attachment: null,
    author: extras.author ? UserBasic(extras.author, ctx) : null,
    created_at: isoTime(note.created_at),
    updated_at: isoTime(note.updated_at),
    system: note.system,
    noteable_id: note.noteable_id,
    noteable_type: note.noteable_type,
    project_id: note.project_id,
    resolvable: false,
    confidential: note.internal,
    internal: note.internal,
    imported: false,
    imported_from: 'none',
    noteable_iid: extras.noteableIid,
    commands_changes: {},
  };
}
