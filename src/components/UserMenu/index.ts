export {
  UserMenu,
  userMenuTriggerLabel,
  USER_MENU_AVATAR_SIZE,
  USER_MENU_CSRF_PARAM,
  USER_MENU_LABELS,
  type UserMenuProps,
  type UserMenuStatus,
  type UserMenuUser,
} from './UserMenu';
