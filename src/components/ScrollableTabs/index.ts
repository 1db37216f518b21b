export {
  ScrollableTabs,
  SCROLLABLE_TABS_LABELS,
  type ScrollableTabsProps,
  type ScrollableTabItem,
} from './ScrollableTabs';
