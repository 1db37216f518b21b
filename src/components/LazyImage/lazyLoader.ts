/**
 * One watcher for every lazy image on the page (spec section 9: "Lazy images load 500px before
 * the viewport, throttled at 300 ms"). With IntersectionObserver: one observer per root margin,
 * so a thousand images cost one observer. Without it: one scroll/resize listener, throttled, that
 * measures the waiting images. Nothing is created until the first image registers.
 */
import { LAZY_IMAGE } from '../../tokens';

type OnNear = () => void;

const observers = new Map<number, IntersectionObserver>();
const callbacks = new Map<Element, OnNear>();

/** A function that runs at most once per `wait` ms: at once, then once more at the end of the burst. */
export function throttle(run: () => void, wait: number): (() => void) & { cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const throttled = () => {
    const now = Date.now();
    const remaining = last + wait - now;
    if (remaining <= 0) {
      clearTimeout(timer);
      timer = undefined;
      last = now;
      run();
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        last = Date.now();
        run();
      }, remaining);
    }
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}

function observerFor(rootMargin: number): IntersectionObserver {
  let observer = observers.get(rootMargin);
  if (!observer) {
    observer = new IntersectionObserver(
      (entries, self) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const onNear = callbacks.get(entry.target);
          self.unobserve(entry.target);
          callbacks.delete(entry.target);
          onNear?.();
        }
      },
      // The document as root (its viewport), not the implicit top-level one: inside an iframe the
      // implicit root clips at the frame's edge and the margin would never take effect.
      { root: document, rootMargin: `${rootMargin}px` },
    );
    observers.set(rootMargin, observer);
  }
  return observer;
}

// Fallback for engines without IntersectionObserver.
const waiting = new Map<Element, { rootMargin: number; onNear: OnNear }>();
let check: ReturnType<typeof throttle> | undefined;
let initialCheck: ReturnType<typeof setTimeout> | undefined;

/** Is the element within `margin` px of the viewport (and rendered)? */
export function isNearViewport(element: Element, margin: number): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  return (
    rect.bottom >= -margin &&
    rect.top <= window.innerHeight + margin &&
    rect.right >= -margin &&
    rect.left <= window.innerWidth + margin
  );
}

function checkWaiting() {
  for (const [element, { rootMargin, onNear }] of [...waiting]) {
    if (!isNearViewport(element, rootMargin)) continue;
    waiting.delete(element);
    onNear();
  }
  if (waiting.size === 0) stopFallback();
}

function startFallback() {
  if (check) return;
  check = throttle(checkWaiting, LAZY_IMAGE.throttle);
  window.addEventListener('scroll', check, { passive: true, capture: true });
  window.addEventListener('resize', check, { passive: true });
}

function stopFallback() {
  if (!check) return;
  window.removeEventListener('scroll', check, { capture: true });
  window.removeEventListener('resize', check);
  check.cancel();
  check = undefined;
  clearTimeout(initialCheck);
  initialCheck = undefined;
}

/**
 * Calls `onNear` once, when `element` comes within `rootMargin` px of the viewport (at once if it
 * already is). Returns a function that stops watching.
 */
export function whenNearViewport(
  element: Element,
  onNear: OnNear,
  rootMargin: number = LAZY_IMAGE.rootMargin,
): () => void {
  if (typeof IntersectionObserver === 'function') {
    callbacks.set(element, onNear);
    const observer = observerFor(rootMargin);
    observer.observe(element);
    return () => {
      if (callbacks.get(element) !== onNear) return;
      callbacks.delete(element);
      observer.unobserve(element);
    };
  }
  waiting.set(element, { rootMargin, onNear });
  startFallback();
  // Images registered in the same commit are measured together, once, straight after it.
  initialCheck ??= setTimeout(() => {
    initialCheck = undefined;
    checkWaiting();
  });
  return () => {
    if (waiting.get(element)?.onNear !== onNear) return;
    waiting.delete(element);
    if (waiting.size === 0) stopFallback();
  };
}
