/**
 * Waiting for markup that other code renders later (GitLab's `dom_utils` `waitForElement`):
 * resolves as soon as `selector` matches, watching the DOM with a MutationObserver instead of
 * polling, and rejects with 'Timeout: Element not found' after 5000 ms (spec section 8).
 */

/** How long `waitForElement` waits by default, in ms (spec section 8). */
export const WAIT_FOR_ELEMENT_TIMEOUT = 5000;
/** The rejection message when the element did not appear in time (spec section 8). */
export const ELEMENT_NOT_FOUND_MESSAGE = 'Timeout: Element not found';

export interface WaitForElementOptions {
  /** How long to wait, in ms. @default WAIT_FOR_ELEMENT_TIMEOUT (5000) */
  timeout?: number;
  /** Where to look. @default document */
  root?: Document | Element | DocumentFragment;
}

/**
 * The first element matching `selector` under `root`: at once if it is already there, otherwise
 * as soon as a DOM change (added nodes, changed attributes) makes it match.
 */
export function waitForElement<E extends Element = Element>(
  selector: string,
  options: WaitForElementOptions = {},
): Promise<E> {
  const { timeout = WAIT_FOR_ELEMENT_TIMEOUT, root = document } = options;
  const present = root.querySelector<E>(selector);
  if (present) return Promise.resolve(present);

  return new Promise<E>((resolve, reject) => {
    const observer = new MutationObserver(() => {
      const element = root.querySelector<E>(selector);
      if (!element) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(ELEMENT_NOT_FOUND_MESSAGE));
    }, timeout);
  });
}
