// Timing for the math enhancer: the start delay and the pause between blocks, both abortable.

/** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Ends the current task and resumes in a new one after the browser's next frame, so every block's
 * DOM change gets a frame of its own for style and layout, and the next block's KaTeX work runs
 * after that paint rather than delaying it. Styling KaTeX output is the expensive part (in
 * Chromium, about as costly as rendering it), so what matters is how many blocks one frame lays
 * out, not only how long each task is: `scheduler.yield()` alone lets continuations run ahead of
 * rendering, and with 300 formulas single frames then laid out 100 to 200 of them at once
 * (400-800 ms frames measured). Without `requestAnimationFrame` (no rendering), a zero-delay
 * timeout. A hidden page gets no frames: rendering resumes when it is shown.
 */
export function afterNextFrame(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done);
    if (typeof requestAnimationFrame === 'function') {
      frame = requestAnimationFrame(() => {
        frame = undefined;
        timer = setTimeout(done, 0);
      });
    } else {
      timer = setTimeout(done, 0);
    }
  });
}
