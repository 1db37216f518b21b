/**
 * Hover cards for reference links in rendered Markdown (user mentions, issue, merge request, epic,
 * work item and milestone references), shared by the mentions and references enhancers.
 *
 * Delegated, as the tooltip manager (src/components/Tooltip/tooltipManager.ts) is: one set of
 * listeners on the Markdown container serves every link of a run, nothing is done per link up
 * front (a thread can hold thousands of mentions), and one React root, created on the first
 * hover or keyboard focus, renders the single card shown at a time. The UI code (React
 * components, positioning) is a separate chunk, fetched when the run starts and rendered from.
 *
 * Behaviour:
 * - pointer: the card opens after the show delay over a link and closes after the hide delay once
 *   the pointer has left both the link and the card (so the card can be hovered and clicked);
 * - keyboard: focus on a link opens it at once (mouse focus alone does not); Tab from the link
 *   moves into the card when it holds buttons or links, Tab past its last one goes on to what
 *   follows the link, Shift+Tab from its first one back to the link; Escape closes it (focus
 *   returns to the link when it was inside) and the card stays closed until focus leaves the link;
 * - screen readers: while shown the link is described by the card (`aria-describedby`), a dialog
 *   named by its heading; the link's `title` is moved aside (the card says more) and put back on
 *   dispose.
 */
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { layerRenderer } from '../../../components/Tooltip/layerRender';
import { addDescribedBy, adoptTitle, removeDescribedBy, restoreTitle } from '../../../components/Tooltip/tooltipTitle';
import type { EnhancerContext } from '../types';
import type { PopoverResource } from './popoverResource';
import type * as ReferencePopoverUiModule from './referencePopoverUi';
import { withPipelineProviders } from '../reactIsland';

/** Marks the (empty) element each run's React root is created on. */
export const REFERENCE_POPOVER_ROOT_ATTRIBUTE = 'data-fk-reference-popovers';

/** The UI chunk: loaded once per page, on the first run that has links to serve. */
export type ReferencePopoverUi = typeof ReferencePopoverUiModule;

let uiModule: ReferencePopoverUi | undefined;
let uiPromise: Promise<ReferencePopoverUi> | undefined;

/** Loads the popover UI chunk (once; a failed load is retried by the next call). */
export function loadReferencePopoverUi(): Promise<ReferencePopoverUi> {
  uiPromise ??= import('./referencePopoverUi').then(
    (ui) => (uiModule = ui),
    (error: unknown) => {
      uiPromise = undefined;
      throw error;
    },
  );
  return uiPromise;
}

// --- data, cached for the page -------------------------------------------------------------------

export type { PopoverResource } from './popoverResource';

/** Per adapter function (one per page in practice), per key: the fetched data. */
const caches = new WeakMap<object, Map<string, PopoverResource<unknown>>>();

/**
 * The cached resource for `key` under `adapter`, fetched with `load` the first time. A failed
 * fetch is dropped from the cache, so the next opening tries again.
 */
export function cachedResource<T>(adapter: object, key: string, load: () => Promise<T>): PopoverResource<T> {
  let cache = caches.get(adapter);
  if (!cache) caches.set(adapter, (cache = new Map()));
  const known = cache.get(key) as PopoverResource<T> | undefined;
  if (known) return known;
  let promise: Promise<T>;
  try {
    promise = Promise.resolve(load());
  } catch (error) {
    promise = Promise.reject(error);
  }
  const resource: PopoverResource<T> = { promise, status: 'pending' };
  cache.set(key, resource);
  promise.then(
    (value) => {
      resource.status = 'fulfilled';
      resource.value = value;
    },
    (error: unknown) => {
      resource.status = 'rejected';
      resource.error = error;
      if (cache.get(key) === resource) cache.delete(key);
    },
  );
  return resource;
}

/** Replaces the cached value for `key` (after a change such as following a user). */
export function updateCachedValue<T>(adapter: object, key: string, value: T): void {
  const resource = caches.get(adapter)?.get(key) as PopoverResource<T> | undefined;
  if (resource?.status === 'fulfilled') resource.value = value;
}

// --- the manager -----------------------------------------------------------------------------------

/** What a card shows: its body, given the loaded UI chunk and the ids it must use. */
export type PopoverContentRenderer = (ui: ReferencePopoverUi, link: HTMLElement, ids: { titleId: string }) => ReactNode;

export interface ReferencePopoversOptions {
  context: EnhancerContext;
  /**
   * The links served (others in the container are ignored): a fixed list (a Markdown run's), or a
   * selector matched when the pointer or focus arrives, so links rendered later are served too
   * (a page's user links, which React re-renders).
   */
  links: readonly HTMLElement[] | string;
  /** `data-kind` of the cards, for styling and tests: `user` or `reference`. */
  kind: string;
  /** Delay (ms) between the pointer entering a link and the card opening. */
  showDelay: number;
  /** Delay (ms) between the pointer leaving the link and card and the card closing. */
  hideDelay: number;
  content: PopoverContentRenderer;
}

/** Elements focusable with Tab (visibility is not checked: a card's content is always shown). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), summary, iframe, [contenteditable=""], [contenteditable="true"], [tabindex]';

function tabbables(scope: ParentNode): HTMLElement[] {
  return Array.from(scope.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]'),
  );
}

let nextId = 0;

interface Active {
  link: HTMLElement;
  id: string;
  isLinkHovered: boolean;
  isCardHovered: boolean;
  hasFocus: boolean;
}

/**
 * Serves `links` (inside `context.root`) with hover cards until `context` is disposed. Listeners
 * go on the container; the React root is created on the first opening and unmounted on dispose.
 */
export function attachReferencePopovers(options: ReferencePopoversOptions): void {
  const { context, kind, showDelay, hideDelay, content } = options;
  const { root, signal } = context;
  const doc = root.ownerDocument;
  const { links } = options;
  const served = typeof links === 'string' ? null : new WeakSet<Element>(links);
  const serves = (element: Element) => (served ? served.has(element) : element.matches(links as string));
  const adopted = new Set<HTMLElement>();
  let active: Active | null = null;
  let pendingLink: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reactRoot: Root | null = null;
  let host: HTMLElement | null = null;
  /** A link whose card Escape closed: its focus does not reopen it until focus leaves it. */
  let escaped: HTMLElement | null = null;
  let modality: 'keyboard' | 'pointer' = 'keyboard';

  const linkOf = (node: EventTarget | null): HTMLElement | null => {
    if (!(node instanceof Element)) return null;
    for (let current: Element | null = node; current && current !== root; current = current.parentElement) {
      if (serves(current)) return current as HTMLElement;
    }
    return null;
  };
  const card = () => (active ? doc.getElementById(active.id) : null);
  const inCard = (node: EventTarget | null) => node instanceof Node && Boolean(card()?.contains(node));

  // --- rendering ---------------------------------------------------------------------------------

  /** Renders the open card or none (in a microtask: see layerRenderer). */
  const render = layerRenderer(() => {
    if (signal.aborted) return;
    const ui = uiModule;
    if (!ui) {
      // Only before the chunk has arrived (the run started loading it): render once it is here.
      loadReferencePopoverUi().then(render, context.reportError);
      return;
    }
    if (!reactRoot) {
      if (!active) return;
      host = doc.createElement('div');
      host.setAttribute(REFERENCE_POPOVER_ROOT_ATTRIBUTE, kind);
      doc.body.append(host);
      reactRoot = createRoot(host);
    }
    const current = active;
    const layer = current
      ? createElement(ui.ReferencePopoverCard, {
          key: current.id,
          link: current.link,
          id: current.id,
          kind,
          children: content(ui, current.link, { titleId: `${current.id}-title` }),
          onHoverChange: onCardHover,
          onFocusLeave: onCardFocusLeave,
          onKeyDown: onCardKeyDown,
        })
      : null;
    const target = reactRoot;
    // Flushed: the card is in the page in the same task as the event that opened it.
    flushSync(() => target.render(withPipelineProviders(layer, context.options)));
  });

  const open = (link: HTMLElement) => {
    clearTimeout(timer);
    pendingLink = null;
    if (signal.aborted || !link.isConnected) return;
    if (active?.link === link) return;
    if (active) close();
    const id = `fk-reference-popover-${++nextId}`;
    active = { link, id, isLinkHovered: false, isCardHovered: false, hasFocus: false };
    if (!adopted.has(link)) {
      adopted.add(link);
      adoptTitle(link);
    }
    addDescribedBy(link, id);
    render();
  };

  const close = () => {
    clearTimeout(timer);
    if (!active) return;
    removeDescribedBy(active.link, active.id);
    active = null;
    render();
  };

  const scheduleOpen = (link: HTMLElement) => {
    clearTimeout(timer);
    pendingLink = link;
    timer = setTimeout(() => open(link), showDelay);
  };

  const scheduleClose = () => {
    if (!active || active.isLinkHovered || active.isCardHovered || active.hasFocus) return;
    clearTimeout(timer);
    timer = setTimeout(close, hideDelay);
  };

  // --- container listeners -----------------------------------------------------------------------

  /** A card whose link the page has since removed (re-rendered, navigated away) closes. */
  const closeIfOrphaned = () => {
    if (active && !active.link.isConnected) close();
  };

  const onMouseOver = (event: MouseEvent) => {
    closeIfOrphaned();
    const link = linkOf(event.target);
    if (!link) return;
    const from = event.relatedTarget;
    if (from instanceof Node && link.contains(from)) return; // moving inside the link
    if (active?.link === link) {
      active.isLinkHovered = true;
      clearTimeout(timer);
      return;
    }
    // Moved aside as soon as the pointer is on the link, so the browser's title tooltip never
    // appears next to the card.
    if (!adopted.has(link)) {
      adopted.add(link);
      adoptTitle(link);
    }
    scheduleOpen(link);
  };

  const onMouseOut = (event: MouseEvent) => {
    const link = linkOf(event.target);
    if (!link) return;
    const to = event.relatedTarget;
    if (to instanceof Node && link.contains(to)) return;
    if (pendingLink === link) {
      clearTimeout(timer);
      pendingLink = null;
    }
    if (active?.link !== link) return;
    active.isLinkHovered = false;
    if (inCard(to)) return; // the card's own mouseenter follows
    scheduleClose();
  };

  const onFocusIn = (event: FocusEvent) => {
    closeIfOrphaned();
    const link = linkOf(event.target);
    if (!link || modality === 'pointer' || escaped === link) return;
    open(link);
    if (active?.link === link) active.hasFocus = true;
  };

  /** Closes `entry` after focus left it, unless the pointer is on the link or the card. */
  const closeAfterFocusLeft = (entry: Active) => {
    entry.hasFocus = false;
    if (active !== entry || entry.isLinkHovered || entry.isCardHovered) return;
    close();
  };

  const onFocusOut = (event: FocusEvent) => {
    const link = linkOf(event.target);
    if (!link) return;
    if (escaped === link) escaped = null;
    if (active?.link !== link) return;
    if (inCard(event.relatedTarget)) return;
    closeAfterFocusLeft(active);
  };

  const onPointerDown = () => {
    modality = 'pointer';
  };

  /** Tab on a link with an open card holding buttons or links goes into the card. */
  const onRootKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.shiftKey || !active || linkOf(event.target) !== active.link) return;
    const first = tabbables(card() ?? doc.createDocumentFragment())[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  };

  const onDocumentKeyDown = (event: KeyboardEvent) => {
    if (!event.metaKey && !event.ctrlKey && !event.altKey) modality = 'keyboard';
    if (event.key !== 'Escape' || !active) return;
    // The card is the top layer: Escape closes it and only it.
    event.stopPropagation();
    const { link } = active;
    const focusWasInCard = inCard(doc.activeElement);
    if (focusWasInCard || doc.activeElement === link) escaped = link;
    close();
    if (focusWasInCard) link.focus();
  };

  // --- card callbacks (React events on the portalled card) ----------------------------------------

  function onCardHover(isHovered: boolean) {
    if (!active) return;
    active.isCardHovered = isHovered;
    if (isHovered) clearTimeout(timer);
    else scheduleClose();
  }

  function onCardFocusLeave(to: Element | null) {
    if (!active) return;
    if (to && (active.link.contains(to) || inCard(to))) return;
    closeAfterFocusLeft(active);
  }

  function onCardKeyDown(event: { key: string; shiftKey: boolean; target: EventTarget; preventDefault(): void }) {
    if (event.key !== 'Tab' || !active) return;
    const inside = tabbables(card() ?? doc.createDocumentFragment());
    const { link } = active;
    if (event.shiftKey && event.target === inside[0]) {
      event.preventDefault();
      link.focus();
      return;
    }
    if (!event.shiftKey && event.target === inside[inside.length - 1]) {
      // Tab order goes on as if the card sat right after the link.
      const next = tabbables(doc).find(
        (element) =>
          !inCard(element) &&
          !link.contains(element) &&
          (link.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      );
      if (!next) return;
      event.preventDefault();
      active.hasFocus = false;
      close();
      next.focus();
    }
  }

  // --- lifetime ------------------------------------------------------------------------------------

  // Removed by dispose(), which aborts the run's signal.
  root.addEventListener('mouseover', onMouseOver, { signal });
  root.addEventListener('mouseout', onMouseOut, { signal });
  root.addEventListener('focusin', onFocusIn, { signal });
  root.addEventListener('focusout', onFocusOut, { signal });
  root.addEventListener('keydown', onRootKeyDown, { signal });
  doc.addEventListener('pointerdown', onPointerDown, { signal, capture: true });
  doc.addEventListener('keydown', onDocumentKeyDown, { signal, capture: true });

  context.onDispose(() => {
    clearTimeout(timer);
    if (active) removeDescribedBy(active.link, active.id);
    active = null;
    for (const link of adopted) restoreTitle(link);
    adopted.clear();
    const oldRoot = reactRoot;
    const oldHost = host;
    reactRoot = null;
    host = null;
    if (oldRoot) {
      // Dispose often runs inside React's commit (<Markdown>'s effect cleanup), where a root may not
      // be unmounted synchronously: right after it instead.
      queueMicrotask(() => {
        oldRoot.unmount();
        oldHost?.remove();
      });
    }
  });
}
