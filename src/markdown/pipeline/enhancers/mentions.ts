// User mentions (`a.gfm-project_member`): the signed-in viewer's own mentions are highlighted and
// every user mention gets the user popover (spec sections 2, 3, 4, 6, 7, 9). Anonymous viewers get
// plain links (spec section 6: "User popovers are active only for signed-in users").
import { USER_LINK_SELECTOR } from '../../../utils/userLink';
import type { EnhancerContext, MarkdownEnhancer, MarkdownViewer } from '../types';
import {
  isViewer,
  MENTION_POPOVER_HIDE_DELAY,
  MENTION_POPOVER_SHOW_DELAY,
  type MentionedUser,
  type MentionOptions,
} from './mentionData';
import {
  attachReferencePopovers,
  cachedResource,
  loadReferencePopoverUi,
  updateCachedValue,
} from './referencePopoverManager';
import './mentions.css';

export {
  isViewer,
  MENTION_POPOVER_HIDE_DELAY,
  MENTION_POPOVER_SHOW_DELAY,
  USER_POPOVER_TEXTS,
  type MentionedUser,
  type MentionOptions,
  type UserPopoverData,
  type UserPopoverStatus,
} from './mentionData';

/** User mentions: `gfm-project_member` links of a user (group mentions carry `data-group`). */
export const MENTION_SELECTOR =
  'a.gfm-project_member[data-user]:not([data-group]), a.gfm-project_member[data-username]:not([data-group])';

/** Class added to mentions of the signed-in viewer (GitLab's name); background `--fk-color-mention-current-background`. */
export const CURRENT_USER_MENTION_CLASS = 'current-user';

/** The user a mention (`data-user`) or a page's user link (`data-user-id`) points at. */
export function mentionedUser(link: Element): MentionedUser {
  const id = link.getAttribute('data-user') || link.getAttribute('data-user-id') || undefined;
  const username = link.getAttribute('data-username') || link.textContent?.trim().replace(/^@/, '') || undefined;
  return { id, username };
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
