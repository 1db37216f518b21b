/**
 * User preferences (GitLab's `user_preferences`): the API's diff settings, and the profile
 * form's colour mode and time display format (spec §9: time display 1 means 12-hour, 2 means
 * 24-hour). A user without a row has the defaults.
 */
import type { Selectable } from 'kysely';
import type { CreatedAt, DbOrTx, Defaulted } from '../db/schema.ts';

/** GitLab's colour modes (`Gitlab::ColorModes`). */
export const COLOR_MODE = { light: 1, dark: 2, auto: 3 } as const;
/** GitLab's time display formats (`UserPreference#time_display_format`). */
export const TIME_DISPLAY_FORMAT = { system: 0, twelveHour: 1, twentyFourHour: 2 } as const;

export interface UserPreferencesTable {
  user_id: number;
  view_diffs_file_by_file: Defaulted<boolean>;
  show_whitespace_in_diffs: Defaulted<boolean>;
  pass_user_identities_to_ci_jwt: Defaulted<boolean>;
  color_mode_id: Defaulted<number>;
  time_display_format: Defaulted<number>;
  updated_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    user_preferences: UserPreferencesTable;
  }
}

export type UserPreferencesRow = Selectable<UserPreferencesTable>;

/** Settable preferences. */
export type PreferenceChanges = Partial<Omit<UserPreferencesRow, 'user_id' | 'updated_at'>>;

/** A user's preferences (a row with the table's defaults is made on first read). */
export async function preferencesOf(db: DbOrTx, userId: number): Promise<UserPreferencesRow> {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** Changes some of a user's preferences; returns them all. */
export function updatePreferences(db: DbOrTx, userId: number, changes: PreferenceChanges): Promise<UserPreferencesRow> {
  const now = new Date();
  return db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...changes, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
