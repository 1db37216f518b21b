// Visual regression for every story: after the story has rendered, run its play function and
// passed axe (the test body), capture its canvas and compare it with the committed baseline
// tests/visual/__screenshots__/<story id>--<theme>.png. Runs in the stories-light and
// stories-dark projects, so every story is checked in both colour modes.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

/** Story parameter `visual`. */
interface VisualParameters {
  /** Skip the screenshot (say why in the story). */
  disable?: boolean;
  /**
   * `canvas` (default): the story canvas. `page`: the whole page, for overlays portalled to
   * `document.body` (tooltips, popovers, modals, toasts).
   */
  target?: 'canvas' | 'page';
}

const FREEZE_CSS = `*, *::before, *::after {
  animation-play-state: paused !important; animation-delay: 0s !important;
  transition: none !important; caret-color: transparent !important; }`;

afterEach(async (context) => {
  const story = (
    context as { story?: { id: string; globals: Record<string, unknown>; parameters: Record<string, unknown> } }
  ).story;
  if (!story || context.task.result?.state === 'fail') return;
  const visual = (story.parameters.visual ?? {}) as VisualParameters;
  if (visual.disable) return;

  const freeze = document.createElement('style');
  freeze.textContent = FREEZE_CSS;
  document.head.append(freeze);
  try {
    await document.fonts.ready;
    // A scroll offset left by an earlier story would move edges by a fraction of a pixel.
    window.scrollTo(0, 0);
    const canvas = document.querySelector<HTMLElement>('[data-fk-story]');
    if (!canvas) throw new Error(`Story ${story.id} rendered no [data-fk-story] canvas`);
    // A canvas covering the viewport also captures what is portalled to body on top of it.
    if (visual.target === 'page') canvas.style.minHeight = '100vh';
    const theme = String(story.globals.theme ?? 'light');
    await expect.element(page.elementLocator(canvas)).toMatchScreenshot(`${story.id}--${theme}`);
  } finally {
    freeze.remove();
  }
});
