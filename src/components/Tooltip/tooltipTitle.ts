/**
 * A tooltip that takes its text from the target's `title` moves the attribute aside while it
 * manages the element, so the browser's own title tooltip does not appear on top of it, and puts
 * it back when it lets go. The title's meaning for assistive technology is kept: a title that was
 * the element's only name (an icon-only button) becomes its `aria-label`; otherwise it was a
 * description, which the tooltip provides through `aria-describedby` while it is shown.
 */

/** Where the moved title is kept (the attribute Bootstrap and the product's markup use). */
export const ORIGINAL_TITLE_ATTRIBUTE = 'data-original-title';
/** Marks an `aria-label` set by us from the title, so it is removed again on restore. */
const LABEL_FROM_TITLE_ATTRIBUTE = 'data-fk-tooltip-label';

/** True when the element has a name from somewhere other than `title`. */
function hasOtherAccessibleName(element: Element): boolean {
  if (element.hasAttribute('aria-label') && !element.hasAttribute(LABEL_FROM_TITLE_ATTRIBUTE)) return true;
  if (element.hasAttribute('aria-labelledby')) return true;
  if ((element.textContent ?? '').trim() !== '') return true;
  return element.querySelector('img[alt]:not([alt=""]), [role="img"][aria-label]') !== null;
}

/**
 * Moves `title` to `data-original-title` (once; again after the page changes the title) and returns
 * the tooltip text: the title, or the text already moved aside. Empty string when there is none.
 */
export function adoptTitle(element: Element): string {
  const title = element.getAttribute('title');
  if (title === null) return element.getAttribute(ORIGINAL_TITLE_ATTRIBUTE) ?? '';
  element.setAttribute(ORIGINAL_TITLE_ATTRIBUTE, title);
  element.removeAttribute('title');
  const labelledByUs = element.hasAttribute(LABEL_FROM_TITLE_ATTRIBUTE);
  if (labelledByUs || !hasOtherAccessibleName(element)) {
    element.setAttribute('aria-label', title);
    element.setAttribute(LABEL_FROM_TITLE_ATTRIBUTE, '');
  }
  return title;
}

/** True when the tooltip text is the element's name (set by adoptTitle), so it must not also describe it. */
export function isLabelledByTitle(element: Element): boolean {
  return element.hasAttribute(LABEL_FROM_TITLE_ATTRIBUTE);
}

/** Puts the title back and removes what adoptTitle added. Safe to call on an element never adopted. */
export function restoreTitle(element: Element): void {
  const original = element.getAttribute(ORIGINAL_TITLE_ATTRIBUTE);
  if (original === null) return;
  if (!element.hasAttribute('title')) element.setAttribute('title', original);
  element.removeAttribute(ORIGINAL_TITLE_ATTRIBUTE);
  if (element.hasAttribute(LABEL_FROM_TITLE_ATTRIBUTE)) {
    element.removeAttribute('aria-label');
    element.removeAttribute(LABEL_FROM_TITLE_ATTRIBUTE);
  }
}

/** Adds `id` to the element's `aria-describedby` list. */
export function addDescribedBy(element: Element, id: string): void {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  if (!ids.includes(id)) element.setAttribute('aria-describedby', [...ids, id].join(' '));
}

/** Removes `id` from the element's `aria-describedby` list (and the attribute when it empties). */
export function removeDescribedBy(element: Element, id: string): void {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((token) => token && token !== id);
  if (ids.length > 0) element.setAttribute('aria-describedby', ids.join(' '));
  else element.removeAttribute('aria-describedby');
}
