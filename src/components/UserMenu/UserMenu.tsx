import clsx from 'clsx';
import {
  createElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { Avatar } from '../Avatar';
import { Badge } from '../Badge';
// Types only (erased): the menu's trigger code (react-aria's button, press and menu trigger) is
// loaded with import() below, so a page carries none of it until the visitor reaches for the menu.
import type * as MenuModule from '../Menu';
import type { MenuEntry, MenuProps } from '../Menu';
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

/** Keys that open a menu from its trigger besides Enter and Space (which click a button). */
const OPENING_KEYS = ['ArrowDown', 'ArrowUp'] as const;
/** A press before the menu's code arrived: a mouse click, a keyboard click (Enter, Space) or an opening key. */
type PendingPress = 'mouse' | 'click' | (typeof OPENING_KEYS)[number];
const isOpeningKey = (key: string): key is (typeof OPENING_KEYS)[number] =>
  (OPENING_KEYS as readonly string[]).includes(key);

let loadedMenu: typeof MenuModule | null = null;
let menuRequest: Promise<typeof MenuModule> | null = null;

/** Loads the menu's code once per page (again after a failure). */
function loadMenu(): Promise<typeof MenuModule> {
  menuRequest ??= import('../Menu').then(
    (module) => (loadedMenu = module),
    (error: unknown) => {
      menuRequest = null; // the next attempt tries again
      throw error;
    },
  );
  return menuRequest;
}

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
 *
 * The page loads only the avatar button: the menu's code (react-aria's button and menu trigger)
 * loads with `import()` when the pointer enters the button or it takes focus, and the button is
 * then handed to the menu (keeping focus). Pressed before that code is there (a click, Enter,
 * Space, ArrowDown or ArrowUp), the menu opens as soon as it arrives.
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
  const [menu, setMenu] = useState(loadedMenu);
  const [isOpenedByMouse, setOpenedByMouse] = useState(false);
  // A press on the button before the menu's code arrived: replayed on the menu's own button.
  const pending = useRef<PendingPress | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const load = useCallback(() => {
    loadMenu().then(
      (module) => {
        // The button is about to be replaced by the menu's own: focus follows it.
        refocus.current = document.activeElement === triggerRef.current;
        setMenu(module);
      },
      () => (pending.current = null), // the next hover, focus or press tries again
    );
  }, []);
  const { isOpen, defaultOpen } = menuProps;
  useEffect(() => {
    if (isOpen || defaultOpen) load();
  }, [isOpen, defaultOpen, load]);
  useEffect(() => {
    const button = triggerRef.current;
    if (!menu || !button) return;
    if (refocus.current) button.focus();
    refocus.current = false;
    const press = pending.current;
    pending.current = null;
    // A keyboard click is a virtual press, which opens the menu with focus on its first item, as
    // Enter and Space do (a mouse press opened it already, with no item focused, as a mouse does).
    if (press === 'click') button.click();
    else if (press) button.dispatchEvent(new KeyboardEvent('keydown', { key: press, bubbles: true, cancelable: true }));
  }, [menu]);
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

  const triggerLabel = userMenuTriggerLabel(user.name);
  const avatar = (
    <Avatar
      entityId={user.id}
      entityName={user.name}
      src={user.avatarUrl}
      alt=""
      size={USER_MENU_AVATAR_SIZE}
      fallbackOnError
    />
  );
  const trigger = (
    <button type="button" className="fk-user-menu__trigger" aria-label={triggerLabel} ref={triggerRef}>
      {avatar}
    </button>
  );
  const press = (kind: PendingPress) => {
    if (kind === 'mouse') setOpenedByMouse(true);
    else pending.current = kind;
    load();
  };

  return (
    <div
      className={clsx('fk-user-menu', className)}
      data-component="UserMenu"
      data-availability={isBusy ? 'busy' : undefined}
    >
      {menu ? (
        <menu.Menu {...menuProps} defaultOpen={defaultOpen || isOpenedByMouse} items={items} placement="bottom-end">
          {trigger}
        </menu.Menu>
      ) : (
        // The menu trigger's markup, until its code is there.
        <button
          type="button"
          className="fk-user-menu__trigger"
          aria-label={triggerLabel}
          aria-haspopup="true"
          aria-expanded={false}
          data-state="closed"
          ref={triggerRef}
          onPointerEnter={load}
          onFocus={load}
          // A mouse opens the menu on its press, as react-aria's trigger does: the code may arrive and
          // replace this button before the release, which would then click nothing.
          onPointerDown={(event) => {
            if (event.pointerType === 'mouse' && event.button === 0) press('mouse');
          }}
          onClick={(event) => press(event.detail > 0 ? 'mouse' : 'click')}
          onKeyDown={(event: ReactKeyboardEvent) => {
            if (!isOpeningKey(event.key)) return;
            event.preventDefault(); // no page scroll
            press(event.key);
          }}
        >
          {avatar}
        </button>
      )}
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
