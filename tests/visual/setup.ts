// Visual regression and accessibility for every story in both colour modes, from one render: the
// story renders in light, runs its play function and passes axe (the test body); then its canvas is
// compared with the committed baseline tests/visual/__screenshots__/<story id>--light.png, the
// page switches to dark as a product page does (the `data-color-mode` attribute, the story frame's
// theme class), axe runs again and the canvas is compared with <story id>--dark.png. When the
// switch changed nothing but colours, axe's second run checks only the rules that read colours.
import '@testing-library/jest-dom/vitest';
import { afterEach as a11yAfterEach } from '@storybook/addon-a11y/preview';
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import { OWN_ROOT_ATTRIBUTE } from '../../src/components/Modal/ownRoot';
import { lazyModulesSettled } from '../../src/hooks/useLazyModule';
import { COLOR_MODE_ATTRIBUTE, THEME_CLASS } from '../../src/tokens';
import { AXE_COLOR_RULES } from '../support/axeColorRules';
import { failOnReactWarnings } from '../support/reactWarnings';

/** Story parameter `visual`. */
interface VisualParameters {
  /** Skip the screenshots (say why in the story); axe still runs in both modes. */
  disable?: boolean;
  /**
   * `canvas` (default): the story canvas. `page`: the whole page, for overlays portalled to
   * `document.body` (tooltips, popovers, modals, toasts).
   */
  target?: 'canvas' | 'page';
}

type ColorMode = keyof typeof THEME_CLASS;

/** What of the composed story the harness reads (Storybook's vitest plugin sets `context.story`). */
interface ComposedStory {
  id: string;
  globals: Record<string, unknown>;
  parameters: Record<string, unknown>;
  reporting: unknown;
}

const FREEZE_CSS = `*, *::before, *::after {
  animation-play-state: paused !important; animation-delay: 0s !important;
  transition: none !important; caret-color: transparent !important; }`;

/** The story frame (`.storybook/preview.tsx`'s ThemeFrame), the screenshots' subject. */
function storyCanvas(story: ComposedStory): HTMLElement {
  const canvas = document.querySelector<HTMLElement>('[data-fk-story]');
  if (!canvas) throw new Error(`Story ${story.id} rendered no [data-fk-story] canvas`);
  return canvas;
}

/**
 * The story's DOM without the marks of its colour mode (the frames' theme class and mode): the
 * same before and after a switch that changed only colours. Anything else that changed (a diagram
 * drawn again for dark, a clock that ticked) makes the dark check run every rule.
 */
function domWithoutColorMode(): string {
  return document.body.innerHTML
    .replaceAll(THEME_CLASS.dark, THEME_CLASS.light)
    .replaceAll('data-fk-story="dark"', 'data-fk-story="light"');
}

/** How long content that renders again on a colour-mode switch (a diagram's frame) may stay busy. */
const RERENDER_TIMEOUT_MS = 10_000;

/**
 * Switches the story frame and then the page to `mode`, as a product page switching its colour
 * mode, and waits for what renders again because of it: what turned `aria-busy` (a diagram
 * reloading its frame in the other theme) until it is no longer busy.
 */
async function setColorMode(mode: ColorMode) {
  const busyBefore = new Set(document.querySelectorAll('[aria-busy="true"]'));
  for (const frame of document.querySelectorAll<HTMLElement>('[data-fk-story]')) {
    frame.classList.remove(...Object.values(THEME_CLASS));
    frame.classList.add(THEME_CLASS[mode]);
    frame.dataset.fkStory = mode;
  }
  document.documentElement.setAttribute(COLOR_MODE_ATTRIBUTE, mode);
  // Mutation observers have run by the next frame.
  await new Promise(requestAnimationFrame);
  const rerendering = [...document.querySelectorAll('[aria-busy="true"]')].filter((e) => !busyBefore.has(e));
  await expect
    .poll(() => rerendering.filter((element) => element.getAttribute('aria-busy') === 'true'), {
      timeout: RERENDER_TIMEOUT_MS,
    })
    .toEqual([]);
}

const nextFrame = () => new Promise(requestAnimationFrame);

/**
 * Waits for what the story still loads: lazily loaded parts (a Markdown body is plain text until
 * its sanitiser arrives, about 400 ms for a file's first story on a cold dev server), what those
 * load once rendered (a frame later), and fonts.
 */
async function settled() {
  while (await lazyModulesSettled()) await nextFrame();
  await document.fonts.ready;
}

async function expectScreenshot(story: ComposedStory, visual: VisualParameters, mode: ColorMode) {
  await settled();
  // A scroll offset left by an earlier story would move edges by a fraction of a pixel.
  window.scrollTo(0, 0);
  const canvas = storyCanvas(story);
  // A canvas covering the viewport also captures what is portalled to body on top of it.
  if (visual.target === 'page') canvas.style.minHeight = '100vh';
  await expect.element(page.elementLocator(canvas)).toMatchScreenshot(`${story.id}--${mode}`);
}

/** How long a modal a story left open (in a root of its own) may take to close. */
const OWN_ROOT_CLOSE_TIMEOUT_MS = 5_000;

/**
 * Closes what a story left open in a React root of its own (a `confirmAction()` confirmation kept
 * open for the screenshots), as a user would with Escape, and waits for the root to go. Such a
 * root outlives the story's unmount: closing it then, its updates landed in the next story's render,
 * inside Storybook's act() scope with the act environment off, and React warned.
 */
async function closeOwnRoots() {
  const selector = `[${OWN_ROOT_ATTRIBUTE}]`;
  if (!document.querySelector(selector)) return;
  await expect
    .poll(
      () => {
        const target = document.activeElement ?? document.body;
        target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        return document.querySelectorAll(selector).length;
      },
      { timeout: OWN_ROOT_CLOSE_TIMEOUT_MS },
    )
    .toBe(0);
}

/** Story parameter `reactWarnings`. */
interface ReactWarningParameters {
  /** Warnings this story is known to print (say why in the story): they do not fail it. */
  allow?: RegExp[];
}

// Registered before the checks below, so it runs after them (afterEach hooks run in reverse order)
// and also sees what the switch to dark prints.
failOnReactWarnings(
  (context) =>
    ((context as { story?: ComposedStory }).story?.parameters.reactWarnings as ReactWarningParameters | undefined)
      ?.allow ?? [],
);

afterEach(async (context) => {
  const story = (context as { story?: ComposedStory }).story;
  if (!story || context.task.result?.state === 'fail') return;
  const visual = (story.parameters.visual ?? {}) as VisualParameters;

  const freeze = document.createElement('style');
  freeze.textContent = FREEZE_CSS;
  document.head.append(freeze);
  // A changed light image does not stop the dark checks: a reviewer sees both diffs of one run.
  const failures: unknown[] = [];
  const check = async (step: () => unknown) => {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  };
  try {
    if (!visual.disable) await check(() => expectScreenshot(story, visual, 'light'));
    const lightDom = domWithoutColorMode();
    await setColorMode('dark');
    // The addon's own check, as the story's light run had it: the story's `a11y` parameters, its
    // disabled rules, violations as errors; only the colour rules if only colours changed (axe's
    // second run took 130 ms a story, 60 % of it the contrast rule).
    const a11y = (story.parameters.a11y ?? {}) as { options?: object };
    const parameters =
      domWithoutColorMode() === lightDom
        ? { ...story.parameters, a11y: { ...a11y, options: { ...a11y.options, runOnly: AXE_COLOR_RULES } } }
        : story.parameters;
    await check(() =>
      a11yAfterEach({ ...story, parameters, viewMode: 'story' } as unknown as Parameters<typeof a11yAfterEach>[0]),
    );
    if (!visual.disable) await check(() => expectScreenshot(story, visual, 'dark'));
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) {
      const messages = failures.map((error) => (error instanceof Error ? error.message : String(error)));
      throw new AggregateError(failures, messages.join('\n\n'));
    }
  } finally {
    freeze.remove();
    // The next story starts in light (its frame sets the mode again once mounted).
    document.documentElement.setAttribute(COLOR_MODE_ATTRIBUTE, 'light');
  }
  await closeOwnRoots();
});
