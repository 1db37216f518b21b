// What the user popover shows and its texts: a leaf module, shared by the mentions enhancer (eager)
// and the popover chunk it loads with import() (userPopover.tsx), so that chunk does not import the
// enhancer back (no import circle).
import { POPOVER_DELAY, USER_POPOVER_HOVER_DELAY } from '../../../tokens';
import type { MarkdownViewer } from '../viewer';

/** A user's status (spec section 3: emoji, message, availability). */
export interface UserPopoverStatus {
  /** Emoji name, e.g. `coffee` (shown through `<gl-emoji>`). */
  emoji?: string;
  /** The status message as HTML from the server; shown through `sanitizeHtml` (inline profile). */
  message_html?: string;
  /** `busy` marks a busy user ('Busy' badge); `not_set` otherwise. */
  availability?: 'busy' | 'not_set' | (string & {});
}

/** What the user popover shows (spec section 3, "User popover data"). */
export interface UserPopoverData {
  id: number | string;
  username: string;
  name: string;
  avatarUrl?: string;
  email?: string;
  /** A bot account: marked 'Bot'. */
  bot?: boolean;
  location?: string;
  bio?: string;
  workInformation?: string;
  websiteUrl?: string;
  pronouns?: string;
  /** The user's local time, formatted by the server (e.g. `3:42 PM`). */
  localTime?: string;
  /** Whether the viewer follows this user (the follow button's state). */
  isFollowed?: boolean;
  /** `blocked` shows 'User is blocked' instead of the profile and hides the follow button. */
  state?: 'active' | 'blocked' | (string & {});
  status?: UserPopoverStatus | null;
  /** The product's loaded flag; data handed to the popover is always complete. */
  loaded?: boolean;
}

/** Who a mention points at, read from the link (`data-user`, `data-username`). */
export interface MentionedUser {
  id?: string;
  username?: string;
}

/** Options of the mentions enhancer (`renderGfm(el, { currentUser, mentions: { ... } })`). */
export interface MentionOptions {
  /**
   * Fetches a user's popover data. Without it there are no user popovers (mentions of the
   * viewer are still highlighted). Called once per user per page; a failure shows an error in
   * the popover and is retried on the next opening.
   */
  fetchUser?: (user: MentionedUser) => Promise<UserPopoverData>;
  /**
   * Follows (`true`) or unfollows (`false`) a user. Without it the popover has no follow button.
   * A rejection shows 'An error occurred while trying to follow this user, please try again.'
   * (or the server's `message` from an `HttpError` body) or the unfollow equivalent.
   */
  follow?: (userId: UserPopoverData['id'], follow: boolean) => Promise<void>;
}

/** Spec section 9: "Popover hover delay 200 ms (mouseover debounced 200 ms)". */
export const MENTION_POPOVER_SHOW_DELAY = USER_POPOVER_HOVER_DELAY;
/** Spec section 9: popover hide delay 150 ms, after the pointer leaves the mention and the popover. */
export const MENTION_POPOVER_HIDE_DELAY = POPOVER_DELAY.hide;

/** Texts of the user popover (spec section 7 for the messages; the labels are ours). */
export const USER_POPOVER_TEXTS = {
  blocked: 'User is blocked',
  busy: 'Busy',
  bot: 'Bot',
  follow: 'Follow',
  unfollow: 'Unfollow',
  followError: 'An error occurred while trying to follow this user, please try again.',
  unfollowError: 'An error occurred while trying to unfollow this user, please try again.',
  /** Not in the spec: shown when `fetchUser` fails. */
  loadError: 'The user details could not be loaded.',
  bio: 'Bio',
  workInformation: 'Work information',
  location: 'Location',
  localTime: 'Local time',
  website: 'Website',
  status: 'Status',
  pronouns: 'Pronouns',
} as const;

/** Whether a mention (or a user's data) is the signed-in viewer. Usernames compare case-insensitively. */
export function isViewer(user: MentionedUser | UserPopoverData, viewer: MarkdownViewer | null | undefined): boolean {
  if (!viewer) return false;
  if (user.id !== undefined && user.id !== null && String(user.id) === String(viewer.id)) return true;
  return Boolean(user.username) && user.username!.toLowerCase() === viewer.username.toLowerCase();
}
