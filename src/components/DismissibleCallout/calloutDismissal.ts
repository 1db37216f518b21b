import { dismissCallout } from '../../client/rest/api/general';
import { assignLocation } from '../../utils/navigation';
import { readStorage, removeStorage, writeStorage } from '../../utils/storage';
import { createAlert } from '../Alert/createAlert';

/** Spec section 8: the notice stays and this alert shows when its dismissal fails. */
export const CALLOUT_DISMISS_ERROR = 'An error occurred while dismissing the alert. Refresh the page and try again.';
/** Spec section 8: a follow link whose acknowledgement fails shows this alert and does not navigate. */
export const CALLOUT_FOLLOW_ERROR =
  'An error occurred while acknowledging the notification. Refresh the page and try again.';

/**
 * Session-storage key of the callouts dismissed in this tab, so a cached page (back button,
 * bfcache, Turbo) does not bring one back before the server knows.
 */
export const DISMISSED_CALLOUTS_STORAGE_KEY = 'forgekit:dismissed-callouts';

/** Which callout, for whom. */
export interface CalloutIdentity {
  /** The callout's feature name (`data-feature-id` in server markup). */
  featureName: string;
  groupId?: string | number;
  namespaceId?: string | number;
  projectId?: string | number;
}

/** The body POSTed to the dismiss endpoint (spec section 7). A follow link sends `feature_name` only. */
export interface CalloutDismissal {
  feature_name: string;
  group_id?: string | number;
  namespace_id?: string | number;
  project_id?: string | number;
}

/** Sends a callout dismissal. @default dismissCallout(endpoint, payload) */
export type SendCalloutDismissal = (endpoint: string, payload: CalloutDismissal) => Promise<unknown>;
/** Opens a link: in this tab, or a new one. */
export type CalloutNavigate = (href: string, options: { newTab: boolean }) => void;

export const defaultSendCalloutDismissal: SendCalloutDismissal = (endpoint, payload) =>
  dismissCallout(endpoint, payload);

/** Opens the link in this tab, or in a new one without a handle on this page. */
export const defaultNavigate: CalloutNavigate = (href, { newTab }) => {
  if (newTab) window.open(href, '_blank', 'noopener,noreferrer');
  else assignLocation(href);
};

/**
 * `href` resolved against the page if it is an http(s) URL, else null (spec section 5: only http
 * and https links are followed; a `javascript:` href never reaches `navigate`).
 */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function dismissalPayload({ featureName, groupId, namespaceId, projectId }: CalloutIdentity): CalloutDismissal {
  return { feature_name: featureName, group_id: groupId, namespace_id: namespaceId, project_id: projectId };
}

function identityKey({ featureName, groupId, namespaceId, projectId }: CalloutIdentity): string {
  return JSON.stringify(
    [featureName, groupId ?? null, namespaceId ?? null, projectId ?? null].map((v) => (v === null ? v : String(v))),
  );
}

function remembered(): string[] {
  const stored = readStorage<unknown>('session', DISMISSED_CALLOUTS_STORAGE_KEY);
  return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}

/** True when this callout was dismissed earlier in this tab. */
export function isCalloutDismissed(identity: CalloutIdentity): boolean {
  return remembered().includes(identityKey(identity));
}

/** Remembers a dismissed callout for the rest of the session. */
export function rememberDismissedCallout(identity: CalloutIdentity): void {
  const key = identityKey(identity);
  const keys = remembered();
  if (!keys.includes(key)) writeStorage('session', DISMISSED_CALLOUTS_STORAGE_KEY, [...keys, key]);
}

/** Forgets every remembered dismissal (tests, sign-out). */
export function forgetDismissedCallouts(): void {
  removeStorage('session', DISMISSED_CALLOUTS_STORAGE_KEY);
}

/** Shows a failure as a danger alert in the flash container (or logs it when the page has none). */
export function showCalloutError(message: string, parent: ParentNode | undefined, cause: unknown): void {
  try {
    createAlert({ message, parent });
  } catch (error) {
    console.error(message, cause, error);
  }
}
