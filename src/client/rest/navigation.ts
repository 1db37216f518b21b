/**
 * Whether a failed request should stay unanswered (spec section 4: "On a network error while the
 * browser is offline or leaving the page, the request is left unresolved silently"). The page-exit
 * listeners are installed by the first request, never at import time.
 */

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
