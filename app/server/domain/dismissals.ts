/**
 * Broadcast messages and what users dismiss (migration 030): a broadcast message dismissed until
 * an expiry (`Users::BroadcastMessageDismissal`), and callouts dismissed for good, globally or per
 * group or project (`Users::Callout`, `Users::GroupCallout`, `Users::ProjectCallout`).
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, DbOrTx, Defaulted, NullableTimestamp } from '../db/schema.ts';
import { BLANK, ValidationError } from './errors.ts';

export interface BroadcastMessagesTable {
  id: Generated<number>;
  message: string;
  message_html: string | null;
  starts_at: CreatedAt;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  broadcast_type: Defaulted<'banner' | 'notification'>;
  theme: Defaulted<string>;
  dismissable: Defaulted<boolean>;
  target_path: Defaulted<string>;
  target_access_levels: Defaulted<number[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface BroadcastMessageDismissalsTable {
  user_id: number;
  broadcast_message_id: number;
  expires_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UserCalloutsTable {
  user_id: number;
  feature_name: string;
  dismissed_at: CreatedAt;
}

export interface UserGroupCalloutsTable extends UserCalloutsTable {
  group_id: number;
}

export interface UserProjectCalloutsTable extends UserCalloutsTable {
  project_id: number;
}

declare module '../db/schema.ts' {
  interface Tables {
    broadcast_messages: BroadcastMessagesTable;
    user_broadcast_message_dismissals: BroadcastMessageDismissalsTable;
    user_callouts: UserCalloutsTable;
    user_group_callouts: UserGroupCalloutsTable;
    user_project_callouts: UserProjectCalloutsTable;
  }
}

export type BroadcastMessageRow = Selectable<BroadcastMessagesTable>;

/** GitLab's `BroadcastMessage` cookie prefix of a dismissal (`hide_broadcast_message_<id>`). */
export const BROADCAST_MESSAGE_COOKIE_PREFIX = 'hide_broadcast_message_';

/** Creates a broadcast message (administrators; the demo seed). */
export async function createBroadcastMessage(
  db: DbOrTx,
  input: {
    message: string;
    endsAt: Date;
    startsAt?: Date;
    broadcastType?: 'banner' | 'notification';
    theme?: string;
    dismissable?: boolean;
  },
): Promise<BroadcastMessageRow> {
  if (!input.message.trim()) throw new ValidationError({ message: [BLANK] });
  return db
    .insertInto('broadcast_messages')
    .values({
      message: input.message,
      ends_at: input.endsAt,
      ...(input.startsAt ? { starts_at: input.startsAt } : {}),
      ...(input.broadcastType ? { broadcast_type: input.broadcastType } : {}),
      ...(input.theme ? { theme: input.theme } : {}),
      ...(input.dismissable === undefined ? {} : { dismissable: input.dismissable }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records (or moves the expiry of) a user's dismissal of a broadcast message; false if there is no such message. */
export async function dismissBroadcastMessage(
  db: DbOrTx,
  userId: number,
  broadcastMessageId: number,
  expiresAt: Date,
): Promise<boolean> {
  const message = await db
    .selectFrom('broadcast_messages')
    .select('id')
    .where('id', '=', broadcastMessageId)
    .executeTakeFirst();
  if (!message) return false;
  await db
    .insertInto('user_broadcast_message_dismissals')
    .values({ user_id: userId, broadcast_message_id: broadcastMessageId, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.columns(['user_id', 'broadcast_message_id']).doUpdateSet({ expires_at: expiresAt, updated_at: new Date() }),
    )
    .execute();
  return true;
}

/** The ids of the broadcast messages a user has dismissed and whose dismissal has not expired. */
export async function dismissedBroadcastMessageIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_broadcast_message_dismissals')
    .select('broadcast_message_id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .execute();
  return rows.map((row) => row.broadcast_message_id);
}

/** Where a callout is dismissed: everywhere, in one group, or in one project. */
export type CalloutScope =
  { kind: 'user' } | { kind: 'group'; groupId: number } | { kind: 'project'; projectId: number };

/** Records a callout's dismissal (again: moves its time); returns when it was dismissed. */
export async function dismissCallout(
  db: DbOrTx,
  userId: number,
  featureName: string,
  scope: CalloutScope,
): Promise<Date> {
  const now = new Date();
  const base = { user_id: userId, feature_name: featureName, dismissed_at: now };
  const returning = (row: { dismissed_at: Date } | undefined) => row?.dismissed_at ?? now;
  if (scope.kind === 'group')
    return returning(
      await db
        .insertInto('user_group_callouts')
        .values({ ...base, group_id: scope.groupId })
        .onConflict((oc) => oc.columns(['user_id', 'group_id', 'feature_name']).doUpdateSet({ dismissed_at: now }))
        .returning('dismissed_at')
        .executeTakeFirst(),
    );
  if (scope.kind === 'project')
    return returning(
      await db
        .insertInto('user_project_callouts')
        .values({ ...base, project_id: scope.projectId })
        .onConflict((oc) => oc.columns(['user_id', 'project_id', 'feature_name']).doUpdateSet({ dismissed_at: now }))
        .returning('dismissed_at')
        .executeTakeFirst(),
    );
  return returning(
    await db
      .insertInto('user_callouts')
      .values(base)
      .onConflict((oc) => oc.columns(['user_id', 'feature_name']).doUpdateSet({ dismissed_at: now }))
      .returning('dismissed_at')
      .executeTakeFirst(),
  );
}
