// One timer for every TimeAgo on the page. Each mounted instance subscribes with its moment; the
// ticker runs a single setInterval while anyone is subscribed and stops it when the last one
// unsubscribes. On each tick every subscriber re-reads its text; React re-renders only those whose
// text changed (useSyncExternalStore compares the strings), so a tick where nothing visibly changes
// costs one string comparison per instance and no render.
import { MINUTE_IN_MS, SECOND_IN_MS } from '../../utils/date';

/**
 * Tick periods in ms. Every second while any subscribed moment is under a minute away (its text
 * counts seconds, or is 'just now'), otherwise every minute (texts count minutes or more, so a
 * minute-old text is at most a minute stale).
 */
export const TIME_AGO_TICK_INTERVALS = { fast: SECOND_IN_MS, slow: MINUTE_IN_MS } as const;
/** Under this distance (ms) from now a moment needs the fast tick. */
export const TIME_AGO_FAST_TICK_LIMIT = MINUTE_IN_MS;

type Listener = () => void;

/** Subscribers and the moment (ms) each one shows. */
const subscribers = new Map<Listener, number>();
let timer: ReturnType<typeof setInterval> | undefined;
/** Period of the running timer, 0 when stopped. */
let period = 0;

function wantedPeriod(now: number): number {
  if (subscribers.size === 0) return 0;
  for (const moment of subscribers.values()) {
    if (Math.abs(now - moment) < TIME_AGO_FAST_TICK_LIMIT) return TIME_AGO_TICK_INTERVALS.fast;
  }
  return TIME_AGO_TICK_INTERVALS.slow;
}

/** Starts, restarts (new period) or stops the one timer to match the subscribers. */
function schedule(now: number) {
  const next = wantedPeriod(now);
  if (next === period) return;
  if (timer !== undefined) clearInterval(timer);
  timer = next === 0 ? undefined : setInterval(tick, next);
  period = next;
}

/** Notifies every subscriber, then adapts the period (a moment may have left the last minute). */
function tick() {
  for (const listener of [...subscribers.keys()]) listener();
  schedule(Date.now());
}

/**
 * Subscribes a listener showing `moment` (ms) to the shared tick; returns the unsubscribe function.
 * The form `useSyncExternalStore` expects, once bound to a moment.
 */
export function subscribeToTimeAgoTick(listener: Listener, moment: number): () => void {
  subscribers.set(listener, moment);
  schedule(Date.now());
  return () => {
    subscribers.delete(listener);
    schedule(Date.now());
  };
}

/** The shared ticker's state, for tests and benchmarks: subscriber count and the running period (0 when stopped). */
export function timeAgoTickerState(): { subscribers: number; period: number } {
  return { subscribers: subscribers.size, period };
}
