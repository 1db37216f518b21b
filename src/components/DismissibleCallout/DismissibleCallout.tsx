import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Alert, type AlertAction, type AlertProps } from '../Alert/Alert';
import { useDataAdapters } from '../DataProvider/DataProvider';
import {
  CALLOUT_DISMISS_ERROR,
  CALLOUT_FOLLOW_ERROR,
  defaultNavigate,
  defaultSendCalloutDismissal,
  dismissalPayload,
  isCalloutDismissed,
  rememberDismissedCallout,
  safeHref,
  showCalloutError,
  type CalloutIdentity,
  type CalloutNavigate,
  type SendCalloutDismissal,
} from './calloutDismissal';

/**
 * How a callout action link behaves. `link`: a plain link or button. `deferred`: dismisses the
 * callout, then (on success) opens the link. `follow`: registers the dismissal (feature name
 * only), then navigates.
 */
export type CalloutActionMode = 'link' | 'deferred' | 'follow';

export interface CalloutAction extends AlertAction {
  /** @default 'link' */
  mode?: CalloutActionMode;
}

export interface DismissibleCalloutProps extends Omit<
  AlertProps,
  'isDismissible' | 'open' | 'defaultOpen' | 'onOpenChange' | 'onDismiss' | 'primaryAction' | 'secondaryAction'
> {
  /** The callout's feature name, sent as `feature_name`. */
  featureName: string;
  /** Sent as `group_id`. @default undefined */
  groupId?: string | number;
  /** Sent as `namespace_id`. @default undefined */
  namespaceId?: string | number;
  /** Sent as `project_id`. @default undefined */
  projectId?: string | number;
  /** Where the dismissal is POSTed (e.g. `/-/users/callouts`). */
  dismissEndpoint: string;
  /** The main action; `mode: 'deferred'` makes it dismiss the callout first. @default undefined */
  primaryAction?: CalloutAction;
  /** A second action; `mode: 'follow'` makes it acknowledge the callout first. @default undefined */
  secondaryAction?: CalloutAction;
  /**
   * Sends the dismissal.
   * @default the `DataProvider`'s `dismissCallout`, else postJson(endpoint, payload)
   */
  sendDismissal?: SendCalloutDismissal;
  /**
   * Opens a deferred or follow link once the server has the dismissal.
   * @default location.assign(href), or window.open(href) for target="_blank"
   */
  navigate?: CalloutNavigate;
  /**
   * Where createAlert finds the flash container for the failure alert.
   * @default document
   */
  alertParent?: ParentNode;
  /**
   * Called after the server accepted the dismissal and the callout was removed.
   * @default undefined
   */
  onDismiss?: () => void;
}

const noopSubscribe = () => () => {};

/** Runs one async task at a time: calls made while one is pending are ignored (double clicks). */
function createSingleFlight() {
  let pending = false;
  return async (task: () => Promise<void>) => {
    if (pending) return;
    pending = true;
    try {
      await task();
    } finally {
      pending = false;
    }
  };
}

/**
 * A callout the user dismisses for good (expiring tokens, seat and storage limits, compute
 * minutes, trials...): closing it POSTs the dismissal; on success it goes (and is remembered
 * for the session), on failure it stays and an error alert explains. For server-rendered
 * callouts use `initDismissibleCallouts()` instead.
 */
export function DismissibleCallout({
  featureName,
  groupId,
  namespaceId,
  projectId,
  dismissEndpoint,
  primaryAction,
  secondaryAction,
  sendDismissal: sendDismissalProp,
  navigate = defaultNavigate,
  alertParent,
  onDismiss,
  variant = 'info',
  ...rest
}: DismissibleCalloutProps) {
  const adapters = useDataAdapters();
  const sendDismissal = sendDismissalProp ?? adapters.dismissCallout ?? defaultSendCalloutDismissal;
  const identity: CalloutIdentity = { featureName, groupId, namespaceId, projectId };
  // Session storage is browser-only: the server and hydration render the callout, a remembered
  // one goes right after hydration.
  const isRemembered = useSyncExternalStore(
    noopSubscribe,
    () => isCalloutDismissed(identity),
    () => false,
  );
  const [isDismissed, setDismissed] = useState(false);
  const [singleFlight] = useState(createSingleFlight);

  const dismiss = (deferredLink?: { href: string; newTab: boolean }) =>
    singleFlight(async () => {
      try {
        await sendDismissal(dismissEndpoint, dismissalPayload(identity));
      } catch (error) {
        showCalloutError(CALLOUT_DISMISS_ERROR, alertParent, error);
        return;
      }
      rememberDismissedCallout(identity);
      setDismissed(true);
      onDismiss?.();
      if (deferredLink) navigate(deferredLink.href, { newTab: deferredLink.newTab });
    });

  const follow = (href: string) =>
    singleFlight(async () => {
      try {
        await sendDismissal(dismissEndpoint, { feature_name: featureName });
      } catch (error) {
        showCalloutError(CALLOUT_FOLLOW_ERROR, alertParent, error);
        return;
      }
      rememberDismissedCallout(identity);
      navigate(href, { newTab: false });
    });

  const wire = (action: CalloutAction | undefined): AlertAction | undefined => {
    if (!action) return undefined;
    const { mode = 'link', ...rest } = action;
    if (mode === 'link' || action.href === undefined) return rest;
    const href = action.href;
    return {
      ...rest,
      onClick: (event: MouseEvent<HTMLElement>) => {
        action.onClick?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const target = safeHref(href);
        if (target === null) {
          console.error(`[forgekit] DismissibleCallout: refusing to open "${href}": only http(s) links are followed.`);
          return;
        }
        if (mode === 'deferred') void dismiss({ href: target, newTab: action.target === '_blank' });
        else void follow(target);
      },
    };
  };

  return (
    <Alert
      {...rest}
      variant={variant}
      data-feature-id={featureName}
      isDismissible
      open={!isRemembered && !isDismissed}
      onDismiss={() => void dismiss()}
      primaryAction={wire(primaryAction)}
      secondaryAction={wire(secondaryAction)}
    />
  );
}
