import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface IncrementalCountOptions {
  /** How many items there are. */
  total: number;
  /** How many are rendered at first (on the server too). */
  initial: number;
  /** How many more each step renders. */
  batch: number;
  /** Distance in px below the viewport at which the next step starts. */
  preloadMargin: number;
}

/**
 * How many items of a long list to render: `initial` at first, then `batch` more whenever the
 * sentinel element (put after the last rendered item) comes within `preloadMargin` px of the
 * viewport. Where there is no IntersectionObserver the sentinel's own button (`showMore`) is the
 * only way on. `showAtLeast(n)` renders the first n at once (a deep link to a later item).
 */
export function useIncrementalCount({ total, initial, batch, preloadMargin }: IncrementalCountOptions): {
  count: number;
  sentinelRef: RefObject<HTMLElement | null>;
  showMore: () => void;
  showAtLeast: (n: number) => void;
} {
  const [wanted, setWanted] = useState(initial);
  const count = Math.min(wanted, total);
  const sentinelRef = useRef<HTMLElement | null>(null);

  const showMore = useCallback(() => setWanted((current) => current + batch), [batch]);
  const showAtLeast = useCallback(
    (n: number) => setWanted((current) => (n <= current ? current : Math.ceil(n / batch) * batch)),
    [batch],
  );

  const hasMore = count < total;
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
