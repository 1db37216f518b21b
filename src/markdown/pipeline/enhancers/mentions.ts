// User mentions (`a.gfm-project_member`): the signed-in viewer's own mentions are highlighted and
// every user mention gets the user popover (spec sections 2, 3, 4, 6, 7, 9). Anonymous viewers get
// plain links (spec section 6: "User popovers are active only for signed-in users").
import { POPOVER_DELAY, USER_POPOVER_HOVER_DELAY } from '../../../tokens';
import { USER_LINK_SELECTOR } from '../../../utils/userLink';
import type { EnhancerContext, MarkdownEnhancer, MarkdownViewer } from '../types';
import {
  attachReferencePopovers,
  cachedResource,
  loadReferencePopoverUi,
  updateCachedValue,
} from './referencePopoverManager';
import './mentions.css';

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

/** User mentions: `gfm-project_member` links of a user (group mentions carry `data-group`). */
export const MENTION_SELECTOR =
  'a.gfm-project_member[data-user]:not([data-group]), a.gfm-project_member[data-username]:not([data-group])';

/** Class added to mentions of the signed-in viewer (GitLab's name); background `--fk-color-mention-current-background`. */
export const CURRENT_USER_MENTION_CLASS = 'current-user';

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

/** The user a mention (`data-user`) or a page's user link (`data-user-id`) points at. */
export function mentionedUser(link: Element): MentionedUser {
  const id = link.getAttribute('data-user') || link.getAttribute('data-user-id') || undefined;
  const username = link.getAttribute('data-username') || link.textContent?.trim().replace(/^@/, '') || undefined;
  return { id, username };
}

/** Whether a mention (or a user's data) is the signed-in viewer. Usernames compare case-insensitively. */
export function isViewer(user: MentionedUser | UserPopoverData, viewer: MarkdownViewer | null | undefined): boolean {
  if (!viewer) return false;
  if (user.id !== undefined && user.id !== null && String(user.id) === String(viewer.id)) return true;
  return Boolean(user.username) && user.username!.toLowerCase() === viewer.username.toLowerCase();
}

const cacheKey = (user: MentionedUser) => (user.id ? `id:${user.id}` : `username:${user.username?.toLowerCase()}`);

/**
 * Mentions: highlights the signed-in viewer's own mentions (`current-user`) and gives every user
 * mention the user popover on hover (after 200 ms) or keyboard focus, through
 * `options.mentions.fetchUser`. Nothing for anonymous viewers. Listeners are delegated to the
 * container and the popover's React root is created on first use; `dispose()` removes the
 * highlight, the listeners and the root.
 */
export const mentionsEnhancer: MarkdownEnhancer = {
  name: 'mentionsEnhancer',
  selector: MENTION_SELECTOR,
  enhance(elements, context) {
    const viewer = context.options.currentUser;
    if (!viewer) return;

    const highlighted = elements.filter(
      (link) => isViewer(mentionedUser(link), viewer) && !link.classList.contains(CURRENT_USER_MENTION_CLASS),
    );
    for (const link of highlighted) link.classList.add(CURRENT_USER_MENTION_CLASS);
    context.onDispose(() => {
      for (const link of highlighted) link.classList.remove(CURRENT_USER_MENTION_CLASS);
    });

    if (!context.options.mentions?.fetchUser) return;
    serveUserPopovers(context, elements, viewer);
    // The popover code arrives while the reader reads; `done` settles once it is here.
    return loadReferencePopoverUi().then(() => undefined);
  },
};

/** Gives `links` (a list, or a selector matched live) the user popover, through `context.options.mentions`. */
function serveUserPopovers(context: EnhancerContext, links: readonly HTMLElement[] | string, viewer: MarkdownViewer) {
  const { fetchUser, follow } = context.options.mentions ?? {};
  if (!fetchUser) return;
  attachReferencePopovers({
    context,
    links,
    kind: 'user',
    showDelay: MENTION_POPOVER_SHOW_DELAY,
    hideDelay: MENTION_POPOVER_HIDE_DELAY,
    content: (ui, link, { titleId }) => {
      const user = mentionedUser(link);
      const key = cacheKey(user);
      return ui.createUserPopoverContent({
        resource: cachedResource(fetchUser, key, () => fetchUser(user)),
        titleId,
        fallbackLabel: link.textContent?.trim() || `@${user.username ?? ''}`,
        currentUser: viewer,
        follow,
        onFollowChange: (data) => updateCachedValue(fetchUser, key, data),
      });
    },
  });
}

/** Options of {@link attachUserPopovers}. */
export interface UserPopoversOptions extends MentionOptions {
  /** The signed-in viewer; without one there are no popovers (spec section 6). */
  currentUser: MarkdownViewer | null | undefined;
  /** The links served. @default USER_LINK_SELECTOR */
  selector?: string;
  /** The icon sprite's URL for the popover (a separate React root). @default '/assets/icons.svg' */
  iconSpriteHref?: string;
  /** Where failures (the popover chunk not loading) go. @default console.error */
  onError?: (error: unknown) => void;
}

/**
 * The user popover for every user link inside `root` (`js-user-link` with `data-user-id` or
 * `data-username`, as GitLab marks authors, members and avatars), the same card and behaviour as
 * a Markdown mention's: one set of delegated listeners, so links rendered later are served too,
 * and one React root created on the first hover or keyboard focus. Nothing for anonymous
 * viewers or without `fetchUser` (spec section 6). Returns the function that stops it (idempotent).
 */
export function attachUserPopovers(root: HTMLElement, options: UserPopoversOptions): () => void {
  const { currentUser, selector = USER_LINK_SELECTOR, iconSpriteHref, onError, ...mentions } = options;
  if (!currentUser || !mentions.fetchUser) return () => undefined;
  const controller = new AbortController();
  const cleanups: (() => void)[] = [];
  const report = onError ?? ((error: unknown) => console.error(error));
  serveUserPopovers(
    {
      root,
      options: { currentUser, iconSpriteHref, mentions },
      signal: controller.signal,
      onDispose: (cleanup) => cleanups.push(cleanup),
      reportError: report,
    },
    selector,
    currentUser,
  );
  return () => {
    if (controller.signal.aborted) return;
    controller.abort();
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
