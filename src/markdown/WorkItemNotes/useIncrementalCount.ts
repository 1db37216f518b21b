import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { runWhenIdle } from '../../utils/idle';

export interface IncrementalCountOptions {
  /** How many items there are. */
  total: number;
  /** How many are rendered at first (on the server too). */
  initial: number;
  /** How many more a step renders when the end comes near (or on `showMore`). */
  batch: number;
  /** How many more a step renders in an idle period. */
  idleBatch: number;
  /** Distance in px below the viewport at which the next step starts at once. */
  preloadMargin: number;
}

/**
 * How many items of a long list to render: `initial` at first (the server render and hydration),
 * then `idleBatch` more in each idle period until every item is rendered, and `batch` more at once
 * whenever the sentinel element (put after the last rendered item) comes within `preloadMargin` px of the
 * viewport. Every step is a transition: React renders it in slices between frames, so a reader
 * scrolling meanwhile is not held up (a step used to render in one task, the scroll's longest frame).
 * Rendering every item in the end keeps them all for find-in-page and screen readers.
 * `showMore` is the sentinel's own button; `showAtLeast(n)` renders the first n at once (a deep
 * link to a later item).
 */
export function useIncrementalCount({ total, initial, batch, idleBatch, preloadMargin }: IncrementalCountOptions): {
  count: number;
  sentinelRef: RefObject<HTMLElement | null>;
  showMore: () => void;
  showAtLeast: (n: number) => void;
} {
  const [wanted, setWanted] = useState(initial);
  const count = Math.min(wanted, total);
  const sentinelRef = useRef<HTMLElement | null>(null);

  const grow = useCallback((by: number) => startTransition(() => setWanted((current) => current + by)), []);
  const showMore = useCallback(() => grow(batch), [grow, batch]);
  const showAtLeast = useCallback(
    (n: number) => setWanted((current) => (n <= current ? current : Math.ceil(n / batch) * batch)),
    [batch],
  );

  const hasMore = count < total;
  // The next step in the next idle period; a committed step schedules the one after it.
  useEffect(() => (hasMore ? runWhenIdle(() => grow(idleBatch)) : undefined), [count, hasMore, grow, idleBatch]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasMore || !sentinel || typeof IntersectionObserver !== 'function') return;
    // A new observer per step: its first report says whether the sentinel is still near the
    // viewport after the last batch (an observer reports changes only).
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: `0px 0px ${preloadMargin}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [count, hasMore, preloadMargin, showMore]);

  return { count, sentinelRef, showMore, showAtLeast };
}
