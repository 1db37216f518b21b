/**
 * The number of pending API requests (spec section 4): GraphQL queries and mutations in flight, across
 * every client this module created. A query that Apollo deduplicates is one request on the wire and
 * counts once; subscriptions are long-lived and do not count.
 */
import { useSyncExternalStore } from 'react';
import { ApolloLink } from '@apollo/client/link';
import { defer, finalize } from 'rxjs';

let pending = 0;
const listeners = new Set<() => void>();

function change(delta: number): void {
  pending += delta;
  for (const listener of listeners) listener();
}

/** How many GraphQL queries and mutations are in flight right now. */
export function getPendingApiRequests(): number {
  return pending;
}

/** Calls `listener` whenever the pending count changes; returns the unsubscribe function. */
export function subscribePendingApiRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const serverSnapshot = () => 0;

/** The live number of pending API requests; re-renders when it changes (0 while server rendering). */
export function usePendingApiRequests(): number {
  return useSyncExternalStore(subscribePendingApiRequests, getPendingApiRequests, serverSnapshot);
}

/**
 * Exposes the count as `window.pendingApolloRequests`, where GitLab's end-to-end helpers wait for it to
 * reach 0. Called when a client is created, never at import time.
 */
export function exposePendingApiRequests(): void {
  if (typeof window === 'undefined' || 'pendingApolloRequests' in window) return;
  Object.defineProperty(window, 'pendingApolloRequests', { get: getPendingApiRequests, configurable: true });
}

/**
 * The counting link: +1 when an operation goes down the chain, -1 when it completes, fails or is
 * cancelled (rxjs `finalize` covers all three, which Apollo 3's `.map()` counting missed).
 */
export function createPendingRequestsLink(): ApolloLink {
  return new ApolloLink((operation, forward) =>
    defer(() => {
      change(1);
      return forward(operation).pipe(finalize(() => change(-1)));
    }),
  );
}
