import { confirmAction, type ConfirmActionOptions } from './confirmAction';
import type { ModalActionVariant } from './Modal';

/** The elements `confirmViaModal` upgrades: anything with a `data-confirm` message. */
export const CONFIRM_SELECTOR = '[data-confirm]';

/** The error thrown when `confirmViaModal` is started a second time (spec section 8). */
export const CONFIRM_VIA_MODAL_ALREADY_STARTED =
  'confirmViaModal has already been started: data-confirm clicks are already handled. Call the function it returned before starting it again.';

let stop: (() => void) | undefined;

/**
 * The confirmation options an element asks for with its data attributes:
 * `data-confirm` (the message), `data-confirm-title`, `data-confirm-btn-text`,
 * `data-confirm-btn-variant` (`confirm` or `danger`) and `data-confirm-html` (the message is HTML;
 * it is sanitised).
 */
export function confirmOptionsFromElement(element: HTMLElement): [string, ConfirmActionOptions] {
  const { confirm = '', confirmTitle, confirmBtnText, confirmBtnVariant, confirmHtml } = element.dataset;
  const options: ConfirmActionOptions = {};
  if (confirmTitle) options.title = confirmTitle;
  if (confirmBtnText) options.primaryBtnText = confirmBtnText;
  // An unknown variant is passed on: the modal falls back to `confirm` and warns in development.
  if (confirmBtnVariant) options.primaryBtnVariant = confirmBtnVariant as ModalActionVariant;
  if (confirmHtml !== undefined && confirmHtml !== 'false') options.messageHtml = confirm;
  return [confirm, options];
}

/** Elements whose click is being replayed after a confirmation: their next click passes through. */
const replaying = new WeakSet<Element>();

/**
 * Upgrades server-rendered `data-confirm` links and buttons (Rails' `window.confirm` convention)
 * to the modal: one click listener on `document`, in the capture phase, stops a click on a
 * `[data-confirm]` element (and its other listeners), asks `confirmAction` and, when confirmed,
 * clicks the element again. That second click does what the first would have done: a link
 * navigates to its `href` in its `target`, a submit button submits its form with itself as the
 * submitter, other listeners (for example `data-method` handlers) run. An empty `data-confirm`
 * does not ask.
 *
 * Spec section 8: "Rails-style links: confirm dialog via data-confirm; loading twice throws":
 * a second call throws until the returned function stops the first.
 *
 * @returns a function that removes the listener and closes any confirmation still open (for tests
 *   and teardown).
 */
export function confirmViaModal(): () => void {
  if (stop) throw new Error(CONFIRM_VIA_MODAL_ALREADY_STARTED);
  if (typeof document === 'undefined') {
    throw new Error('confirmViaModal needs a browser DOM; it cannot run on a server.');
  }

  // Stopping also closes the confirmations still open (they resolve false: nothing is replayed).
  const pending = new AbortController();
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const element = target.closest<HTMLElement>(CONFIRM_SELECTOR);
    if (!element) return;
    if (replaying.has(element)) {
      replaying.delete(element);
      return;
    }
    const [message, options] = confirmOptionsFromElement(element);
    if (!message.trim()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void confirmAction(message, { ...options, signal: pending.signal }).then((confirmed) => {
      if (!confirmed || !element.isConnected) return;
      replaying.add(element);
      try {
        element.click();
      } finally {
        replaying.delete(element);
      }
    });
  };

  document.addEventListener('click', onClick, true);
  const dispose = () => {
    document.removeEventListener('click', onClick, true);
    pending.abort();
    if (stop === dispose) stop = undefined;
  };
  stop = dispose;
  return dispose;
}
