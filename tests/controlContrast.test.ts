import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { THEME_CLASS, darkColorValues, tokenValues } from '../src/tokens';
import { CONTRAST_GRADE_THRESHOLDS, contrastRatio } from '../src/utils/contrast';

/** WCAG 1.4.11 Non-text Contrast: the boundary of a control against what surrounds it. */
const [NON_TEXT_MINIMUM, TEXT_MINIMUM] = CONTRAST_GRADE_THRESHOLDS;

const themes = { light: tokenValues.color, dark: darkColorValues.color } as const;

type ThemeColors = (typeof themes)[keyof typeof themes];

/** The pages a control sits on: the default and the subtle background. */
const surfaces = (c: ThemeColors) => ({
  'background.default': c.background.default,
  'background.subtle': c.background.subtle,
});

/**
 * Every boundary that identifies a control, by the token that draws it: the border of text fields,
 * selects, checkboxes, switches, the Markdown editor's textarea and the default Button, and the
 * focus ring. These need 3:1 on every surface a control sits on.
 */
const outlines = (c: ThemeColors) => ({
  'control.border': c.control.border,
  'focus.ring': c.focus.ring,
});

/**
 * The fills of the confirm and danger Buttons. Their label already identifies them (WCAG's
 * understanding of 1.4.11), so the fill's edge is held to 3:1 against the page background only.
 */
const fills = (c: ThemeColors) => ({
  'action.primary.background': c.action.primary.background,
  'action.danger.background': c.action.danger.background,
});

/** Text drawn on a filled control, against its fill (rest and hover). */
const labels = (c: ThemeColors): Record<string, readonly [text: string, fill: string]> => ({
  'action.primary.text on background': [c.action.primary.text, c.action.primary.background],
  'action.primary.text on backgroundHover': [c.action.primary.text, c.action.primary.backgroundHover],
  'action.danger.text on background': [c.action.danger.text, c.action.danger.background],
  'action.danger.text on backgroundHover': [c.action.danger.text, c.action.danger.backgroundHover],
});

describe.each(Object.entries(themes))('control contrast in %s', (_theme, colors) => {
  const cases = Object.entries(outlines(colors)).flatMap(([boundary, color]) =>
    Object.entries(surfaces(colors)).map(([surface, background]) => [boundary, surface, color, background] as const),
  );

  it.each(cases)('%s on %s reaches 3:1 (WCAG 1.4.11)', (_boundary, _surface, color, background) => {
    expect(contrastRatio(color, background)).toBeGreaterThanOrEqual(NON_TEXT_MINIMUM);
  });

  it.each(Object.entries(fills(colors)))('%s on background.default reaches 3:1', (_fill, color) => {
    expect(contrastRatio(color, colors.background.default)).toBeGreaterThanOrEqual(NON_TEXT_MINIMUM);
  });

  it.each(Object.entries(labels(colors)))('%s reaches 4.5:1 (WCAG 1.4.3)', (_pair, [text, fill]) => {
    expect(contrastRatio(text, fill)).toBeGreaterThanOrEqual(TEXT_MINIMUM);
  });
});

describe('dark elevation', () => {
  const css = readFileSync(resolve(import.meta.dirname, '../src/tokens/generated/tokens.css'), 'utf8');
  /** The custom properties declared in the rule whose selector list includes `selector`. */
  const declarations = (selector: string) => {
    const block = [...css.matchAll(/([^{}]*)\{([^{}]*)\}/g)].find((m) =>
      (m[1] ?? '').split(',').some((s) => s.trim() === selector),
    );
    if (!block) throw new Error(`tokens.css has no block for ${selector}`);
    return new Map([...(block[2] ?? '').matchAll(/(--fk-[\w-]+)\s*:\s*([^;]+);/g)].map((d) => [d[1], d[2]]));
  };
  const light = declarations(`.${THEME_CLASS.light}`);
  const dark = declarations(`.${THEME_CLASS.dark}`);

  it.each(['sm', 'md', 'lg'])('--fk-shadow-%s has its own dark value', (size) => {
    const name = `--fk-shadow-${size}`;
    expect(light.get(name)).toBeDefined();
    expect(dark.get(name)).toBeDefined();
    expect(dark.get(name)).not.toBe(light.get(name));
  });
});
