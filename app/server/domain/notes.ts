/**
 * Notes: comments and GitLab's system notes (`closed`, `reopened`, `assigned to @x`...), written
 * with their rendered HTML; mentions in comments become `mentioned` / `directly_addressed` todos.
 */
import type { DbOrTx } from '../db/schema.ts';
import type { NoteRow } from './issuableTables.ts';
import { renderedColumns, type MarkdownScope } from './markdown.ts';
import { createMentionTodos, type MentionTarget } from './mentions.ts';

/** What notes hang on (GitLab's `noteable_type`). */
export type NoteableType = 'Issue' | 'MergeRequest';

/** A note to write. */
export interface NewNote {
  noteableType: NoteableType;
  noteableId: number;
  /** Null on a group work item. */
  projectId: number | null;
  authorId: number;
  body: string;
  system?: boolean;
  internal?: boolean;
  createdAt?: Date;
}

/** Writes a note (rendered once, now); comments on issues also notify the users they mention. */
export async function createNote(
  db: DbOrTx,
  input: NewNote,
  scope: MarkdownScope,
  target?: MentionTarget,
): Promise<NoteRow> {
  const html = await renderedColumns(db, 'notes', { note: input.body }, scope);
  const note = await db
    .insertInto('notes')
    .values({
      noteable_type: input.noteableType,
      noteable_id: input.noteableId,
      project_id: input.projectId,
      author_id: input.authorId,
      note: input.body,
      system: input.system ?? false,
      internal: input.internal ?? false,
      ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
      ...(html as { note_html: string; cached_markdown_version: number }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (target && !note.system) {
    await createMentionTodos(db, { ...target, text: note.note, html: note.note_html ?? '', noteId: note.id });
  }
  return note;
}

/** Writes a system note (`closed`, `reopened`...) by `authorId` on an issue. */
export function createSystemNote(
  db: DbOrTx,
  issue: { id: number; project_id: number | null },
  authorId: number,
  body: string,
  scope: MarkdownScope,
): Promise<NoteRow> {
  return createNote(
    db,
    { noteableType: 'Issue', noteableId: issue.id, projectId: issue.project_id, authorId, body, system: true },
    scope,
  );
}
