/**
 * Tooltips for server-rendered markup (`<button class="has-tooltip" title="…">`), the product's
 * delegated tooltip manager: one set of capture-phase listeners on the document serves every
 * matching element lazily, and one React root renders only the tooltips that are shown. A page
 * with thousands of targets costs nothing until one is hovered or focused: init does no
 * per-element work at all.
 *
 * Per element, read when it is first hovered or focused (data attributes as in the product's markup):
 * - `title`: the text. Moved to `data-original-title` while managed, so the browser's title tooltip
 *   does not double ours; an icon-only element keeps it as its `aria-label`. `fixTooltipTitle(el)`
 *   re-reads a title the page changed.
 * - `data-placement`: top (default), bottom, left, right, start, end.
 * - `data-triggers` (or Bootstrap's `data-trigger`): "hover focus" (default), "focus", "click",
 *   "manual". Hover always brings keyboard focus with it.
 * - `data-container`: a selector for the portal target (default document.body).
 * - `data-boundary`: `viewport`/`window` (the viewport only), `scrollParent` (scroll containers and
 *   the viewport, the default) or a selector.
 * Delays: the library default 50 ms both ways (spec section 9), or the local-storage override
 * (`TOOLTIP_DELAY_STORAGE_KEY`). Keyboard focus shows at once.
 */
import type { Boundary } from '@floating-ui/react';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { layerRenderer } from './layerRender';
import { TooltipLayer, type LayerTooltip } from './TooltipLayer';
import {
  claimTooltipSlot,
  parsePlacement,
  parseTriggers,
  releaseTooltipSlot,
  resolveTooltipDelay,
  TOOLTIP_LIBRARY_DELAY,
  type TooltipTrigger,
  TOOLTIP_SELECTOR,
} from './tooltipOptions';
import { addDescribedBy, adoptTitle, isLabelledByTitle, removeDescribedBy, restoreTitle } from './tooltipTitle';

/** Marks the manager's (empty) root element; tooltips themselves portal to their container. */
const ROOT_ATTRIBUTE = 'data-fk-tooltip-root';

export interface InitTooltipsOptions {
  /**
   * Elements matching this selector get tooltips. A second init with another selector adds it.
   * @default '.has-tooltip, [data-toggle="tooltip"]'
   */
  selector?: string;
}

/** Elements given to the API: one element, a list, or a NodeList. */
export type TooltipTargets = Element | Iterable<Element> | ArrayLike<Element> | null | undefined;
/** A target for show/hide: an element or a selector. */
export type TooltipTargetRef = Element | string | null | undefined;

export interface TooltipManager {
  /** Serves these elements too, even when they do not match the selector. */
  add(elements: TooltipTargets): void;
  /** Hides their tooltips and gives the titles back; they are served again when next hovered. */
  dispose(elements: TooltipTargets): void;
  /** Re-reads a title the page changed (and updates a shown tooltip). */
  fixTitle(element: TooltipTargetRef): void;
  /** Turns tooltips back on: all of them, or only for these elements. */
  enable(elements?: TooltipTargets): void;
  /** Turns tooltips off (hiding shown ones): all of them, or only for these elements. */
  disable(elements?: TooltipTargets): void;
  /** Shows the element's tooltip now; it stays until hide(), Escape, or its target goes away. */
  show(element: TooltipTargetRef): void;
  /** Hides the element's tooltip now. */
  hide(element: TooltipTargetRef): void;
  /** Removes the listeners and the React root and gives every title back. */
  destroy(): void;
}

interface Entry extends LayerTooltip {
  triggers: readonly TooltipTrigger[];
  isShown: boolean;
  isHovered: boolean;
  isBubbleHovered: boolean;
  isFocused: boolean;
  isClicked: boolean;
  isPinned: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  close: () => void;
}

function toElements(elements: TooltipTargets): Element[] {
  if (!elements) return [];
  if (elements instanceof Element) return [elements];
  return Array.from(elements as Iterable<Element>).filter((element) => element instanceof Element);
}

function warnNotFound(target: unknown): void {
  console.warn('forgekit: tooltip target not found:', target);
}

function readBoundary(value: string | null): Boundary | undefined {
  if (!value || value === 'scrollParent') return undefined;
  if (value === 'viewport' || value === 'window') return [];
  const element = document.querySelector(value);
  if (!element) console.warn(`forgekit: tooltip boundary "${value}" not found; using the scroll containers.`);
  return element ?? undefined;
}

function readContainer(value: string | null): Element | null {
  if (!value || value === 'body') return null;
  const element = document.querySelector(value);
  if (!element) console.warn(`forgekit: tooltip container "${value}" not found; using document.body.`);
  return element;
}

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Meta', 'Alt']);

class DelegatedTooltips implements TooltipManager {
  private readonly selectors = new Set<string>();
  private selector = '';
  private readonly added = new WeakSet<Element>();
  private addedCount = 0;
  private readonly disabledElements = new WeakSet<Element>();
  private isEnabled = true;
  private readonly entries = new Map<Element, Entry>();
  private readonly adopted = new Set<Element>();
  private nextId = 0;
  private modality: 'keyboard' | 'pointer' = 'keyboard';
  private root: Root | null = null;
  private host: HTMLElement | null = null;
  private readonly onDestroy: () => void;

  constructor(selector: string, onDestroy: () => void) {
    this.onDestroy = onDestroy;
    this.addSelector(selector);
    document.addEventListener('mouseover', this.onMouseOver, true);
    document.addEventListener('mouseout', this.onMouseOut, true);
    document.addEventListener('focusin', this.onFocusIn, true);
    document.addEventListener('focusout', this.onFocusOut, true);
    document.addEventListener('click', this.onClick, true);
    document.addEventListener('pointerdown', this.onPointerDown, true);
    document.addEventListener('keydown', this.onKeyDown, true);
  }

  addSelector(selector: string): void {
    const trimmed = selector.trim();
    if (!trimmed || this.selectors.has(trimmed)) return;
    this.selectors.add(trimmed);
    this.selector = [...this.selectors].join(', ');
  }

  // --- finding targets -------------------------------------------------------------------------

  /** The managed element at or above `node`: the nearest one matching the selector or added. */
  private find(node: EventTarget | null): Element | null {
    if (!(node instanceof Element)) return null;
    let found = this.selector ? node.closest(this.selector) : null;
    if (this.addedCount > 0) {
      for (let current: Element | null = node; current && current !== found; current = current.parentElement) {
        if (this.added.has(current)) {
          found = current;
          break;
        }
      }
    }
    if (!found || this.disabledElements.has(found)) return null;
    return found;
  }

  private resolve(target: TooltipTargetRef): Element | null {
    const element = typeof target === 'string' ? document.querySelector(target) : target;
    if (!element || !element.isConnected) {
      warnNotFound(target);
      return null;
    }
    return element;
  }

  /** The entry for an element, created on first use (title moved aside, data attributes read). */
  private entryFor(element: Element): Entry | null {
    const existing = this.entries.get(element);
    if (existing) return existing;
    const content = adoptTitle(element);
    this.adopted.add(element);
    if (content.trim() === '') return null; // spec section 5: no tooltip without text
    const entry: Entry = {
      element,
      id: `fk-tooltip-${++this.nextId}`,
      content,
      placement: parsePlacement(element.getAttribute('data-placement')),
      container: readContainer(element.getAttribute('data-container')),
      boundary: readBoundary(element.getAttribute('data-boundary')),
      triggers: parseTriggers(element.getAttribute('data-triggers') ?? element.getAttribute('data-trigger')),
      isShown: false,
      isHovered: false,
      isBubbleHovered: false,
      isFocused: false,
      isClicked: false,
      isPinned: false,
      timer: undefined,
      close: () => this.hideEntry(entry),
    };
    this.entries.set(element, entry);
    return entry;
  }

  // --- showing and hiding ----------------------------------------------------------------------

  private scheduleShow(entry: Entry, immediate: boolean): void {
    clearTimeout(entry.timer);
    if (entry.isShown) return;
    const wait = immediate ? 0 : resolveTooltipDelay(undefined, TOOLTIP_LIBRARY_DELAY).show;
    if (wait <= 0) this.showEntry(entry);
    else entry.timer = setTimeout(() => this.showEntry(entry), wait);
  }

  private scheduleHide(entry: Entry, immediate: boolean): void {
    if (entry.isHovered || entry.isBubbleHovered || entry.isFocused || entry.isClicked || entry.isPinned) return;
    clearTimeout(entry.timer);
    const wait = immediate || !entry.isShown ? 0 : resolveTooltipDelay(undefined, TOOLTIP_LIBRARY_DELAY).hide;
    if (wait <= 0) this.hideEntry(entry);
    else entry.timer = setTimeout(() => this.hideEntry(entry), wait);
  }

  private showEntry(entry: Entry): void {
    clearTimeout(entry.timer);
    if (!this.isEnabled || !entry.element.isConnected || this.entries.get(entry.element) !== entry) return;
    claimTooltipSlot(entry, entry.close);
    entry.isShown = true;
    if (!isLabelledByTitle(entry.element)) addDescribedBy(entry.element, entry.id);
    this.render();
  }

  private hideEntry(entry: Entry): void {
    clearTimeout(entry.timer);
    releaseTooltipSlot(entry);
    removeDescribedBy(entry.element, entry.id);
    if (this.entries.get(entry.element) === entry) this.entries.delete(entry.element);
    if (!entry.element.isConnected) this.adopted.delete(entry.element);
    if (entry.isShown) {
      entry.isShown = false;
      this.render();
    }
  }

  private hideAll(): void {
    for (const entry of [...this.entries.values()]) this.hideEntry(entry);
  }

  /** Renders the shown tooltips (in a microtask: see layerRenderer). */
  private readonly render = layerRenderer(() => {
    const shown = [...this.entries.values()].filter((entry) => entry.isShown);
    if (!this.root) {
      if (shown.length === 0) return;
      this.host = document.createElement('div');
      this.host.setAttribute(ROOT_ATTRIBUTE, '');
      document.body.append(this.host);
      this.root = createRoot(this.host);
    }
    const tooltips: LayerTooltip[] = shown.map(({ element, id, content, placement, container, boundary }) => ({
      element,
      id,
      content,
      placement,
      container,
      boundary,
    }));
    const root = this.root;
    const layer = createElement(TooltipLayer, {
      tooltips,
      onTargetGone: this.onTargetGone,
      onBubbleHover: this.onBubbleHover,
    });
    // Flushed: the tooltip is in the page in the same task as the hover that asked for it.
    flushSync(() => root.render(layer));
  });

  private readonly onTargetGone = (element: Element): void => {
    const entry = this.entries.get(element);
    if (!entry) return;
    Object.assign(entry, { isHovered: false, isFocused: false, isClicked: false, isPinned: false });
    this.hideEntry(entry);
  };

  private readonly onBubbleHover = (element: Element, isHovered: boolean): void => {
    const entry = this.entries.get(element);
    if (!entry) return;
    entry.isBubbleHovered = isHovered;
    if (isHovered) clearTimeout(entry.timer);
    else this.scheduleHide(entry, false);
  };

  // --- document listeners (capture phase) ------------------------------------------------------

  private readonly onMouseOver = (event: MouseEvent): void => {
    if (!this.isEnabled) return;
    const element = this.find(event.target);
    if (!element) return;
    const from = event.relatedTarget;
    if (from instanceof Node && element.contains(from)) return; // moving inside the target
    const entry = this.entryFor(element);
    if (!entry || !entry.triggers.includes('hover')) return;
    entry.isHovered = true;
    this.scheduleShow(entry, false);
  };

  private readonly onMouseOut = (event: MouseEvent): void => {
    const element = this.find(event.target);
    const entry = element && this.entries.get(element);
    if (!element || !entry) return;
    const to = event.relatedTarget;
    if (to instanceof Node && element.contains(to)) return;
    entry.isHovered = false;
    // Moving onto the tooltip itself keeps it open (its mouseenter arrives next).
    const bubble = document.getElementById(entry.id);
    if (to instanceof Node && bubble?.contains(to)) return;
    this.scheduleHide(entry, false);
  };

  private readonly onFocusIn = (event: FocusEvent): void => {
    if (!this.isEnabled || this.modality === 'pointer') return; // never on mouse focus alone
    const element = this.find(event.target);
    if (!element) return;
    const entry = this.entryFor(element);
    if (!entry || !entry.triggers.includes('focus')) return;
    entry.isFocused = true;
    this.scheduleShow(entry, true);
  };

  private readonly onFocusOut = (event: FocusEvent): void => {
    const element = this.find(event.target);
    const entry = element && this.entries.get(element);
    if (!element || !entry) return;
    const to = event.relatedTarget;
    if (to instanceof Node && element.contains(to)) return;
    entry.isFocused = false;
    this.scheduleHide(entry, true);
  };

  private readonly onClick = (event: MouseEvent): void => {
    if (!this.isEnabled) return;
    const element = this.find(event.target);
    if (!element) return;
    const entry = this.entryFor(element);
    if (!entry || !entry.triggers.includes('click')) return;
    entry.isClicked = !entry.isClicked;
    if (entry.isClicked) this.scheduleShow(entry, true);
    else this.scheduleHide(entry, true);
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.modality = 'pointer';
    // A press anywhere else closes click-opened tooltips.
    const target = event.target;
    for (const entry of [...this.entries.values()]) {
      if (!entry.isClicked) continue;
      const bubble = document.getElementById(entry.id);
      if (target instanceof Node && (entry.element.contains(target) || bubble?.contains(target))) continue;
      entry.isClicked = false;
      this.scheduleHide(entry, true);
    }
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (!event.metaKey && !event.ctrlKey && !event.altKey && !MODIFIER_KEYS.has(event.key)) this.modality = 'keyboard';
    if (event.key !== 'Escape') return;
    const shown = [...this.entries.values()].filter((entry) => entry.isShown);
    if (shown.length === 0) return;
    // The tooltip is the top layer: Escape closes it, and only it (not a dialog underneath).
    event.stopPropagation();
    // And not a modal <dialog>'s close request (the default action of the key).
    event.preventDefault();
    for (const entry of shown) {
      Object.assign(entry, { isHovered: false, isFocused: false, isClicked: false, isPinned: false });
      this.hideEntry(entry);
    }
  };

  // --- API -------------------------------------------------------------------------------------

  add(elements: TooltipTargets): void {
    for (const element of toElements(elements)) {
      if (this.added.has(element)) continue;
      this.added.add(element);
      this.addedCount++;
    }
  }

  dispose(elements: TooltipTargets): void {
    for (const element of toElements(elements)) {
      const entry = this.entries.get(element);
      if (entry) this.hideEntry(entry);
      restoreTitle(element);
      this.adopted.delete(element);
      if (this.added.delete(element)) this.addedCount--;
    }
  }

  fixTitle(target: TooltipTargetRef): void {
    const element = this.resolve(target);
    if (!element) return;
    const entry = this.entries.get(element);
    if (!entry) {
      // Not active: only keep the browser's own title from reappearing on an element we manage.
      if (this.adopted.has(element)) adoptTitle(element);
      return;
    }
    entry.content = adoptTitle(element);
    if (entry.content.trim() === '') this.hideEntry(entry);
    else if (entry.isShown) this.render();
  }

  enable(elements?: TooltipTargets): void {
    if (elements === undefined) this.isEnabled = true;
    else for (const element of toElements(elements)) this.disabledElements.delete(element);
  }

  disable(elements?: TooltipTargets): void {
    if (elements === undefined) {
      this.isEnabled = false;
      this.hideAll();
      return;
    }
    for (const element of toElements(elements)) {
      this.disabledElements.add(element);
      const entry = this.entries.get(element);
      if (entry) this.hideEntry(entry);
    }
  }

  show(target: TooltipTargetRef): void {
    const element = this.resolve(target);
    if (!element) return;
    const entry = this.entryFor(element);
    if (!entry) return;
    entry.isPinned = true;
    this.scheduleShow(entry, true);
  }

  hide(target: TooltipTargetRef): void {
    const element = this.resolve(target);
    if (!element) return;
    const entry = this.entries.get(element);
    if (!entry) return;
    Object.assign(entry, { isHovered: false, isFocused: false, isClicked: false, isPinned: false });
    this.hideEntry(entry);
  }

  destroy(): void {
    document.removeEventListener('mouseover', this.onMouseOver, true);
    document.removeEventListener('mouseout', this.onMouseOut, true);
    document.removeEventListener('focusin', this.onFocusIn, true);
    document.removeEventListener('focusout', this.onFocusOut, true);
    document.removeEventListener('click', this.onClick, true);
    document.removeEventListener('pointerdown', this.onPointerDown, true);
    document.removeEventListener('keydown', this.onKeyDown, true);
    for (const entry of this.entries.values()) {
      clearTimeout(entry.timer);
      releaseTooltipSlot(entry);
      removeDescribedBy(entry.element, entry.id);
    }
    this.entries.clear();
    for (const element of this.adopted) restoreTitle(element);
    this.adopted.clear();
    // Unmounting synchronously is refused while React renders or commits (destroy() called from an
    // effect cleanup); the host is gone at once, the root follows in a microtask.
    const root = this.root;
    if (root) queueMicrotask(() => root.unmount());
    this.host?.remove();
    this.root = null;
    this.host = null;
    this.onDestroy();
  }
}

const NOOP_MANAGER: TooltipManager = {
  add() {},
  dispose() {},
  fixTitle() {},
  enable() {},
  disable() {},
  show() {},
  hide() {},
  destroy() {},
};

let current: DelegatedTooltips | null = null;

/**
 * Starts the delegated tooltip manager (once per page; calling it again returns the same manager,
 * adding the selector if it is new). Without a DOM (server rendering) it does nothing.
 */
export function initTooltips({ selector = TOOLTIP_SELECTOR }: InitTooltipsOptions = {}): TooltipManager {
  if (typeof document === 'undefined') return NOOP_MANAGER;
  if (current) {
    current.addSelector(selector);
    return current;
  }
  const manager = new DelegatedTooltips(selector, () => {
    if (current === manager) current = null;
  });
  current = manager;
  return manager;
}

/** Serves these elements too (module form of `manager.add`); nothing happens before initTooltips. */
export function addTooltips(elements: TooltipTargets): void {
  current?.add(elements);
}
/** Hides and releases these elements' tooltips (`manager.dispose`). */
export function disposeTooltips(elements: TooltipTargets): void {
  current?.dispose(elements);
}
/** Re-reads a changed title (`manager.fixTitle`). */
export function fixTooltipTitle(element: TooltipTargetRef): void {
  current?.fixTitle(element);
}
/** Turns tooltips on again (`manager.enable`). */
export function enableTooltips(elements?: TooltipTargets): void {
  current?.enable(elements);
}
/** Turns tooltips off (`manager.disable`). */
export function disableTooltips(elements?: TooltipTargets): void {
  current?.disable(elements);
}
/** Shows an element's tooltip now (`manager.show`). */
export function showTooltip(element: TooltipTargetRef): void {
  current?.show(element);
}
/** Hides an element's tooltip now (`manager.hide`). */
export function hideTooltip(element: TooltipTargetRef): void {
  current?.hide(element);
}
/** Stops the manager: listeners, React root and moved titles are all undone (`manager.destroy`). */
export function destroyTooltips(): void {
  current?.destroy();
}
