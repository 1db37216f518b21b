export {
  NavSidebar,
  NAV_SIDEBAR_AVATAR_SIZE,
  type NavSidebarContext,
  type NavSidebarItem,
  type NavSidebarProps,
} from './NavSidebar';
