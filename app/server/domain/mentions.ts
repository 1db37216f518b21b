/**
 * Mentions: the users a rendered text links (`data-user` in forgekit/markdown's output, so only
 * real, resolved mentions count) get a `mentioned` todo, or `directly_addressed` when the text
 * starts with their mention; never the author, never someone who cannot read the issue.
 */
import type { DbOrTx } from '../db/schema.ts';
import { canReadIssue, canReadProject, projectAccessLevel } from './permissions.ts';
import { createTodo } from './todos.ts';

/** The issue a text belongs to and who wrote it. */
export interface MentionTarget {
  issue: { id: number; confidential: boolean; author_id: number | null };
  assigneeIds: readonly number[];
  project: { id: number; namespace_id: number; visibility_level: number };
  authorId: number;
}

const MENTIONED_USER = /<a [^>]*data-reference-type="user"[^>]*data-user="(\d+)"[^>]*data-username="([^"]+)"/g;
/** Mentions before any other text address the users directly. */
const LEADING_MENTIONS = /^(?:\s*@([\w.-]+)[,:]?)+/;

/** The user ids a rendered text mentions, and the usernames it starts with. */
export function mentionedUsers(text: string, html: string): { ids: number[]; addressed: Set<string> } {
  const ids = [...new Set([...html.matchAll(MENTIONED_USER)].map((match) => Number(match[1])))];
  const leading = LEADING_MENTIONS.exec(text)?.[0] ?? '';
  const addressed = new Set([...leading.matchAll(/@([\w.-]+)/g)].map((match) => match[1]!.toLowerCase()));
  return { ids, addressed };
}

/** Creates the todos of the mentions in `text` (rendered as `html`). */
export async function createMentionTodos(
  db: DbOrTx,
  input: MentionTarget & { text: string; html: string; noteId?: number },
): Promise<void> {
  const { ids, addressed } = mentionedUsers(input.text, input.html);
  const candidates = ids.filter((id) => id !== input.authorId);
  if (candidates.length === 0) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'admin', 'external'])
    .where('id', 'in', candidates)
    .where('state', '=', 'active')
    .execute();
  for (const user of users) {
    if (!(await canReadProject(db, user, input.project))) continue;
    const level = await projectAccessLevel(db, user, input.project);
    if (!canReadIssue(user, level, { ...input.issue, assignee_ids: input.assigneeIds })) continue;
    await createTodo(db, {
      userId: user.id,
      authorId: input.authorId,
      projectId: input.project.id,
      targetType: 'Issue',
      targetId: input.issue.id,
      action: addressed.has(user.username.toLowerCase()) ? 'directly_addressed' : 'mentioned',
      noteId: input.noteId ?? null,
    });
  }
}
