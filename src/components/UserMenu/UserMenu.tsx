import clsx from 'clsx';
import { createElement, useId, useRef, type ReactNode } from 'react';
import { Avatar } from '../Avatar';
import { Badge } from '../Badge';
import { Menu, type MenuEntry, type MenuProps } from '../Menu';
import './UserMenu.css';

/** Texts, for translation: the menu's links and actions, and the busy badge (spec section 8: busy is 'Busy'). */
export const USER_MENU_LABELS = {
  editStatus: 'Edit status',
  editProfile: 'Edit profile',
  preferences: 'Preferences',
  signOut: 'Sign out',
  busy: 'Busy',
} as const;

/** The trigger's accessible name for a user (GitLab's wording). */
export function userMenuTriggerLabel(name: string): string {
  return `${name} user’s menu`;
}

/** The form field that carries the CSRF token when signing out (Rails' and GitLab's name). */
export const USER_MENU_CSRF_PARAM = 'authenticity_token';

/** Size in px of the avatar in the trigger. */
export const USER_MENU_AVATAR_SIZE = 24;

/** The signed-in user. */
export interface UserMenuUser {
  id: number;
  /** Display name. */
  name: string;
  username: string;
  avatarUrl?: string;
}

/** The user's status (spec section 3): an emoji name, a message, and whether they are busy. */
export interface UserMenuStatus {
  emoji?: string;
  message?: string;
  availability?: 'busy' | 'not_set';
}

export interface UserMenuProps extends Pick<MenuProps, 'isOpen' | 'defaultOpen' | 'onOpenChange'> {
  user: UserMenuUser;
  /** The user's status, shown under "Edit status"; `availability: 'busy'` adds the "Busy" badge. */
  status?: UserMenuStatus | null;
  /**
   * The user's profile page (the first item, showing the name and @username).
   * @default `/${username}`
   */
  profileUrl?: string;
  /**
   * Where "Edit status" leads. Pass `onEditStatus` instead to open the status form in place.
   * @default '/-/user_settings/profile'
   */
  editStatusUrl?: string;
  /** Called when "Edit status" is chosen; replaces the link. */
  onEditStatus?: () => void;
  /** @default '/-/user_settings/profile' */
  editProfileUrl?: string;
  /** @default '/-/profile/preferences' */
  preferencesUrl?: string;
  /**
   * Where "Sign out" POSTs its form.
   * @default '/users/sign_out'
   */
  signOutUrl?: string;
  /** The session's CSRF token, sent with the sign-out form (the page's `csrf-token` meta). */
  csrfToken: string;
  /**
   * The form field of the CSRF token.
   * @default 'authenticity_token'
   */
  csrfParam?: string;
  /**
   * Texts, for translation.
   * @default USER_MENU_LABELS
   */
  labels?: typeof USER_MENU_LABELS | Record<keyof typeof USER_MENU_LABELS, string>;
  /** Class of the root element (the trigger's wrapper). */
  className?: string;
}

/**
 * The signed-in user's menu at the end of the top bar: an avatar button opening a `Menu` with the
 * user's name and @username (linking to the profile, with a "Busy" badge when busy), "Edit status"
 * (showing the current status), "Edit profile", "Preferences" and "Sign out". Signing out submits
 * a real form (POST with the CSRF token), and without JavaScript a plain "Sign out" button is shown
 * instead of the menu, so it always works.
 */
export function UserMenu({
  user,
  status,
  profileUrl = `/${user.username}`,
  editStatusUrl = '/-/user_settings/profile',
  onEditStatus,
  editProfileUrl = '/-/user_settings/profile',
  preferencesUrl = '/-/profile/preferences',
  signOutUrl = '/users/sign_out',
  csrfToken,
  csrfParam = USER_MENU_CSRF_PARAM,
  labels = USER_MENU_LABELS,
  className,
  ...menuProps
}: UserMenuProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const isBusy = status?.availability === 'busy';
  const hasStatus = Boolean(status?.emoji || status?.message);

  const items: MenuEntry[] = [
    {
      key: 'profile',
      href: profileUrl,
      textValue: user.name,
      label: (
        <span className="fk-user-menu__identity" data-component="UserMenu.Identity">
          <span className="fk-user-menu__name-line">
            <span className="fk-user-menu__name">{user.name}</span>
            {/* The spaces keep the words apart in the item's name (flex containers do not render them). */}
            {isBusy ? (
              <>
                {' '}
                <Badge variant="warning" size="sm">
                  {labels.busy}
                </Badge>
              </>
            ) : null}
          </span>{' '}
          <span className="fk-user-menu__username">@{user.username}</span>
        </span>
      ),
    },
    { type: 'separator', key: 'profile-separator' },
    {
      key: 'edit-status',
      label: labels.editStatus,
      icon: 'smile',
      ...(onEditStatus ? { onAction: onEditStatus } : { href: editStatusUrl }),
      description: hasStatus ? <StatusText status={status!} /> : undefined,
    },
    { key: 'edit-profile', label: labels.editProfile, icon: 'pencil', href: editProfileUrl },
    { key: 'preferences', label: labels.preferences, icon: 'preferences', href: preferencesUrl },
    { type: 'separator', key: 'sign-out-separator' },
    { key: 'sign-out', label: labels.signOut, icon: 'leave', onAction: () => formRef.current?.requestSubmit() },
  ];

  return (
    <div
      className={clsx('fk-user-menu', className)}
      data-component="UserMenu"
      data-availability={isBusy ? 'busy' : undefined}
    >
      <Menu {...menuProps} items={items} placement="bottom-end">
        <button type="button" className="fk-user-menu__trigger" aria-label={userMenuTriggerLabel(user.name)}>
          <Avatar
            entityId={user.id}
            entityName={user.name}
            src={user.avatarUrl}
            alt=""
            size={USER_MENU_AVATAR_SIZE}
            fallbackOnError
          />
        </button>
      </Menu>
      {/* Rendered on the server too: the menu item submits it, and so does the no-script button. */}
      <form ref={formRef} id={formId} action={signOutUrl} method="post" hidden>
        <input type="hidden" name={csrfParam} value={csrfToken} />
      </form>
      <noscript>
        <button type="submit" form={formId} className="fk-user-menu__sign-out">
          {labels.signOut}
        </button>
      </noscript>
    </div>
  );
}

function StatusText({ status }: { status: UserMenuStatus }): ReactNode {
  return (
    <span className="fk-user-menu__status" data-component="UserMenu.Status">
      {status.emoji
        ? // Drawn by the <gl-emoji> element once the emoji map is loaded; React owns no children there.
          createElement('gl-emoji', {
            'data-name': status.emoji,
            'aria-hidden': 'true',
            dangerouslySetInnerHTML: { __html: '' },
            suppressHydrationWarning: true,
          })
        : null}
      {status.message ? <span>{status.message}</span> : null}
    </span>
  );
}
