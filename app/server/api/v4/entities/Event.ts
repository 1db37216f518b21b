/** GitLab's event entity (`lib/api/entities/event.rb`). */
import { actionName, type EventRow } from '../../../domain/events.ts';
import type { UserRow } from '../../../domain/users.ts';
import { isoTime, type EntityContext } from './context.ts';
import { UserBasic } from './User.ts';

/** What an event shows besides its row: its author and what it is about. */
export interface EventExtras {
  author: UserRow;
  /** The target's iid (issues, merge requests) or id (notes). */
  targetIid: number | null;
  /** The target's title (a note's: its issue's or merge request's). */
  targetTitle: string | null;
  /** The Note entity of a comment event. */
  note?: unknown;
}

/** `id, project_id, action_name, target_*, author_id, created_at, author, [note], [push_data]...`. */
export function Event(event: EventRow, extras: EventExtras, ctx: EntityContext) {
  return {
    id: event.id,
    project_id: event.project_id,
    action_name: actionName(event),
    target_id: event.target_id,
    target_iid: extras.targetIid,
    target_type: event.target_type,
    author_id: event.author_id,
    target_title: extras.targetTitle,
    created_at: isoTime(event.created_at),
    ...(extras.note === undefined ? {} : { note: extras.note }),
    author: UserBasic(extras.author, ctx),
    imported: false,
    imported_from: 'none',
    ...(event.action === 'pushed' ? { push_data: event.push_data } : {}),
    author_username: extras.author.username,
  };
}
