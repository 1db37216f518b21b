/**
 * Colour contrast (WCAG 2.x): relative luminance, contrast ratio and the grade a ratio earns.
 * Pure functions, no DOM. Colours are hex strings as `isValidColor` accepts them (`#fff`,
 * `#1f75cb`).
 */
import { tokenValues } from '../tokens';
import { isValidColor } from './validation';

/** Spec section 9 "Contrast grade thresholds 3, 4.5, 7, 22". */
export const CONTRAST_GRADE_THRESHOLDS = [3, 4.5, 7, 22] as const;

const [AA_LARGE, AA, AAA, CEILING] = CONTRAST_GRADE_THRESHOLDS;

/**
 * Grades from the thresholds, each covering `[min, max)`:
 * - `fail` below 3: not enough for any text;
 * - `AA large` from 3 to 4.5: WCAG AA for large text (18.66 px bold or 24 px) and UI parts only;
 * - `AA` from 4.5 to 7: WCAG AA for all text (AAA for large text);
 * - `AAA` from 7 to 22: WCAG AAA for all text. 21:1 (black on white) is the largest possible
 *   ratio; 22 closes the range.
 */
export const CONTRAST_GRADES = [
  { grade: 'fail', min: 1, max: AA_LARGE },
  { grade: 'AA large', min: AA_LARGE, max: AA },
  { grade: 'AA', min: AA, max: AAA },
  { grade: 'AAA', min: AAA, max: CEILING },
] as const;

export type ContrastGrade = (typeof CONTRAST_GRADES)[number]['grade'];

/** Red, green and blue channels, 0 to 255, of a valid hex colour; `null` for anything else. */
export function parseHexColor(color: string): [number, number, number] | null {
  if (!isValidColor(color)) return null;
  const digits = color.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Expands a valid hex colour to lower-case `#rrggbb` (what `<input type="color">` takes). */
export function toSixDigitHex(color: string): string | null {
  const rgb = parseHexColor(color);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : null;
}

function channelToLinear(channel: number): number {
  const c = channel / 255;
  // sRGB transfer function (WCAG 2.2 quotes 0.04045, the sRGB standard's value).
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function requireRgb(color: string): [number, number, number] {
  const rgb = parseHexColor(color);
  if (!rgb) throw new TypeError(`Not a 3 or 6 digit hex colour: ${JSON.stringify(color)}`);
  return rgb;
}

/** WCAG relative luminance of a hex colour, 0 (black) to 1 (white). Throws a TypeError on bad input. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = requireRgb(color).map(channelToLinear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * WCAG contrast ratio of two hex colours, from 1 (same luminance) to 21 (black on white); order
 * does not matter. Not rounded: 4.49 is not AA. Throws a TypeError on a colour that is not 3 or 6
 * digit hex.
 */
export function contrastRatio(colorA: string, colorB: string): number {
  const a = relativeLuminance(colorA);
  const b = relativeLuminance(colorB);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The grade a contrast ratio earns (see `CONTRAST_GRADES`): below 3 'fail', 3 up to 4.5
 * 'AA large', 4.5 up to 7 'AA', 7 up to 22 'AAA'. A lower bound belongs to the higher grade
 * (exactly 4.5 is 'AA'). Throws a RangeError for anything that is not a ratio (below 1, 22 or
 * more, NaN).
 */
export function contrastGrade(ratio: number): ContrastGrade {
  const found = CONTRAST_GRADES.find(({ min, max }) => ratio >= min && ratio < max);
  if (!found) throw new RangeError(`Not a contrast ratio: ${ratio}`);
  return found.grade;
}

/**
 * Of the candidate text colours, the one that contrasts most with `background` (the first wins a
 * tie). Throws a TypeError if any colour is not 3 or 6 digit hex.
 */
export function textColorForBackground<T extends string>(background: string, candidates: readonly [T, ...T[]]): T {
  let best = candidates[0];
  let bestRatio = contrastRatio(background, best);
  for (const candidate of candidates.slice(1)) {
    const ratio = contrastRatio(background, candidate);
    if (ratio > bestRatio) [best, bestRatio] = [candidate, ratio];
  }
  return best;
}

/**
 * Text colours for content on a colour the user chose (a label, a colour swatch): white, or black
 * where white would contrast less. Whichever contrasts more with any colour reaches at least
 * 4.58:1 (WCAG AA for all text); a dark grey such as gray-950 would leave mid-tones (pure red,
 * #808080) below 4.5 with both candidates, so the dark text is black.
 */
export const ON_COLOR_TEXT = {
  light: tokenValues.color.palette.white,
  dark: '#000000',
} as const;
export type OnColorText = keyof typeof ON_COLOR_TEXT;

/**
 * Which text (`light` white or `dark` black) reads better on `background`, a valid hex colour:
 * the one with the higher contrast ratio (light wins a tie). Throws a TypeError on a colour that
 * is not 3 or 6 digit hex.
 */
export function readableTextColor(background: string): OnColorText {
  return textColorForBackground(background, [ON_COLOR_TEXT.light, ON_COLOR_TEXT.dark]) === ON_COLOR_TEXT.light
    ? 'light'
    : 'dark';
}
