import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  AVATAR_SIZES,
  BREAKPOINTS,
  COLOR_MODE_ATTRIBUTE,
  COPIED_TOOLTIP_DURATION,
  DESKTOP_BREAKPOINTS,
  IDENTICON_COLOR_COUNT,
  LAZY_IMAGE,
  MODAL_BASE_Z_INDEX,
  POPOVER_DELAY,
  SHORT_COMMIT_ID_LENGTH,
  SKELETON_DEFAULT_LINES,
  TAB_SCROLL_STEP,
  THEME_CLASS,
  TOOLTIP_DELAY,
  USER_POPOVER_HOVER_DELAY,
  darkColorValues,
  tokenValues,
} from '../src/tokens';

describe('token constants match spec section 9', () => {
  it('breakpoints are xl 1200, lg 992, md 768, sm 576, xs 0; desktop means xl or lg', () => {
    expect(BREAKPOINTS).toEqual({ xl: 1200, lg: 992, md: 768, sm: 576, xs: 0 });
    expect([...DESKTOP_BREAKPOINTS].sort()).toEqual(['lg', 'xl']);
  });

  it('the base modal z-index is 1040', () => {
    expect(MODAL_BASE_Z_INDEX).toBe(1040);
  });

  it('tooltip delay is show 500, hide 0, library default 50', () => {
    expect(TOOLTIP_DELAY).toEqual({ show: 500, hide: 0, libraryDefault: 50 });
  });

  it('popover delay is show 50, hide 150; user popover hover delay 200', () => {
    expect(POPOVER_DELAY).toEqual({ show: 50, hide: 150 });
    expect(USER_POPOVER_HOVER_DELAY).toBe(200);
  });

  it('the copied tooltip stays 1000 ms', () => {
    expect(COPIED_TOOLTIP_DURATION).toBe(1000);
  });

  it('skeleton 3 lines, short commit id 8, tab scroll step 200, identicon colours 7', () => {
    expect(SKELETON_DEFAULT_LINES).toBe(3);
    expect(SHORT_COMMIT_ID_LENGTH).toBe(8);
    expect(TAB_SCROLL_STEP).toBe(200);
    expect(IDENTICON_COLOR_COUNT).toBe(7);
  });

  it('lazy images load 500px before the viewport, throttled at 300 ms', () => {
    expect(LAZY_IMAGE).toEqual({ rootMargin: 500, throttle: 300 });
  });

  it('avatar sizes are 96, 64, 48, 32, 24, 16, largest first', () => {
    expect(AVATAR_SIZES).toEqual([96, 64, 48, 32, 24, 16]);
  });
});

/** Dotted paths of every leaf under `node`. */
function leafPaths(node: unknown, path: string[] = []): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [path.join('.')];
  return Object.entries(node).flatMap(([key, child]) => leafPaths(child, [...path, key]));
}

const { palette: _palette, ...lightSemantic } = tokenValues.color;
const semanticPaths = leafPaths(lightSemantic, ['color']);

/** `color.action.primary.backgroundHover` → `--fk-color-action-primary-background-hover`. */
const cssName = (path: string) =>
  `--fk-${path
    .split('.')
    .map((s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))
    .join('-')}`;

describe('semantic colour tokens', () => {
  it('every light semantic colour has a dark counterpart, and dark has nothing extra', () => {
    expect(semanticPaths.length).toBeGreaterThan(0);
    expect(leafPaths(darkColorValues.color, ['color']).sort()).toEqual([...semanticPaths].sort());
  });

  const css = readFileSync(resolve(import.meta.dirname, '../src/tokens/generated/tokens.css'), 'utf8');
  /** Innermost rule blocks: their selector list, custom properties declared and offset in the file. */
  const blocks = [...css.matchAll(/([^{}]*)\{([^{}]*)\}/g)].map((m) => ({
    selectors: (m[1] ?? '').split(',').map((s) => s.trim()),
    declared: new Set([...(m[2] ?? '').matchAll(/(--fk-[\w-]+)\s*:/g)].map((d) => d[1])),
    index: m.index,
  }));
  const blockWith = (selector: string) => {
    const found = blocks.find((b) => b.selectors.includes(selector));
    if (!found) throw new Error(`tokens.css has no block for ${selector}`);
    return found;
  };
  const light = blockWith(`.${THEME_CLASS.light}`);
  const dark = blockWith(`.${THEME_CLASS.dark}`);

  it('the light block is the :root default and the dark block also answers data-color-mode="dark"', () => {
    expect(light.selectors).toContain(':root');
    expect(dark.selectors).toContain(`:root[${COLOR_MODE_ATTRIBUTE}="dark"]`);
  });

  it.each(semanticPaths.map((path) => [cssName(path)]))('%s is defined in the light and the dark block', (name) => {
    expect(light.declared).toContain(name);
    expect(dark.declared).toContain(name);
  });

  it('data-color-mode="auto" gets every dark semantic colour under prefers-color-scheme: dark', () => {
    const auto = blockWith(`:root[${COLOR_MODE_ATTRIBUTE}="auto"]`);
    const media = css.lastIndexOf('@media', auto.index);
    expect(css.slice(media, auto.index)).toMatch(/^@media\s*\(prefers-color-scheme:\s*dark\)/);
    expect([...auto.declared].sort()).toEqual([...dark.declared].sort());
  });
});
