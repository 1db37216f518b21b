/**
 * GitLab's marking of a user link anywhere in a page (authors, members, avatars in lists): the
 * `js-user-link` class with the user's id and username, which the user popover reads.
 */

/** The class of a page's user links. */
export const USER_LINK_CLASS = 'js-user-link';

/** A page's user links: `js-user-link` with `data-user-id` or `data-username`. */
export const USER_LINK_SELECTOR = `a.${USER_LINK_CLASS}[data-user-id], a.${USER_LINK_CLASS}[data-username]`;

/** The attributes that make an `<a>` a user link: `<a href={…} {...userLinkAttributes(user)}>`. */
export function userLinkAttributes(user: { id: number | string; username: string }) {
  return { className: USER_LINK_CLASS, 'data-user-id': String(user.id), 'data-username': user.username };
}
