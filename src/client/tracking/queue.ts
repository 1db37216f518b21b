/**
 * Internal events and counters that could not be sent (the browser is offline, or the request
 * failed on the network) wait in localStorage, at most ANALYTICS_QUEUE_SIZE of them (the oldest
 * go first), and are sent in order when the browser is back online or the next page starts.
 * They are sent with the REST client's usage_data functions.
 */
import type { ApiOptions } from '../rest/api/shared';
import { incrementUniqueUsers, incrementUsageCounter, sendUsageEvent } from '../rest/api/usageData';
import type { InternalEventInput } from '../rest/types';
import { readStorage, writeStorage } from '../../utils/storage';
import { ANALYTICS_QUEUE_SIZE, EVENT_QUEUE_KEY } from './constants';

/** The usage_data calls (spec section 7), by the name a queued call keeps. */
const SENDERS = {
  incrementCounter: (body: { event: string }, options: ApiOptions) => incrementUsageCounter(body.event, options),
  incrementUniqueUsers: (body: { event: string }, options: ApiOptions) => incrementUniqueUsers(body.event, options),
  trackEvent: (body: InternalEventInput, options: ApiOptions) => sendUsageEvent(body, options),
};

/** One usage_data call, as it waits in the queue. */
export type QueuedCall =
  | { call: 'incrementCounter' | 'incrementUniqueUsers'; body: { event: string } }
  | { call: 'trackEvent'; body: InternalEventInput };

let flushing: Promise<void> | undefined;
let listening = false;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The calls waiting to be sent, oldest first. */
export function readQueue(): QueuedCall[] {
  const stored = readStorage<unknown>('local', EVENT_QUEUE_KEY);
  return Array.isArray(stored) ? (stored as QueuedCall[]) : [];
}

function writeQueue(calls: readonly QueuedCall[]): void {
  writeStorage('local', EVENT_QUEUE_KEY, calls.slice(-ANALYTICS_QUEUE_SIZE));
}

function enqueue(call: QueuedCall): void {
  writeQueue([...readQueue(), call]);
  flushWhenOnline();
}

/**
 * Sends `call`. The REST client leaves a request that fails while the browser is offline pending
 * for ever; so going offline aborts the request and counts as a network failure (the call stays
 * queued).
 */
function send(call: QueuedCall): Promise<unknown> {
  const controller = new AbortController();
  const options = { signal: controller.signal };
  const sent =
    call.call === 'trackEvent' ? SENDERS.trackEvent(call.body, options) : SENDERS[call.call](call.body, options);
  if (typeof window === 'undefined') return sent;
  let onOffline = () => {};
  const offline = new Promise<never>((_resolve, reject) => {
    onOffline = () => {
      controller.abort();
      reject(new TypeError('offline'));
    };
    window.addEventListener('offline', onOffline, { once: true });
  });
  return Promise.race([sent, offline]).finally(() => window.removeEventListener('offline', onOffline));
}

/** Sends `call` now, or queues it when the browser is offline or the network fails. */
export async function sendOrQueue(call: QueuedCall): Promise<void> {
  if (isOffline()) {
    enqueue(call);
    return;
  }
  try {
    await send(call);
  } catch (error) {
    // fetch rejects with a TypeError when the request never reached a server: keep it for later.
    // An HTTP error is the server's answer: retrying would get the same one.
    if (error instanceof TypeError) enqueue(call);
    return;
  }
  if (readQueue().length) void flushQueue();
}

/**
 * Sends the queued calls in order; stops at the first network failure (the rest stay queued).
 * Concurrent calls share one flush.
 */
export function flushQueue(): Promise<void> {
  // `.finally` runs after the assignment even when there is nothing to send.
  flushing ??= drainQueue().finally(() => (flushing = undefined));
  return flushing;
}

async function drainQueue(): Promise<void> {
  while (!isOffline()) {
    const [call] = readQueue();
    if (!call) return;
    try {
      await send(call);
    } catch (error) {
      if (error instanceof TypeError) return;
    }
    // Sent (or refused by the server): drop it, keeping what was queued meanwhile.
    writeQueue(readQueue().slice(1));
  }
}

/** Flushes the queue each time the browser comes back online (listening once per page). */
export function flushWhenOnline(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => void flushQueue());
}
