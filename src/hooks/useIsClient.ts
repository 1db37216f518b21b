import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and during hydration, true afterwards: for output that needs the browser
 * (portals into `document.body`, sanitised HTML), so the server HTML and the first client render
 * agree and hydration stays warning-free.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
