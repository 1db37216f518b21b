export { useControllableState, type UseControllableStateOptions } from './useControllableState';
export { useMergedRefs } from './useMergedRefs';
export {
  useBreakpoint,
  useBreakpointChange,
  getCurrentBreakpoint,
  breakpointForWidth,
  isDesktopBreakpoint,
  isNarrowerBreakpoint,
  DEFAULT_SERVER_BREAKPOINT,
  type UseBreakpointOptions,
  type BreakpointState,
} from './useBreakpoint';
export {
  useScrollToHash,
  scrollToHash,
  findHashTarget,
  readBroadcastBannersHeight,
  MARKDOWN_ANCHOR_PREFIX,
  type UseScrollToHashOptions,
} from './useScrollToHash';
export { useIsClient } from './useIsClient';
