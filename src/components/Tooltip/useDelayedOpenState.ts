import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { claimTooltipSlot, releaseTooltipSlot, resolveTooltipDelay, type TooltipDelay } from './tooltipOptions';

export interface DelayedOpenStateOptions {
  isOpen?: boolean;
  defaultOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** False hides it whatever the open state says (no content, disabled). */
  isEnabled: boolean;
  /** Explicit delays (a number for both); unset fields come from storage, then `fallback`. */
  delay?: Partial<TooltipDelay> | number;
  fallback: TooltipDelay;
  /** Read the user's local-storage override (tooltips) or not (popovers). */
  useStoredDelay: boolean;
  /** One open at a time among the overlays that set this (tooltips). */
  isExclusive: boolean;
}

/**
 * The open state of a tooltip or popover: the `open`/`defaultOpen`/`onOpenChange` trio plus show
 * and hide delays. The returned state satisfies both react-aria contracts, the tooltip trigger's
 * (`open(immediate)`, `close(immediate)`) and the overlay trigger's (`setOpen`, `toggle`).
 */
export function useDelayedOpenState({
  isOpen,
  defaultOpen,
  onOpenChange,
  isEnabled,
  delay,
  fallback,
  useStoredDelay,
  isExclusive,
}: DelayedOpenStateOptions) {
  // The open/defaultOpen/onOpenChange trio, as useControllableState has it, but race-free: a hover
  // can open the tooltip and the press that follows a few ms later close it before React has
  // rendered the opening. useControllableState compares a request with the value of the last
  // render and would drop that close; here requests compare with the last value asked for.
  const isControlled = isOpen !== undefined;
  const [internal, setInternal] = useState(defaultOpen);
  const open = isControlled ? isOpen : internal;
  const isShown = open && isEnabled;
  const latest = useRef(open);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    latest.current = open; // after every render: a controlled owner may have said no
    onOpenChangeRef.current = onOpenChange;
  });
  const setOpen = useCallback((next: boolean) => {
    if (latest.current === next) return;
    latest.current = next;
    setInternal(next); // also re-renders a controlled component, which resyncs `latest`
    onOpenChangeRef.current?.(next);
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const closeNow = useCallback(() => {
    clearTimeout(timer.current);
    releaseTooltipSlot(timer);
    setOpen(false);
  }, [setOpen]);
  const showNow = useCallback(() => {
    clearTimeout(timer.current);
    if (isExclusive) claimTooltipSlot(timer, closeNow);
    setOpen(true);
  }, [closeNow, isExclusive, setOpen]);

  const show = typeof delay === 'number' ? delay : delay?.show;
  const hide = typeof delay === 'number' ? delay : delay?.hide;
  const { show: fallbackShow, hide: fallbackHide } = fallback;
  const state = useMemo(() => {
    const delays = () => {
      const base = { show: fallbackShow, hide: fallbackHide };
      return useStoredDelay
        ? resolveTooltipDelay({ show, hide }, base)
        : { show: show ?? base.show, hide: hide ?? base.hide };
    };
    return {
      isOpen: isShown,
      shouldSkipAnimation: false,
      /** Opening at a pointer position is not used (react-aria's context menus). */
      point: null,
      setPoint() {},
      /** Opens after the show delay, or at once. */
      open(immediate?: boolean) {
        clearTimeout(timer.current);
        const wait = immediate ? 0 : delays().show;
        if (wait <= 0) showNow();
        else timer.current = setTimeout(showNow, wait);
      },
      /** Closes after the hide delay, or at once. */
      close(immediate?: boolean) {
        clearTimeout(timer.current);
        const wait = immediate ? 0 : delays().hide;
        if (wait <= 0) closeNow();
        else timer.current = setTimeout(closeNow, wait);
      },
      setOpen(next: boolean) {
        if (next) showNow();
        else closeNow();
      },
      toggle() {
        if (isShown) closeNow();
        else showNow();
      },
    };
  }, [isShown, show, hide, fallbackShow, fallbackHide, useStoredDelay, showNow, closeNow]);

  return { isShown, state, showNow, closeNow };
}
