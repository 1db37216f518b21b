/**
 * The named design and timing constants of `forgekit/tokens`, read from the generated token
 * groups. Every spec section 9 design or timing constant is named here once. This module imports
 * only the groups it reads: bundlers put whole modules into the chunks they share between an
 * app's entry and the package's lazily loaded parts, so a module every component reaches must not
 * bring the palette (the whole token objects are in ./values).
 */
import { avatar } from './generated/avatar';
import { behaviour as b } from './generated/behaviour';
import { breakpoint } from './generated/breakpoint';
import { zIndex } from './generated/zIndex';

/**
 * A value read from the generated token objects. Bundlers count a property read as a possible side
 * effect and kept every `export const X = b.tooltip.showDelay` in any app that read one token
 * (Counter carried them all); an annotated call is one they may drop when unused.
 */
function token<T>(read: () => T): T {
  return read();
}

/** Breakpoint minimum widths in px (spec section 9). Desktop means `xl` or `lg`. */
export const BREAKPOINTS = breakpoint;
export type Breakpoint = keyof typeof BREAKPOINTS;
/** Breakpoints from widest to narrowest. */
export const BREAKPOINT_ORDER = ['xl', 'lg', 'md', 'sm', 'xs'] as const satisfies readonly Breakpoint[];
/** The breakpoints that count as desktop. */
export const DESKTOP_BREAKPOINTS = ['xl', 'lg'] as const satisfies readonly Breakpoint[];

/** Layer z-indexes. Stacked modals use `Z_INDEX.modal + depth` (spec: base modal z-index 1040). */
export const Z_INDEX = zIndex;
export const MODAL_BASE_Z_INDEX = /* @__PURE__ */ token(() => Z_INDEX.modal);

/** Tooltip timings in ms: product default show 500 / hide 0, library default 50. */
export const TOOLTIP_DELAY = /* @__PURE__ */ token(
  () =>
    ({
      show: b.tooltip.showDelay,
      hide: b.tooltip.hideDelay,
      libraryDefault: b.tooltip.libraryDelay,
    }) as const,
);
/** Tooltip boundary padding in px. */
export const TOOLTIP_BOUNDARY_PADDING = /* @__PURE__ */ token(() => b.tooltip.boundaryPadding);
/** How often (ms) a visible tooltip checks that its target is still shown. */
export const TOOLTIP_VISIBILITY_CHECK_INTERVAL = /* @__PURE__ */ token(() => b.tooltip.visibilityCheck);
/** Popover timings in ms. */
export const POPOVER_DELAY = /* @__PURE__ */ token(
  () => ({ show: b.popover.showDelay, hide: b.popover.hideDelay }) as const,
);
/** Mouseover debounce (ms) before a user popover opens. */
export const USER_POPOVER_HOVER_DELAY = /* @__PURE__ */ token(() => b.userPopover.hoverDelay);
/** How long (ms) the 'Copied' tooltip stays after copy-to-clipboard. */
export const COPIED_TOOLTIP_DURATION = /* @__PURE__ */ token(() => b.copiedTooltip.duration);
/** Default toast auto-hide delay (ms). */
export const TOAST_DURATION = /* @__PURE__ */ token(() => b.toast.duration);
/** Skeleton loader line counts. */
export const SKELETON_DEFAULT_LINES = /* @__PURE__ */ token(() => b.skeleton.defaultLines);
export const SKELETON_WORK_ITEM_LINES = /* @__PURE__ */ token(() => b.skeleton.workItemLines);
/** Short commit id length. */
export const SHORT_COMMIT_ID_LENGTH = /* @__PURE__ */ token(() => b.commit.shortIdLength);
/** Tab strip scroll step in px. */
export const TAB_SCROLL_STEP = /* @__PURE__ */ token(() => b.tabs.scrollStep);
/** Lazy images: load this many px before the viewport, checks throttled at this many ms. */
export const LAZY_IMAGE = /* @__PURE__ */ token(
  () => ({ rootMargin: b.lazyImage.rootMargin, throttle: b.lazyImage.throttle }) as const,
);
/** Number of identicon background colours. */
export const IDENTICON_COLOR_COUNT = /* @__PURE__ */ token(() => b.identicon.colorCount);
/** Counter limits: above 99 a counter reads '99+', above 1000 '1,000+'. */
export const COUNTER_LIMITS = /* @__PURE__ */ token(
  () => ({ high: b.counter.highCountLimit, delimited: b.counter.delimitedCountLimit }) as const,
);

/** Allowed avatar sizes in px, largest first. */
export type AvatarSizeValue = (typeof avatar.size)[keyof typeof avatar.size];
export const AVATAR_SIZES: readonly AvatarSizeValue[] = /* @__PURE__ */ token(() =>
  Object.values(avatar.size).sort((x, y) => y - x),
);
export const AVATAR_DEFAULT_SIZE: AvatarSizeValue = 64;

/**
 * The custom property on `<html>` holding the total height of the broadcast banners: written by
 * BroadcastMessage, read by sticky headers and the scroll-to-hash offset.
 */
export const BROADCAST_BANNERS_HEIGHT_PROPERTY = '--fk-broadcast-banners-height';

/** Colour modes: one attribute on `<html>` (`data-color-mode`), or a scoping class on a subtree. */
export const COLOR_MODES = ['light', 'dark', 'auto'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export const COLOR_MODE_ATTRIBUTE = 'data-color-mode';
export const THEME_CLASS = { light: 'fk-theme-light', dark: 'fk-theme-dark' } as const;

/**
 * The custom property of a token path as the TS constants spell it:
 * `cssVarName('color', 'action', 'primary', 'backgroundHover')` is
 * `--fk-color-action-primary-background-hover` (TS keys are camelCase, CSS names kebab-case).
 */
export function cssVarName(...path: readonly string[]): string {
  return `--fk-${path.map((part) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('-')}`;
}

/** `var(--fk-…)` reference for a token path, for inline styles: `cssVar('color', 'text', 'default')`. */
export function cssVar(...path: readonly string[]): string {
  return `var(${cssVarName(...path)})`;
}
