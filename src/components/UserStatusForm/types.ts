// The form's value and save adapter: a module of their own so DataProvider's adapter types can name
// them without importing the component (which reads DataProvider: no import circle).
import type { UserStatusAvailability, UserStatusClearAfter } from './constants';

/** What the form edits (spec section 3, "User status"). */
export interface UserStatusFormValue {
  /** Emoji name (`coffee`); `''` for none. */
  emoji: string;
  /** The status message; `''` for none. */
  message: string;
  /** `busy` marks the user as busy. */
  availability: UserStatusAvailability;
  /** When the status clears itself. */
  clearStatusAfter: UserStatusClearAfter;
}

/**
 * A partial update of the current user's status: only the fields that changed (PATCH
 * `user/status`, spec section 7). The default adapter sends them as `emoji`, `message`,
 * `availability` and `clear_status_after`.
 */
export type UserStatusUpdate = Partial<UserStatusFormValue>;

/** Saves a status update; rejects when the server refused it. */
export type UpdateUserStatusAdapter = (update: UserStatusUpdate) => Promise<unknown>;
