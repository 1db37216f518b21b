/**
 * Places the quick-submit hint above its button and keeps it there (floating-ui's `autoUpdate`).
 * A module of its own, which the enhancers import when the first hint shows: a page with a form
 * that never shows one (most forms are submitted with a click) does not carry floating-ui.
 */
import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { tokenValues } from '../../tokens';

/** Keeps `hint` above `button` (flipped or shifted to stay in view) until the returned function is called. */
export function positionQuickSubmitHint(button: HTMLElement, hint: HTMLElement): () => void {
  const place = () =>
    computePosition(button, hint, {
      placement: 'top-start',
      strategy: 'fixed',
      middleware: [offset(tokenValues.space[2]), flip(), shift({ padding: tokenValues.space[3] })],
    }).then(({ x, y }) => {
      hint.style.left = `${x}px`;
      hint.style.top = `${y}px`;
    });
  return autoUpdate(button, hint, place);
}
