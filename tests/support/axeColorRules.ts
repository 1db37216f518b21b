/**
 * The axe rules whose outcome depends on colours (axe's `cat.color` rules that WCAG AA enables). A
 * switch of the colour mode that leaves the DOM as it was changes only what these check, so the
 * dark runs of the stories (tests/visual/setup.ts) and of the product's pages
 * (app/tests/e2e/fixtures.ts) check only them then: every other rule has just passed on that DOM.
 */
export const AXE_COLOR_RULES = ['color-contrast', 'link-in-text-block'];
