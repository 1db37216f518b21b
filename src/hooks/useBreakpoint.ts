import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { BREAKPOINTS, BREAKPOINT_ORDER, DESKTOP_BREAKPOINTS, type Breakpoint } from '../tokens';

/** The breakpoint a server render (and the hydrating render) assumes: the widest, as a desktop page. */
export const DEFAULT_SERVER_BREAKPOINT: Breakpoint = 'xl';

/** The breakpoint of a viewport `width` px wide: the widest whose minimum width it reaches (spec section 9). */
export function breakpointForWidth(width: number): Breakpoint {
  return BREAKPOINT_ORDER.find((bp) => width >= BREAKPOINTS[bp]) ?? 'xs';
}

/** Is `breakpoint` a desktop one (`xl` or `lg`, `DESKTOP_BREAKPOINTS`)? */
export function isDesktopBreakpoint(breakpoint: Breakpoint): boolean {
  return (DESKTOP_BREAKPOINTS as readonly Breakpoint[]).includes(breakpoint);
}

/** Is `next` narrower than `previous`? */
export function isNarrowerBreakpoint(next: Breakpoint, previous: Breakpoint): boolean {
  return BREAKPOINTS[next] < BREAKPOINTS[previous];
}

/**
 * One store for the whole page, created on first subscription (never at import): a `min-width`
 * media query per breakpoint above 0, so the answer agrees with the CSS media queries (scrollbar
 * included). Without `matchMedia` (old engines, jsdom) it reads `innerWidth` on `resize`.
 */
interface BreakpointStore {
  read: () => Breakpoint;
  subscribe: (listener: () => void) => () => void;
}

let store: BreakpointStore | undefined;

function createStore(): BreakpointStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const queries =
    typeof window.matchMedia === 'function'
      ? BREAKPOINT_ORDER.filter((bp) => BREAKPOINTS[bp] > 0).map(
          (bp) => [bp, window.matchMedia(`(min-width: ${BREAKPOINTS[bp]}px)`)] as const,
        )
      : undefined;
  const read = (): Breakpoint =>
    queries ? (queries.find(([, query]) => query.matches)?.[0] ?? 'xs') : breakpointForWidth(window.innerWidth);

  const start = () => {
    if (queries) for (const [, query] of queries) query.addEventListener('change', notify);
    else window.addEventListener('resize', notify);
  };
  const stop = () => {
    if (queries) for (const [, query] of queries) query.removeEventListener('change', notify);
    else window.removeEventListener('resize', notify);
  };
  return {
    read,
    subscribe(listener) {
      if (listeners.size === 0) start();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
  };
}

function getStore(): BreakpointStore {
  store ??= createStore();
  return store;
}

/** The current breakpoint in a browser (not for render: use `useBreakpoint`). */
export function getCurrentBreakpoint(): Breakpoint {
  return getStore().read();
}

const subscribe = (listener: () => void) => getStore().subscribe(listener);

export interface UseBreakpointOptions {
  /**
   * The breakpoint assumed on the server and while hydrating, so the hydrating render matches the
   * server HTML; the real one follows straight after.
   * @default 'xl'
   */
  defaultBreakpoint?: Breakpoint;
}

export interface BreakpointState {
  /** The current breakpoint: `xl` from 1200 px, `lg` from 992, `md` from 768, `sm` from 576, else `xs`. */
  breakpoint: Breakpoint;
  /** Is the breakpoint `xl` or `lg`? */
  isDesktop: boolean;
}

/**
 * The viewport's current breakpoint (`BREAKPOINTS`, min-width) and whether it is a desktop one,
 * updated when the viewport crosses a breakpoint. SSR-safe: the server and the hydrating render
 * use `defaultBreakpoint` (`useSyncExternalStore` with a server snapshot), so there is no
 * hydration mismatch.
 */
export function useBreakpoint({
  defaultBreakpoint = DEFAULT_SERVER_BREAKPOINT,
}: UseBreakpointOptions = {}): BreakpointState {
  const getServerSnapshot = useCallback(() => defaultBreakpoint, [defaultBreakpoint]);
  const breakpoint = useSyncExternalStore(subscribe, getCurrentBreakpoint, getServerSnapshot);
  return { breakpoint, isDesktop: isDesktopBreakpoint(breakpoint) };
}

/**
 * Calls `onChange(next, previous)` when the viewport moves from one breakpoint to another, in the
 * browser only. Unlike comparing `useBreakpoint()` values between renders, it never reports the
 * step from the server's assumed breakpoint to the real one after hydration: only real changes.
 */
export function useBreakpointChange(onChange: (next: Breakpoint, previous: Breakpoint) => void): void {
  const handleChange = useEffectEvent(onChange);
  useEffect(() => {
    let previous = getCurrentBreakpoint();
    return subscribe(() => {
      const next = getCurrentBreakpoint();
      if (next === previous) return;
      const before = previous;
      previous = next;
      handleChange(next, before);
    });
  }, []);
}
