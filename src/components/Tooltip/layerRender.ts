/**
 * How the overlay layers driven by document listeners (the delegated tooltips, the reference
 * cards) render their React root: in a microtask, once for all the changes of a burst. Still in
 * the task of the event that asked for it, and never inside a React commit: a focus change runs
 * listeners in the middle of one (removing a focused element fires focusout, an effect's focus()
 * fires focusin), where a root may not be flushed synchronously.
 */
export function layerRenderer(render: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      render();
    });
  };
}
