/** GitLab's to-do entity (`lib/api/entities/todo.rb`). */
import type { TodoRow } from '../../../domain/issuableTables.ts';
import type { NamespaceRow } from '../../../domain/groups.ts';
import type { ProjectRow } from '../../../domain/projects.ts';
import { todoActionName, type TodoTargetType } from '../../../domain/todos.ts';
import type { UserRow } from '../../../domain/users.ts';
import { isoTime, type EntityContext } from './context.ts';
import { NamespaceBasic } from './Namespace.ts';
import { ProjectIdentity } from './Project.ts';
import { UserBasic } from './User.ts';

/** What a todo shows besides its row. */
export interface TodoExtras {
  project: { row: ProjectRow; namespace: NamespaceRow } | null;
  /** The target's group when it is a group's work item (an epic). */
  group: NamespaceRow | null;
  author: UserRow | null;
  /** GitLab's name of the target's type. */
  targetType: TodoTargetType;
  /** The target's entity (an Issue or an Epic), already serialized. */
  target: { web_url: string; title: string } & Record<string, unknown>;
  /** The note's text when the todo comes from a note; otherwise the target's title. */
  noteBody: string | null;
}

/** `id, project, group, author, action_name, target_type, target, target_url, body, state, dates`. */
export function Todo(todo: TodoRow, extras: TodoExtras, ctx: EntityContext) {
  return {
    id: todo.id,
    project: extras.project ? ProjectIdentity(extras.project.row, { namespace: extras.project.namespace }) : null,
    group: extras.group ? NamespaceBasic(extras.group, ctx) : null,
    author: extras.author ? UserBasic(extras.author, ctx) : null,
    action_name: todoActionName(todo.action),
    target_type: extras.targetType,
    target: extras.target,
    target_url: todo.note_id ? `${extras.target.web_url}#note_${todo.note_id}` : extras.target.web_url,
    body: extras.noteBody ?? extras.target.title,
    state: todo.state,
    created_at: isoTime(todo.created_at),
    updated_at: isoTime(todo.updated_at),
  };
}
