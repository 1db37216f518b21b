/**
 * Polling and retrying with exponential backoff (spec sections 8 and 9): what GitLab's
 * `~/lib/utils/poll.js` and `common_utils.js` `backOff` do, as one module.
 *
 * `backOff(attempt)` retries `attempt` 2000 ms, 4000 ms, 8000 ms... after each failure (at most
 * 32000 ms apart) and gives up with a `BackoffTimeoutError` after 60000 ms in total. `poll(options)`
 * repeats a request every 120000 ms (or what the server asks for in `Poll-Interval`), retrying a
 * failed request with `backOff`.
 */

/** Time between two polls, in ms (spec section 9: polling interval 120000). */
export const POLLING_INTERVAL = 120_000;

/**
 * Exponential backoff in ms (spec section 9): the first retry after `initialInterval`, each next
 * one twice as late but at most `maxInterval` apart, giving up after `timeout` in total.
 */
export const BACKOFF = { initialInterval: 2000, maxInterval: 32_000, timeout: 60_000 } as const;

/**
 * The poll backoff rate (spec section 9: 0.15): every delay `poll` waits is spread at random by up
 * to ±15%, so that tabs opened together (or a server restart that failed them all at once) do not
 * keep polling in step.
 */
export const POLL_BACKOFF_RATE = 0.15;

/** The message of the error `backOff` gives up with (GitLab's `BACKOFF_TIMEOUT`). */
export const BACKOFF_TIMEOUT_MESSAGE = 'BACKOFF_TIMEOUT';

/** The response header in which a server sets the next poll's delay in ms; `-1` stops polling. */
export const POLL_INTERVAL_HEADER = 'Poll-Interval';

/** Rejects `backOff` (and ends `poll`) when the total backoff time ran out. */
export class BackoffTimeoutError extends Error {
  override name = 'BackoffTimeoutError';
  constructor() {
    super(BACKOFF_TIMEOUT_MESSAGE);
  }
}

export interface BackOffOptions {
  /** Total time in ms after which `backOff` gives up. @default BACKOFF.timeout (60000) */
  timeout?: number;
  /** Random spread of each delay, as a fraction (0.15 is ±15%). @default 0 */
  jitter?: number;
  /** Aborting cancels the pending retry and rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Calls `attempt(next, stop)` now and again each time it calls `next()`, waiting 2000 ms before
 * the first retry and twice as long before each later one (at most 32000 ms). `stop(value)`
 * resolves with `value` (or rejects, when `value` is an Error). Calling `next()` once the total
 * time is spent rejects with a `BackoffTimeoutError`; the last delay is shortened so that this
 * happens at `timeout`, not after it.
 *
 * @example
 * const pipeline = await backOff<Pipeline>((next, stop) => {
 *   fetchPipeline().then((p) => (p.status === 'running' ? next() : stop(p)), stop);
 * });
 */
export function backOff<T>(
  attempt: (next: () => void, stop: (result: T | Error) => void) => void,
  options: BackOffOptions = {},
): Promise<T> {
  const { timeout = BACKOFF.timeout, jitter = 0, signal } = options;
  const started = Date.now();
  let interval: number = BACKOFF.initialInterval;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;

  return new Promise<T>((resolve, reject) => {
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    const stop = (result: T | Error) => settle(() => (result instanceof Error ? reject(result) : resolve(result)));
    const run = () => {
      try {
        attempt(next, stop);
      } catch (error) {
        stop(error instanceof Error ? error : new Error(String(error)));
      }
    };
    function next() {
      if (settled) return;
      const remaining = timeout - (Date.now() - started);
      if (remaining <= 0) {
        settle(() => reject(new BackoffTimeoutError()));
        return;
      }
      timer = setTimeout(run, Math.min(spread(interval, jitter), remaining));
      interval = Math.min(interval * 2, BACKOFF.maxInterval);
    }

    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort);
    run();
  });
}

/** `delay` moved at random by up to ±`rate` of itself. */
function spread(delay: number, rate: number): number {
  return rate ? delay * (1 + rate * (2 * Math.random() - 1)) : delay;
}

/**
 * The delay a response asks for in its `Poll-Interval` header, in ms: a negative number means
 * "stop polling"; `undefined` when the header is absent or not a number.
 */
export function readPollInterval(headers: Headers | Readonly<Record<string, string | undefined>>): number | undefined {
  const raw =
    headers instanceof Headers
      ? headers.get(POLL_INTERVAL_HEADER)
      : Object.entries(headers).find(([name]) => name.toLowerCase() === POLL_INTERVAL_HEADER.toLowerCase())?.[1];
  const value = raw == null || raw === '' ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export interface PollOptions<T> {
  /** One poll. Resolving hands the data to `onData`; rejecting retries with `backOff`. */
  request: (signal: AbortSignal) => Promise<T>;
  /** Receives the data of every successful poll. */
  onData: (data: T) => void;
  /** Called once when polling gives up: a `BackoffTimeoutError` after 60000 ms of failures. */
  onError?: (error: Error) => void;
  /**
   * The delay in ms before the next poll, or a function of the last data returning it (for
   * example `readPollInterval(response.headers)`); a negative delay stops polling, `undefined`
   * means the default. @default POLLING_INTERVAL (120000)
   */
  interval?: number | ((data: T) => number | undefined);
  /** Random spread of every delay. @default POLL_BACKOFF_RATE (0.15) */
  jitter?: number;
}

/** A running poll. */
export interface Poller {
  /** Stops polling: a pending delay is cancelled and a request in flight is aborted. */
  stop(): void;
  /** Polls again now (also after `stop()` or after giving up), then on schedule. */
  restart(): void;
  /** Whether a poll is scheduled or in flight. */
  readonly isActive: boolean;
}

/**
 * Starts polling: `request` now, then again after each interval; a failing request is retried
 * with exponential backoff and polling ends with `onError` when the backoff times out.
 */
export function poll<T>(options: PollOptions<T>): Poller {
  const { request, onData, onError, interval = POLLING_INTERVAL, jitter = POLL_BACKOFF_RATE } = options;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };

  const run = () => {
    const current = new AbortController();
    controller = current;
    const { signal } = current;
    backOff<{ data: T }>(
      (next, done) => {
        request(signal).then((data) => done({ data }), next);
      },
      { jitter, signal },
    ).then(
      ({ data }) => {
        if (controller !== current) return;
        onData(data);
        if (controller !== current) return; // onData stopped or restarted the poll
        controller = undefined;
        const delay = (typeof interval === 'function' ? interval(data) : interval) ?? POLLING_INTERVAL;
        if (delay >= 0) timer = setTimeout(tick, spread(delay, jitter));
      },
      (error: unknown) => {
        if (controller !== current) return; // stopped or restarted meanwhile
        controller = undefined;
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  function tick() {
    timer = undefined;
    run();
  }

  run();
  return {
    stop,
    restart() {
      stop();
      run();
    },
    get isActive() {
      return controller !== undefined || timer !== undefined;
    },
  };
}
