/**
 * User activity (GitLab's `Event`): who created, closed, merged, commented on or pushed what.
 * Rows for projects, issues, merge requests and comments are written by triggers (migration 050)
 * whichever path wrote the row (REST, GraphQL, seeds); pushes are recorded by the code that moves
 * refs, with {@link recordPushEvent}. `actionName` is the wording GitLab's entity shows.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, DbOrTx } from '../db/schema.ts';

/** GitLab's `Event.actions`, by name. */
export const EVENT_ACTIONS = [
  'created',
  'updated',
  'closed',
  'reopened',
  'pushed',
  'commented',
  'merged',
  'joined',
  'left',
  'destroyed',
  'expired',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** What an event may be about (besides the project itself). */
export type EventTargetType = 'Issue' | 'MergeRequest' | 'Note';

/** GitLab's `PushEventPayload` (`push_data` in the API). */
export interface PushData {
  commit_count: number;
  action: 'created' | 'removed' | 'pushed';
  ref_type: 'branch' | 'tag';
  commit_from: string | null;
  commit_to: string | null;
  ref: string;
  commit_title: string | null;
  ref_count: number | null;
}

export interface EventsTable {
  id: Generated<number>;
  project_id: number | null;
  author_id: number;
  action: EventAction;
  target_type: EventTargetType | null;
  target_id: number | null;
  push_data: ColumnType<PushData | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    events: EventsTable;
  }
}

export type EventRow = Selectable<EventsTable>;

/** The `action_name` GitLab shows for an event (`Event#action_name`). */
export function actionName(event: Pick<EventRow, 'action' | 'target_type' | 'push_data'>): string {
  switch (event.action) {
    case 'pushed':
      if (event.push_data?.action === 'created') return 'pushed new';
      if (event.push_data?.action === 'removed') return 'deleted';
      return 'pushed to';
    case 'closed':
    case 'joined':
    case 'left':
    case 'destroyed':
      return event.action;
    case 'merged':
      return 'accepted';
    case 'expired':
      return 'removed due to membership expiration from';
    case 'commented':
      return 'commented on';
    case 'created':
      return event.target_type ? 'opened' : 'created';
    default:
      return 'opened';
  }
}

/** A push to record: a branch or tag created, moved or removed by `authorId`. */
export interface NewPush {
  projectId: number;
  authorId: number;
  refType: PushData['ref_type'];
  ref: string;
  /** The ref's sha before (`null`: created). */
  from: string | null;
  /** The ref's sha after (`null`: removed). */
  to: string | null;
  /** Commits the push brought (0 for a new ref at an existing commit or a removal). */
  commitCount?: number;
  commitTitle?: string | null;
}

/** Records a push event (`pushed new`, `pushed to`, `deleted`). */
export async function recordPushEvent(db: DbOrTx, push: NewPush): Promise<void> {
  const action: PushData['action'] = push.from === null ? 'created' : push.to === null ? 'removed' : 'pushed';
  const data: PushData = {
    commit_count: push.commitCount ?? 0,
    action,
    ref_type: push.refType,
    commit_from: push.from,
    commit_to: push.to,
    ref: push.ref,
    commit_title: push.commitTitle ?? null,
    ref_count: null,
  };
  await db
    .insertInto('events')
    .values({ project_id: push.projectId, author_id: push.authorId, action: 'pushed', push_data: JSON.stringify(data) })
    .execute();
}
