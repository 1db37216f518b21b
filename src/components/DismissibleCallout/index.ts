export {
  DismissibleCallout,
  type DismissibleCalloutProps,
  type CalloutAction,
  type CalloutActionMode,
} from './DismissibleCallout';
export {
  initDismissibleCallouts,
  CALLOUT_SELECTORS,
  type InitDismissibleCalloutsOptions,
} from './initDismissibleCallouts';
export {
  CALLOUT_DISMISS_ERROR,
  CALLOUT_FOLLOW_ERROR,
  DISMISSED_CALLOUTS_STORAGE_KEY,
  isCalloutDismissed,
  forgetDismissedCallouts,
  type CalloutIdentity,
  type CalloutDismissal,
  type SendCalloutDismissal,
  type CalloutNavigate,
} from './calloutDismissal';
