import { moveFocusBeforeRemoval } from '../Alert/focus';
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

/** The server-rendered markup the enhancer reads. */
export const CALLOUT_SELECTORS = {
  callout: '.js-persistent-callout',
  close: '.js-close',
  deferredLink: '.js-deferred-link',
  followLink: '.js-follow-link',
} as const;

/** Marks a callout the enhancer already handles, so a second call does not bind it twice. */
const READY_ATTRIBUTE = 'data-fk-callout-ready';

export interface InitDismissibleCalloutsOptions {
  /** @default postJson(endpoint, payload) */
  sendDismissal?: SendCalloutDismissal;
  /** @default location.assign(href), or window.open(href) for target="_blank" */
  navigate?: CalloutNavigate;
  /** Where createAlert finds the flash container for failure alerts. @default document */
  alertParent?: ParentNode;
  /** Called with each callout element after its dismissal succeeded and it was removed. */
  onDismiss?: (callout: HTMLElement) => void;
}

function readIdentity(element: HTMLElement): (CalloutIdentity & { endpoint: string }) | null {
  const { dismissEndpoint, featureId, groupId, namespaceId, projectId } = element.dataset;
  if (!dismissEndpoint || !featureId) return null;
  return { endpoint: dismissEndpoint, featureName: featureId, groupId, namespaceId, projectId };
}

/**
 * Makes the server-rendered callouts under `root` dismissible (`.js-persistent-callout` with
 * `data-dismiss-endpoint`, `data-feature-id` and optional `data-group-id`, `data-namespace-id`,
 * `data-project-id`). `.js-close` POSTs the dismissal: on success the callout is removed (and
 * remembered for the session), then a `.js-deferred-link` that was clicked opens; on failure it
 * stays and an error alert shows. `.js-follow-link` acknowledges (feature name only), then
 * navigates. Callouts remembered as dismissed are removed at once. Returns a cleanup function;
 * without a DOM it does nothing.
 */
export function initDismissibleCallouts(root?: ParentNode, options: InitDismissibleCalloutsOptions = {}): () => void {
  if (typeof document === 'undefined') return () => {};
  const scope = root ?? document;
  const { sendDismissal = defaultSendCalloutDismissal, navigate = defaultNavigate, alertParent, onDismiss } = options;

  const callouts = Array.from(scope.querySelectorAll<HTMLElement>(CALLOUT_SELECTORS.callout));
  if (scope instanceof HTMLElement && scope.matches(CALLOUT_SELECTORS.callout)) callouts.unshift(scope);

  const cleanups: (() => void)[] = [];
  for (const callout of callouts) {
    if (callout.hasAttribute(READY_ATTRIBUTE)) continue;
    const identity = readIdentity(callout);
    if (!identity) {
      console.error(
        '[forgekit] initDismissibleCallouts: a callout lacks data-dismiss-endpoint or data-feature-id.',
        callout,
      );
      continue;
    }
    if (isCalloutDismissed(identity)) {
      callout.remove();
      continue;
    }

    let isBusy = false;
    const request = async (payload: Parameters<SendCalloutDismissal>[1], errorMessage: string) => {
      isBusy = true;
      try {
        await sendDismissal(identity.endpoint, payload);
        rememberDismissedCallout(identity);
        return true;
      } catch (error) {
        showCalloutError(errorMessage, alertParent, error);
        return false;
      } finally {
        isBusy = false;
      }
    };

    const onClick = async (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const close = target?.closest<HTMLElement>(CALLOUT_SELECTORS.close);
      const deferred = target?.closest<HTMLAnchorElement>(CALLOUT_SELECTORS.deferredLink);
      const follow = target?.closest<HTMLAnchorElement>(CALLOUT_SELECTORS.followLink);
      const control = close ?? deferred ?? follow;
      if (!control || !callout.contains(control)) return;
      event.preventDefault();
      if (isBusy) return;

      const link = deferred ?? follow;
      const href = link ? safeHref(link.getAttribute('href') ?? '') : null;
      if (link && href === null) {
        console.error(`[forgekit] initDismissibleCallouts: refusing to open "${link.getAttribute('href')}".`);
        return;
      }

      if (follow && href !== null && !close && !deferred) {
        if (await request({ feature_name: identity.featureName }, CALLOUT_FOLLOW_ERROR))
          navigate(href, { newTab: false });
        return;
      }
      if (!(await request(dismissalPayload(identity), CALLOUT_DISMISS_ERROR))) return;
      moveFocusBeforeRemoval(callout);
      callout.remove();
      onDismiss?.(callout);
      if (deferred && href !== null) navigate(href, { newTab: deferred.target === '_blank' });
    };

    const listener = (event: MouseEvent) => void onClick(event);
    callout.addEventListener('click', listener);
    callout.setAttribute(READY_ATTRIBUTE, '');
    cleanups.push(() => {
      callout.removeEventListener('click', listener);
      callout.removeAttribute(READY_ATTRIBUTE);
    });
  }
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
