/**
 * Where keyboard focus goes when a piece of UI that holds it is about to disappear (a dismissed
 * alert, callout or toast): the next element in the Tab order after it, so Tab continues where
 * the removed element was; failing that, the previous one. Client-only; call it while the
 * element is still in the document.
 */
const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[tabindex]',
  '[contenteditable]:not([contenteditable="false"])',
].join(',');

function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0) return false;
  if (element.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
  // Chromium and Firefox know whether the element is rendered; jsdom does not, so trust it there.
  const check = (element as { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  return typeof check === 'function' ? check.call(element, { visibilityProperty: true }) : true;
}

/** The element focus should move to once `element` is removed, or null when there is none. */
export function focusTargetAfterRemoval(element: Element): HTMLElement | null {
  const candidates = Array.from(element.ownerDocument.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (candidate) => !element.contains(candidate) && isTabbable(candidate),
  );
  const following = candidates.find(
    (candidate) => element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  return (
    following ??
    candidates.findLast((c) => element.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_PRECEDING) ??
    null
  );
}

/** True when keyboard focus is on `element` or inside it. */
export function hasFocusWithin(element: Element | null | undefined): element is Element {
  if (!element) return false;
  const active = element.ownerDocument.activeElement;
  return !!active && element.contains(active);
}

/**
 * If focus is inside `element`, moves it to the element that follows (see above) and returns
 * true; otherwise leaves focus alone. Call before removing `element`.
 */
export function moveFocusBeforeRemoval(element: Element | null | undefined): boolean {
  if (!hasFocusWithin(element)) return false;
  const target = focusTargetAfterRemoval(element);
  target?.focus();
  return true;
}

/** True when nothing in particular has focus (it fell back to the body after a removal). */
export function isFocusLost(doc: Document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || active === doc.documentElement;
}
