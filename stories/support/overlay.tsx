// What the overlay stories (modals, popovers, pickers, toasts) share: a canvas that covers the
// viewport, and a play-function step that waits until an overlay has finished opening.
import type { Decorator } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';

/** The story canvas's height less its padding: the canvas then covers the whole viewport. */
export const VIEWPORT_FILL = 'calc(100vh - 2 * var(--fk-space-5))';

/**
 * The canvas fills the viewport, so its screenshot covers a fixed, portalled overlay (a modal) and
 * the docs page shows the overlay open inside the story's box.
 */
export const withViewportFill: Decorator = (Story) => (
  <div style={{ minHeight: VIEWPORT_FILL }}>
    <Story />
  </div>
);

/** `data-state` of an overlay that is open: `open` (popovers, pickers) or `visible` (modals). */
const OPEN_STATES = ['open', 'visible'];

/**
 * Waits until `element` is open (`data-state` `open` or `visible`) and its opening animations, and
 * those of everything inside it, have finished. A visibility check made during the fade-in sees
 * opacity 0: wait for the state, not for luck (with animations on, as in the built guide).
 */
export async function waitForOpen(element: Element): Promise<void> {
  await waitFor(() => expect(OPEN_STATES).toContain(element.getAttribute('data-state')));
  const opening = element
    .getAnimations({ subtree: true })
    // A looping animation inside (a spinner) never finishes.
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(opening.map((animation) => animation.finished));
}
