/**
 * What every request of the product shares, REST and GraphQL alike: the headers of spec section 7
 * ("all API calls carry a CSRF token header and X-Requested-With: XMLHttpRequest", plus the version
 * and feature category when known), same-origin credentials, and whether a failed request should
 * stay unanswered (spec section 4: "On a network error while the browser is offline or leaving the
 * page, the request is left unresolved silently"). The page-exit listeners are installed by the
 * first request, never at import time.
 */
import type { PageConfig } from './config';

/** The headers the product's requests send and read (spec sections 7 and 9). */
export const REQUEST_HEADERS = {
  csrfToken: 'X-CSRF-Token',
  requestedWith: 'X-Requested-With',
  xsrfToken: 'X-XSRF-TOKEN',
  version: 'X-GitLab-Version',
  featureCategory: 'X-GitLab-Feature-Category',
  /** Response: the request's id, used as the correlation id. */
  requestId: 'X-Request-Id',
  /** Response: `true` when GitLab answered from its ETag cache. */
  fromCache: 'x-gitlab-from-cache',
} as const;

/** The value of `X-Requested-With` (Rails' `request.xhr?`). */
export const XML_HTTP_REQUEST = 'XMLHttpRequest';
/** Credentials mode of every request (spec section 9: "Default credentials same-origin"). */
export const DEFAULT_CREDENTIALS: RequestCredentials = 'same-origin';

/** The headers every request carries, from the page configuration: X-Requested-With, CSRF, version, feature category. */
export function productRequestHeaders(config: PageConfig): Record<string, string> {
  const headers: Record<string, string> = { [REQUEST_HEADERS.requestedWith]: XML_HTTP_REQUEST };
  if (config.csrfToken) headers[REQUEST_HEADERS.csrfToken] = config.csrfToken;
  if (config.version) headers[REQUEST_HEADERS.version] = config.version;
  if (config.featureCategory) headers[REQUEST_HEADERS.featureCategory] = config.featureCategory;
  return headers;
}

let isLeaving = false;
let isWatching = false;

/** Starts following page exits (`beforeunload`, `pagehide`); a page restored from the back/forward cache is back. */
export function watchPageExit(): void {
  if (isWatching || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  isWatching = true;
  const leave = () => {
    isLeaving = true;
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', () => {
    isLeaving = false;
  });
}

/** Has the page started unloading? */
export function isLeavingPage(): boolean {
  return isLeaving;
}

/** Does the browser say it is offline? (False outside browsers.) */
export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
