import { useCallback, useEffect, useRef } from 'react';
import { BROADCAST_BANNERS_HEIGHT_PROPERTY } from '../tokens';

/**
 * Rendered Markdown prefixes heading ids (`#install` links to `id="user-content-install"`), so a
 * hash without an element of its own is looked up with this prefix too.
 */
export const MARKDOWN_ANCHOR_PREFIX = 'user-content-';

export interface UseScrollToHashOptions {
  /**
   * Height in px of the sticky header(s) the target must clear: a number, or a function read at
   * each scroll (for headers whose height changes). The broadcast banners' height
   * (`--fk-broadcast-banners-height` on `<html>`) is added to it.
   * @default 0
   */
  offset?: number | (() => number);
  /**
   * Scroll behaviour. `'smooth'` falls back to an instant jump when the user prefers reduced motion.
   * @default 'auto'
   */
  behavior?: ScrollBehavior;
  /**
   * Stop scrolling on mount, on `hashchange` and on in-page link clicks? For pages where another
   * script owns the scroll position; the returned function still works.
   * @default false
   */
  isDisabled?: boolean;
}

/** The broadcast banners' height in px from `--fk-broadcast-banners-height` (0 when unset or not a length). */
export function readBroadcastBannersHeight(root: Element = document.documentElement): number {
  const value = Number.parseFloat(getComputedStyle(root).getPropertyValue(BROADCAST_BANNERS_HEIGHT_PROPERTY));
  return Number.isFinite(value) ? value : 0;
}

/** The element a hash (`#name`, URL-encoded or not) points at: by id, by the Markdown prefix, then `<a name>`. */
export function findHashTarget(hash: string, root: Document = document): HTMLElement | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A malformed escape: look the hash up as written.
  }
  return (
    root.getElementById(id) ??
    root.getElementById(`${MARKDOWN_ANCHOR_PREFIX}${id}`) ??
    root.getElementsByName(id)[0] ??
    null
  );
}

function resolveOffset(offset: UseScrollToHashOptions['offset']): number {
  const value = typeof offset === 'function' ? offset() : (offset ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/**
 * Scrolls the window so the element of `hash` sits just below the sticky header (`offset`) and
 * the broadcast banners. Returns the element, or null when the hash points at nothing.
 */
export function scrollToHash(
  hash: string,
  { offset, behavior = 'auto' }: Pick<UseScrollToHashOptions, 'offset' | 'behavior'> = {},
): HTMLElement | null {
  const target = findHashTarget(hash);
  if (!target) return null;
  const reduce = behavior === 'smooth' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const top =
    window.scrollY + target.getBoundingClientRect().top - resolveOffset(offset) - readBroadcastBannersHeight();
  window.scrollTo({ top: Math.max(0, top), behavior: reduce ? 'instant' : behavior });
  return target;
}

/** Is this click a plain primary-button click that the browser would follow in the same tab? */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Page behaviour (spec section 2): on load, scroll to the element of the URL hash with an offset
 * for sticky headers, and scroll again on `hashchange` and on clicks on in-page links
 * (`a[href^="#"]`, including a link to the hash the URL already has, which fires no `hashchange`).
 * The offset is `offset` plus the broadcast banners' height. Returns a function that scrolls to a
 * given hash (default: the URL's) with the same offset.
 */
export function useScrollToHash({ offset, behavior = 'auto', isDisabled = false }: UseScrollToHashOptions = {}) {
  const options = useRef({ offset, behavior });
  useEffect(() => {
    options.current = { offset, behavior };
  });

  const scroll = useCallback((hash: string = window.location.hash) => scrollToHash(hash, options.current), []);

  useEffect(() => {
    if (isDisabled) return;
    // The browser has already jumped to the hash without the offset; correct it.
    if (window.location.hash) scroll();

    const onHashChange = () => scroll();
    // Runs after the browser's own jump to the fragment, which happens after the click is dispatched.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[href^="#"]');
      if (!link || link.target === '_blank' || link.hash.length <= 1) return;
      // A different hash fires `hashchange`; the same hash does not, so scroll here.
      if (link.hash !== window.location.hash) return;
      clearTimeout(pending);
      pending = setTimeout(() => scroll(link.hash));
    };
    window.addEventListener('hashchange', onHashChange);
    document.addEventListener('click', onClick);
    return () => {
      clearTimeout(pending);
      window.removeEventListener('hashchange', onHashChange);
      document.removeEventListener('click', onClick);
    };
  }, [isDisabled, scroll]);

  return scroll;
}
