/** GitLab's to-do entity (`lib/api/entities/todo.rb`). */
import type { TodoRow } from '../../../domain/issuableTables.ts';
import type { NamespaceRow } from '../../../domain/groups.ts';
import type { ProjectRow } from '../../../domain/projects.ts';
import { todoActionName } from '../../../domain/todos.ts';
import type { UserRow } from '../../../domain/users.ts';
import { isoTime, type EntityContext } from './context.ts';
import { ProjectIdentity } from './Project.ts';
import { UserBasic } from './User.ts';

/** What a todo shows besides its row. */
export interface TodoExtras {
  project: { row: ProjectRow; namespace: NamespaceRow } | null;
  author: UserRow | null;
  /** The target's entity (an Issue), already serialized. */
  target: { web_url: string; title: string } & Record<string, unknown>;
  /** The note's text when the todo comes from a note; otherwise the target's title. */
  noteBody: string | null;
}

/** `id, project, author, action_name, target_type, target, target_url, body, state, dates`. */
export function Todo(todo: TodoRow, extras: TodoExtras, ctx: EntityContext) {
  return {
    id: todo.id,
    project: extras.project ? ProjectIdentity(extras.project.row, { namespace: extras.project.namespace }) : null,
    group: null,
    author: extras.author ? UserBasic(extras.author, ctx) : null,
    action_name: todoActionName(todo.action),
    target_type: todo.target_type,
    target: extras.target,
    target_url: todo.note_id ? `${extras.target.web_url}#note_${todo.note_id}` : extras.target.web_url,
    body: extras.noteBody ?? extras.target.title,
    state: todo.state,
    created_at: isoTime(todo.created_at),
    updated_at: isoTime(todo.updated_at),
  };
}
