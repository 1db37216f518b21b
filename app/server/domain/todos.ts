/** To-do items: GitLab's actions, and creating pending ones without duplicates. */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';
import './issuableTables.ts';

/** GitLab's todo actions (the numbers `todos.action` stores) and their API names. */
export const TODO_ACTIONS = {
  assigned: 1,
  mentioned: 2,
  build_failed: 3,
  marked: 4,
  approval_required: 5,
  unmergeable: 6,
  directly_addressed: 7,
  merge_train_removed: 8,
  review_requested: 9,
  member_access_requested: 10,
  review_submitted: 11,
} as const;
export type TodoActionName = keyof typeof TODO_ACTIONS;

/** The API name of a stored action. */
export function todoActionName(action: number): TodoActionName {
  const name = (Object.keys(TODO_ACTIONS) as TodoActionName[]).find((key) => TODO_ACTIONS[key] === action);
  if (!name) throw new Error(`Unknown todo action ${action}`);
  return name;
}

/** A todo to create. */
export interface NewTodo {
  userId: number;
  authorId: number;
  /** The target's project; `null` for a group's work item (an epic), whose `groupId` is set. */
  projectId: number | null;
  groupId?: number | null;
  targetType: 'Issue';
  targetId: number;
  action: TodoActionName;
  noteId?: number | null;
}

/**
 * Creates a pending todo unless the user already has a pending one with the same action on the
 * same target (GitLab keeps one); returns the new row's id, or null when it already existed.
 */
export async function createTodo(db: DbOrTx, todo: NewTodo): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO todos (user_id, author_id, project_id, group_id, target_type, target_id, note_id, action)
    VALUES (${todo.userId}, ${todo.authorId}, ${todo.projectId}, ${todo.groupId ?? null}, ${todo.targetType},
      ${todo.targetId}, ${todo.noteId ?? null}, ${TODO_ACTIONS[todo.action]})
    ON CONFLICT (user_id, target_type, target_id, action) WHERE state = 'pending' DO NOTHING
    RETURNING id`.execute(db);
  return rows[0]?.id ?? null;
}
