export {
  TopBar,
  TOP_BAR_HEIGHT,
  TOP_BAR_LABELS,
  TOP_BAR_LOGO_ANIMATING_CLASS,
  TOP_BAR_SEARCH_PARAM,
  type TopBarProps,
} from './TopBar';
