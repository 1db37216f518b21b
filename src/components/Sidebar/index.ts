export {
  Sidebar,
  isPageKeptExpanded,
  SIDEBAR_LABELS,
  SIDEBAR_COLLAPSE_BREAKPOINTS,
  SIDEBAR_KEEP_EXPANDED_PAGES,
  type SidebarProps,
  type SidebarSide,
  type SidebarAutoCollapse,
} from './Sidebar';
