import { useEffect } from 'react';
import { useDataAdapters } from '../../components/DataProvider/DataProvider';
import { USER_LINK_SELECTOR } from '../../utils/userLink';
import { attachUserPopovers, type MentionOptions } from '../pipeline/enhancers/mentions';
import type { MarkdownViewer } from '../pipeline/types';

export interface UserPopoversProps {
  /** The signed-in viewer: without one nothing is served (spec section 6). */
  currentUser: MarkdownViewer | null | undefined;
  /** Fetches a user's popover data. @default the `DataProvider`'s `fetchUser` */
  fetchUser?: MentionOptions['fetchUser'];
  /** Follows or unfollows; without it there is no follow button. @default the `DataProvider`'s `followUser` */
  follow?: MentionOptions['follow'];
  /** Which links get the popover. @default USER_LINK_SELECTOR (`a.js-user-link[data-user-id]`, `[data-username]`) */
  selector?: string;
  /** The icon sprite's URL for the popover's icons. @default '/assets/icons.svg' */
  iconSpriteHref?: string;
}

/**
 * Mount once per page (the document): every user link of the page (`<a class="js-user-link"
 * data-user-id="…">`, GitLab's marking of authors, members and avatars) opens the user popover on
 * hover (after 200 ms) or keyboard focus, the same card as a Markdown mention's. Listeners are
 * delegated to `document.body`, so links rendered after navigation are served without
 * re-mounting; the popover's code loads on the first opening. Renders nothing.
 */
export function UserPopovers({
  currentUser,
  fetchUser,
  follow,
  selector = USER_LINK_SELECTOR,
  iconSpriteHref,
}: UserPopoversProps) {
  const adapters = useDataAdapters();
  const fetchData = fetchUser ?? adapters.fetchUser;
  const followUser = follow ?? adapters.followUser;
  const viewerId = currentUser?.id;
  const viewerUsername = currentUser?.username;
  useEffect(() => {
    if (viewerId === undefined || viewerUsername === undefined) return;
    return attachUserPopovers(document.body, {
      currentUser: { id: viewerId, username: viewerUsername },
      fetchUser: fetchData,
      follow: followUser,
      selector,
      iconSpriteHref,
    });
  }, [viewerId, viewerUsername, fetchData, followUser, selector, iconSpriteHref]);
  return null;
}
