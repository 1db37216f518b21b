/**
 * What the Tooltip component and the delegated manager (initTooltips) share: delays and their
 * local-storage override, placements, triggers, the empty-content rule, and the one-open-tooltip
 * registry. Pure or DOM-on-demand only: nothing here touches `window` or storage at import time.
 */
import type { ReactNode } from 'react';
import { TOOLTIP_DELAY } from '../../tokens';
import { readStorage } from '../../utils/storage';

/**
 * Local-storage key of the user's tooltip delay override (spec section 9: "a tooltip delay is also
 * read from local storage"). The value is JSON: a number of ms for both showing and hiding, or
 * `{ "show": 0, "hide": 0 }` for either. It is read each time a tooltip opens, so changing it takes
 * effect without a reload: `localStorage.setItem('forgekit:tooltip-delay', '0')` makes every
 * tooltip instant (end-to-end tests, users who find the delay slow). An explicit `delay` prop wins.
 */
export const TOOLTIP_DELAY_STORAGE_KEY = 'forgekit:tooltip-delay';

/** The product's tooltip markers (what `initTooltips` looks for by default). */
export const TOOLTIP_SELECTOR = '.has-tooltip, [data-toggle="tooltip"]';

/** Show and hide delays in ms. */
export interface TooltipDelay {
  show: number;
  hide: number;
}

/** Product default of the `<Tooltip>` component (spec section 9: UI tooltip delay show 500, hide 0). */
export const TOOLTIP_PRODUCT_DELAY: TooltipDelay = { show: TOOLTIP_DELAY.show, hide: TOOLTIP_DELAY.hide };

/**
 * Default of the delegated manager for server-rendered markup (spec section 9: "tooltip library
 * defaults delay 50 ms", one number for both directions as the library reads it).
 */
export const TOOLTIP_LIBRARY_DELAY: TooltipDelay = {
  show: TOOLTIP_DELAY.libraryDefault,
  hide: TOOLTIP_DELAY.libraryDefault,
};

const isDelayNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The stored override, validated: a number for both, or an object with `show` and/or `hide`. */
export function readStoredTooltipDelay(): Partial<TooltipDelay> {
  const stored = readStorage<unknown>('local', TOOLTIP_DELAY_STORAGE_KEY);
  if (isDelayNumber(stored)) return { show: stored, hide: stored };
  if (stored && typeof stored === 'object') {
    const { show, hide } = stored as Record<string, unknown>;
    return { ...(isDelayNumber(show) ? { show } : {}), ...(isDelayNumber(hide) ? { hide } : {}) };
  }
  return {};
}

/** Delays for one opening: the explicit value, else the stored override, else the default, per field. */
export function resolveTooltipDelay(
  explicit: Partial<TooltipDelay> | number | undefined,
  fallback: TooltipDelay,
): TooltipDelay {
  const given = isDelayNumber(explicit) ? { show: explicit, hide: explicit } : (explicit ?? {});
  const stored = readStoredTooltipDelay();
  return {
    show: given.show ?? stored.show ?? fallback.show,
    hide: given.hide ?? stored.hide ?? fallback.hide,
  };
}

/** Sides a tooltip can take. `start`/`end` follow the writing direction; `left`/`right` are physical. */
export const TOOLTIP_PLACEMENTS = ['top', 'bottom', 'start', 'end', 'left', 'right'] as const;
export type TooltipPlacement = (typeof TOOLTIP_PLACEMENTS)[number];
/** Spec section 9: library default placement top. */
export const TOOLTIP_DEFAULT_PLACEMENT: TooltipPlacement = 'top';

export type PhysicalSide = 'top' | 'bottom' | 'left' | 'right';

/** The physical side of a placement for an element, reading `start`/`end` from its direction. */
export function physicalSide(placement: TooltipPlacement, reference: Element | null): PhysicalSide {
  if (placement !== 'start' && placement !== 'end') return placement;
  const rtl = reference ? getComputedStyle(reference).direction === 'rtl' : false;
  return (placement === 'start') !== rtl ? 'left' : 'right';
}

/** Reads a placement from markup (`data-placement`), falling back to the default for unknown values. */
export function parsePlacement(value: string | null | undefined): TooltipPlacement {
  const found = TOOLTIP_PLACEMENTS.find((placement) => placement === value?.trim());
  return found ?? TOOLTIP_DEFAULT_PLACEMENT;
}

/** What opens a tooltip. Spec section 9: hover and focus by default; click on request. */
export const TOOLTIP_TRIGGERS = ['hover', 'focus', 'click'] as const;
export type TooltipTrigger = (typeof TOOLTIP_TRIGGERS)[number];
export const TOOLTIP_DEFAULT_TRIGGERS: readonly TooltipTrigger[] = ['hover', 'focus'];

/**
 * Reads `data-triggers` ("hover focus", "click", "manual"). Hover always brings keyboard focus
 * with it, so a keyboard user can reach every tooltip a mouse user can (WCAG 2.1.1); "manual"
 * means none (shown and hidden by the API only).
 */
export function parseTriggers(value: string | null | undefined): readonly TooltipTrigger[] {
  if (value == null || value.trim() === '') return TOOLTIP_DEFAULT_TRIGGERS;
  const words = value.trim().split(/\s+/);
  const triggers = new Set(TOOLTIP_TRIGGERS.filter((trigger) => words.includes(trigger)));
  if (triggers.has('hover')) triggers.add('focus');
  return TOOLTIP_TRIGGERS.filter((trigger) => triggers.has(trigger));
}

/** Spec section 5: no tooltip when its text is empty (nothing, or only whitespace). */
export function isEmptyTooltipContent(content: ReactNode): boolean {
  if (content == null || typeof content === 'boolean') return true;
  if (typeof content === 'string') return content.trim() === '';
  if (Array.isArray(content)) return content.every((item) => isEmptyTooltipContent(item as ReactNode));
  return false;
}

/**
 * Spec section 4: a shown tooltip hides when its target is hidden or removed. An element counts as
 * shown when it is in the document, not `display: none` (itself or an ancestor), not
 * `visibility: hidden`, and not `hidden`.
 */
export function isTargetShown(element: Element): boolean {
  if (!element.isConnected) return false;
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true });
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node instanceof HTMLElement && node.hidden) return false;
    if (getComputedStyle(node).display === 'none') return false;
  }
  return getComputedStyle(element).visibility !== 'hidden';
}

/**
 * One tooltip open at a time: opening one closes the one before (a pointer moving across a row of
 * icon buttons shows one tooltip, not a trail). Module state, no DOM.
 */
let current: { owner: object; close: () => void } | null = null;

/** Registers `owner`'s tooltip as the open one, closing the previous owner's first. */
export function claimTooltipSlot(owner: object, close: () => void): void {
  const previous = current;
  current = { owner, close };
  if (previous && previous.owner !== owner) previous.close();
}

/** Forgets `owner` if its tooltip is the registered one (it closed by itself). */
export function releaseTooltipSlot(owner: object): void {
  if (current?.owner === owner) current = null;
}
