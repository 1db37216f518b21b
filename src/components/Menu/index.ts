export {
  Menu,
  MENU_OFFSET,
  MENU_PLACEMENTS,
  MENU_VIEWPORT_PADDING,
  type MenuProps,
  type MenuEntry,
  type MenuItemEntry,
  type MenuGroupEntry,
  type MenuSeparatorEntry,
  type MenuPlacement,
} from './Menu';
