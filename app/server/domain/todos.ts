/**
 * To-do items: GitLab's actions, creating pending ones without duplicates, and which ones a user
 * may still see. A to-do's target is a work item (`target_type` 'Issue' in the table): one of a
 * project is GitLab's `Issue`, one of a group (an epic, decision 016) GitLab's `Epic`.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTx, Tables } from '../db/schema.ts';
import { ACCESS_LEVEL } from './access.ts';
import { issuesReadableBy } from './issuablePermissions.ts';
import './issuableTables.ts';
import { groupMemberOf, groupsReadableBy, projectsReadableBy, type Actor } from './permissions.ts';

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

/** The target types the REST API names: a project's work item, a group's work item (an epic). */
export const TODO_TARGET_TYPE = { projectItem: 'Issue', groupItem: 'Epic' } as const;
export type TodoTargetType = (typeof TODO_TARGET_TYPE)[keyof typeof TODO_TARGET_TYPE];

/**
 * SQL filter for to-do lists (`todos` in scope): those whose target `user` may still read, of the
 * given REST target types (GitLab hides to-dos whose target became confidential or private). A
 * group's work item is read as the group's epic list reads it: the group readable, a confidential
 * one by Reporters and above of the group, its author and assignees.
 */
export function todoTargetsReadableBy(user: Actor, types: readonly TodoTargetType[] = Object.values(TODO_TARGET_TYPE)) {
  return (eb: ExpressionBuilder<Tables, 'todos'>): Expression<SqlBool> => {
    const readable: Expression<SqlBool>[] = [];
    if (types.includes(TODO_TARGET_TYPE.projectItem))
      readable.push(
        eb.exists(
          eb
            .selectFrom('issues')
            .innerJoin('projects', 'projects.id', 'issues.project_id')
            .select(sql`1`.as('one'))
            .whereRef('issues.id', '=', 'todos.target_id')
            .where(projectsReadableBy(user) as never)
            .where(issuesReadableBy(user)),
        ),
      );
    if (types.includes(TODO_TARGET_TYPE.groupItem))
      readable.push(sql<SqlBool>`EXISTS (SELECT 1 FROM issues i JOIN namespaces g ON g.id = i.namespace_id
        WHERE i.id = todos.target_id AND i.project_id IS NULL AND ${groupsReadableBy(user)}
          AND (${sql.lit(user.admin)} OR NOT i.confidential OR i.author_id = ${user.id}
            OR EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id AND ia.user_id = ${user.id})
            OR ${groupMemberOf(user.id, ACCESS_LEVEL.REPORTER)}))`);
    if (readable.length === 0) return sql<SqlBool>`false`;
    return eb.and([eb('todos.target_type', '=', 'Issue'), eb.or(readable)]);
  };
}
