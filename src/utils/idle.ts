/**
 * Work that can wait: `runWhenIdle(task)` runs `task` when the browser is idle (requestIdleCallback),
 * at the latest after IDLE_TIMEOUT ms, or after a timer where there is no idle callback (Safari).
 * Returns a function that cancels it.
 */

/** The longest a task waits for an idle period, in ms (spec section 9: "Idle-callback timeout 500 ms"). */
export const IDLE_TIMEOUT = 500;

export function runWhenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
