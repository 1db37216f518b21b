import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TOAST_DURATION } from '../../tokens';
import { hasFocusWithin } from '../Alert/focus';
import { Toast, TOAST_REGION_LABEL, useAutoHide, type ToastAction } from './Toast';

export interface ShowToastOptions {
  /** A button in the toast, e.g. `{ text: 'Undo', onClick }`. */
  action?: ToastAction;
  /**
   * Milliseconds before the toast hides itself, counted only while the toasts are neither
   * hovered nor focused and the page is visible. `Infinity` (or 0) keeps it until closed.
   * @default TOAST_DURATION (5000)
   */
  autoHideDelay?: number;
  /** Called once when the toast goes, however it goes. */
  onHide?: () => void;
}

/** What showToast returns. */
export interface ToastHandle {
  /** Sequential id, starting at 1 for the first toast of the page. */
  readonly id: number;
  /** Hides the toast now; calling it again does nothing. */
  hide(): void;
}

interface ToastEntry {
  id: number;
  message: ReactNode;
  action?: ToastAction;
  autoHideDelay: number;
  onHide?: () => void;
}

let nextId = 1;
let toasts: readonly ToastEntry[] = [];
const listeners = new Set<() => void>();
let host: HTMLElement | null = null;
let root: Root | null = null;
/** The element focused before focus entered the toasts, to return to when the last one goes. */
let focusBeforeToasts: HTMLElement | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getToasts = () => toasts;
const setToasts = (next: readonly ToastEntry[]) => {
  toasts = next;
  for (const listener of listeners) listener();
};

function toastElement(id: number): HTMLElement | null {
  return host?.querySelector<HTMLElement>(`[data-toast-id="${id}"]`) ?? null;
}

/** Before a focused toast goes: focus the nearest other toast, else where focus came from. */
function moveFocusFromToast(id: number) {
  const element = toastElement(id);
  if (!hasFocusWithin(element)) return;
  const sibling = (element.nextElementSibling ?? element.previousElementSibling) as HTMLElement | null;
  const target =
    sibling?.querySelector<HTMLElement>('button') ?? (focusBeforeToasts?.isConnected ? focusBeforeToasts : null);
  target?.focus();
}

/** Hides the toast with this id (as its handle's `hide()` does). */
export function hideToast(id: number): void {
  const entry = toasts.find((toast) => toast.id === id);
  if (!entry) return;
  moveFocusFromToast(id);
  setToasts(toasts.filter((toast) => toast !== entry));
  entry.onHide?.();
}

/** Hides every toast, e.g. when a single-page app changes route. */
export function hideAllToasts(): void {
  for (const { id } of toasts) hideToast(id);
}

function usePageHidden(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

function ToastItem({ toast, isPaused }: { toast: ToastEntry; isPaused: boolean }) {
  const hide = useCallback(() => hideToast(toast.id), [toast.id]);
  useAutoHide(toast.autoHideDelay, isPaused, hide);
  return <Toast message={toast.message} action={toast.action} onClose={hide} data-toast-id={toast.id} />;
}

/** The toasts, rendered into the region element (newest last, so at the bottom). */
function ToastStack({ region }: { region: HTMLElement }) {
  const list = useSyncExternalStore(subscribe, getToasts, getToasts);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const isPageHidden = usePageHidden();
  // An empty stack can no longer be hovered or focused (the pointer may not have moved out).
  if (list.length === 0 && (isHovered || isFocused)) {
    setHovered(false);
    setFocused(false);
  }
  const isPaused = isHovered || isFocused || isPageHidden;

  useEffect(() => {
    region.setAttribute('data-state', isPaused ? 'paused' : 'running');
  }, [region, isPaused]);

  useEffect(() => {
    const onEnter = () => setHovered(true);
    const onLeave = () => setHovered(false);
    const onFocusIn = (event: FocusEvent) => {
      setFocused(true);
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !region.contains(from)) focusBeforeToasts = from;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && region.contains(event.relatedTarget))) setFocused(false);
    };
    region.addEventListener('pointerenter', onEnter);
    region.addEventListener('pointerleave', onLeave);
    region.addEventListener('focusin', onFocusIn);
    region.addEventListener('focusout', onFocusOut);
    return () => {
      region.removeEventListener('pointerenter', onEnter);
      region.removeEventListener('pointerleave', onLeave);
      region.removeEventListener('focusin', onFocusIn);
      region.removeEventListener('focusout', onFocusOut);
    };
  }, [region]);

  return list.map((toast) => <ToastItem key={toast.id} toast={toast} isPaused={isPaused} />);
}

/**
 * The region is a plain element made before any toast, so it is already a live region when the
 * first toast is added (content inserted together with its live region is often not announced).
 */
function ensureRegion(doc: Document) {
  if (host?.isConnected) return;
  root?.unmount();
  const region = doc.createElement('div');
  region.className = 'fk-toast-region';
  region.setAttribute('data-component', 'ToastRegion');
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', TOAST_REGION_LABEL);
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-relevant', 'additions text');
  doc.body.append(region);
  host = region;
  root = createRoot(region);
  root.render(<ToastStack region={region} />);
}

/**
 * Shows a toast: a short message about something that just happened (saved, copied, deleted),
 * with an optional action. Toasts stack in one polite live region at the bottom start of the
 * viewport, newest at the bottom; each hides after `autoHideDelay` (paused while the stack is
 * hovered or focused, or the page hidden) or when closed. Client-only: throws without a DOM.
 */
export function showToast(message: ReactNode, options: ShowToastOptions = {}): ToastHandle {
  if (typeof document === 'undefined') {
    throw new Error('[forgekit] showToast needs a DOM: call it in the browser (an event handler or effect).');
  }
  const { action, autoHideDelay = TOAST_DURATION, onHide } = options;
  const id = nextId++;
  ensureRegion(document);
  setToasts([...toasts, { id, message, action, autoHideDelay, onHide }]);
  return { id, hide: () => hideToast(id) };
}
