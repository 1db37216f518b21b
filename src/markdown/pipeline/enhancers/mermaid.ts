// Mermaid diagrams (spec sections 2, 4, 5 and 9; issue 5 section 3). Each `pre.js-render-mermaid`
// gets an `<iframe sandbox="allow-scripts allow-popups">` showing the sandbox page
// ({root}/-/sandbox/mermaid, src/markdown/sandbox), which renders the diagram with Mermaid: the
// attacker-controlled source never runs in the page, and the page never loads Mermaid. The
// parent posts the source once the frame has loaded and sizes the frame from the height the frame
// reports. Heavy diagrams get a warning with a 'Display' button instead; diagrams in a closed
// `<details>` wait until it is first opened; the search results page keeps them as code.
import { VISUALLY_HIDDEN_CLASS } from '../../../components/VisuallyHidden/VisuallyHidden';
import { COLOR_MODE_ATTRIBUTE, THEME_CLASS } from '../../../tokens';
import { MARKDOWN_HOOKS } from '../../render/constants';
import type { MermaidOptions } from '../options';
import type { EnhancerContext, MarkdownEnhancer } from '../types';
import {
  MERMAID_FRAME_TITLE,
  MERMAID_IFRAME_HEIGHT_PADDING,
  MERMAID_MAX_AMPERSANDS,
  MERMAID_MAX_BATCH_CHARACTERS,
  MERMAID_MAX_CHARACTERS,
  MERMAID_MAX_DIAGRAMS,
  MERMAID_SANDBOX_ATTRIBUTES,
  MERMAID_SANDBOX_ORIGIN,
  MERMAID_SANDBOX_PARAMS,
  MERMAID_SANDBOX_PATH,
  MERMAID_SKIPPED_PAGES,
  MERMAID_UNLIMITED_PAGES,
} from './mermaidConstants';
import { MERMAID_WARNING_CLASS, showMermaidWarning } from './mermaidWarning';
import './mermaid.css';

export * from './mermaidConstants';
export { MERMAID_WARNING_CLASS } from './mermaidWarning';

export type { MermaidOptions } from '../options';

/** Class of the element holding a diagram's frame (placed right after its source `<pre>`). */
export const MERMAID_CLASS = 'fk-mermaid';
/** Class of the diagram frames (counted for the "50 or more already rendered" limit). */
export const MERMAID_FRAME_CLASS = 'fk-mermaid__frame';
/** Class added to a rendered diagram's `<pre>`: visually hidden, still in the DOM (copy, screen readers). */
export const MERMAID_SOURCE_CLASS = 'fk-mermaid-source';

/** Whether the colour mode around `element` is dark (see `MermaidOptions.darkMode`). */
export function isDarkColorMode(element: Element): boolean {
  const themed = element.closest(`.${THEME_CLASS.dark}, .${THEME_CLASS.light}`);
  if (themed) return themed.classList.contains(THEME_CLASS.dark);
  const doc = element.ownerDocument;
  const mode = doc.documentElement.getAttribute(COLOR_MODE_ATTRIBUTE);
  if (mode === 'auto') return doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return mode === 'dark';
}

/**
 * Calls `onChange` whenever the page's colour mode may have changed: `data-color-mode` or the class
 * of `<html>` changed, or the system's `prefers-color-scheme` (which `auto` follows), until `signal`
 * aborts. A theme class changed on another ancestor is read at the next of these.
 */
function onColorModeChange(doc: Document, onChange: () => void, signal: AbortSignal): void {
  const observer = new MutationObserver(onChange);
  observer.observe(doc.documentElement, { attributeFilter: [COLOR_MODE_ATTRIBUTE, 'class'] });
  doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', onChange, { signal });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}

/** Per enhancer run, the diagrams following the colour mode: one subscription each run, not each diagram. */
const colorModeFollowers = new WeakMap<EnhancerContext, (() => void)[]>();

/** Calls `follower` on every colour-mode change until the run is disposed. */
function followColorMode(context: EnhancerContext, follower: () => void): void {
  let followers = colorModeFollowers.get(context);
  if (!followers) {
    const list: (() => void)[] = [];
    colorModeFollowers.set(context, list);
    onColorModeChange(context.root.ownerDocument, () => list.forEach((follow) => follow()), context.signal);
    followers = list;
  }
  followers.push(follower);
}

/** Marks a diagram's element as loading (busy for assistive technology) or rendered. */
function setDiagramState(wrapper: HTMLElement, state: 'loading' | 'rendered'): void {
  wrapper.setAttribute('data-state', state);
  if (state === 'loading') wrapper.setAttribute('aria-busy', 'true');
  else wrapper.removeAttribute('aria-busy');
}

/** The sandbox page URL for a diagram: `sandboxUrl` with `darkMode` (and `relativeRootPath` when set). */
export function mermaidSandboxSrc(options: MermaidOptions, darkMode: boolean, baseUrl: string): string {
  const root = (options.relativeRootPath ?? '').replace(/\/+$/, '');
  const url = new URL(options.sandboxUrl ?? `${root}${MERMAID_SANDBOX_PATH}`, baseUrl);
  url.searchParams.set(MERMAID_SANDBOX_PARAMS.darkMode, String(darkMode));
  if (root) url.searchParams.set(MERMAID_SANDBOX_PARAMS.relativeRootPath, root);
  return url.href;
}

function sourceOf(pre: HTMLElement): string {
  return (pre.querySelector('code') ?? pre).textContent ?? '';
}

function countAmpersands(source: string): number {
  let count = 0;
  for (const character of source) if (character === '&') count += 1;
  return count;
}

/** The reported height, if the message is a well-formed size report (`{ h: number }`). */
function reportedHeight(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const height = (data as { h?: unknown }).h;
  return typeof height === 'number' && Number.isFinite(height) && height >= 0 ? height : null;
}

/** The nearest closed `<details>` around `element` (it renders once that opens), if any. */
function closedDetails(element: HTMLElement): HTMLDetailsElement | null {
  return element.parentElement?.closest<HTMLDetailsElement>('details:not([open])') ?? null;
}

/** Replaces `pre` (kept, visually hidden) with a sandboxed frame rendering `source`. */
function renderDiagram(pre: HTMLElement, source: string, context: EnhancerContext): HTMLIFrameElement {
  const doc = pre.ownerDocument;
  const options = context.options.mermaid ?? {};
  const wrapper = doc.createElement('div');
  wrapper.className = MERMAID_CLASS;
  wrapper.setAttribute('data-component', 'Markdown.Mermaid');
  setDiagramState(wrapper, 'loading');

  const frame = doc.createElement('iframe');
  frame.className = MERMAID_FRAME_CLASS;
  // The sandbox goes on before the frame has a URL or a document.
  frame.setAttribute('sandbox', MERMAID_SANDBOX_ATTRIBUTES);
  frame.title = MERMAID_FRAME_TITLE;
  let darkMode = options.darkMode ?? isDarkColorMode(pre);
  frame.src = mermaidSandboxSrc(options, darkMode, doc.baseURI);
  const { signal } = context;
  // Following the page's colour mode: a switch reloads the frame with the other theme (its load
  // posts the source again), as a user switching modes, or the system in `auto`, expects.
  if (options.darkMode === undefined) {
    followColorMode(context, () => {
      if (isDarkColorMode(pre) === darkMode) return;
      darkMode = !darkMode;
      setDiagramState(wrapper, 'loading');
      frame.src = mermaidSandboxSrc(options, darkMode, doc.baseURI);
    });
  }
  frame.addEventListener(
    'load',
    // The frame's origin is opaque, so no target origin other than '*' reaches it; the source is
    // page content already.
    () => frame.contentWindow?.postMessage(source, '*'),
    { signal },
  );
  doc.defaultView?.addEventListener(
    'message',
    (event: MessageEvent) => {
      const own = frame.contentWindow;
      if (!own || event.source !== own || event.origin !== MERMAID_SANDBOX_ORIGIN) return;
      const height = reportedHeight(event.data);
      if (height === null) return;
      frame.style.height = `${height + MERMAID_IFRAME_HEIGHT_PADDING}px`;
      setDiagramState(wrapper, 'rendered');
    },
    { signal },
  );
  wrapper.append(frame);
  // Out of sight once the frame shows the diagram, still in the DOM for copying and screen readers.
  pre.classList.add(MERMAID_SOURCE_CLASS, VISUALLY_HIDDEN_CLASS);
  pre.after(wrapper);
  context.onDispose(() => {
    wrapper.remove();
    pre.classList.remove(MERMAID_SOURCE_CLASS, VISUALLY_HIDDEN_CLASS);
  });
  return frame;
}

/**
 * Renders `pres` as one batch: with limits on, a diagram gets the warning instead when its source
 * is over 2000 characters, the diagrams rendered before it in this batch add up to over 2000,
 * 50 or more diagrams are already rendered on the page, or it has more than 30 ampersands.
 */
function renderBatch(pres: HTMLElement[], context: EnhancerContext, isLimited: boolean): void {
  if (pres.length === 0) return;
  let rendered = context.root.ownerDocument.querySelectorAll(`iframe.${MERMAID_FRAME_CLASS}`).length;
  let batchCharacters = 0;
  for (const pre of pres) {
    const source = sourceOf(pre);
    const isHeavy =
      source.length > MERMAID_MAX_CHARACTERS ||
      batchCharacters > MERMAID_MAX_BATCH_CHARACTERS ||
      rendered >= MERMAID_MAX_DIAGRAMS ||
      countAmpersands(source) > MERMAID_MAX_AMPERSANDS;
    if (isLimited && isHeavy) {
      showMermaidWarning(pre, context, (hadFocus) => {
        const frame = renderDiagram(pre, source, context);
        if (hadFocus) frame.focus();
      });
      continue;
    }
    batchCharacters += source.length;
    rendered += 1;
    renderDiagram(pre, source, context);
  }
}

/** Holds diagrams in closed `<details>` until it opens; each opening renders its diagrams as one batch. */
function renderWhenOpened(pres: HTMLElement[], context: EnhancerContext, isLimited: boolean): void {
  const waiting = new Map<HTMLDetailsElement, HTMLElement[]>();
  for (const pre of pres) {
    const details = closedDetails(pre);
    if (!details) continue;
    const list = waiting.get(details);
    if (list) list.push(pre);
    else waiting.set(details, [pre]);
  }
  for (const [details, list] of waiting) {
    const onToggle = () => {
      if (!details.open) return;
      details.removeEventListener('toggle', onToggle);
      const open = list.filter((pre) => closedDetails(pre) === null);
      renderBatch(open, context, isLimited);
      // Still inside another closed <details> (nested, opened from the inside out): wait for that one.
      renderWhenOpened(
        list.filter((pre) => closedDetails(pre) !== null),
        context,
        isLimited,
      );
    };
    details.addEventListener('toggle', onToggle, { signal: context.signal });
  }
}

/**
 * Renders `pre.js-render-mermaid` blocks in sandboxed frames. Options: `MermaidOptions`; the page
 * (`options.page`) decides whether the heavy-diagram limits apply and whether diagrams render at
 * all. Synchronous: `done` does not wait for the frames; a diagram's `.fk-mermaid` element is
 * `data-state="loading"` and `aria-busy="true"` until its frame reports its height, then
 * `data-state="rendered"`. Diagrams follow the page's colour mode unless `darkMode` is set.
 */
export const mermaidEnhancer: MarkdownEnhancer = {
  name: 'mermaidEnhancer',
  selector: `pre.${MARKDOWN_HOOKS.mermaid}`,
  enhance(elements, context) {
    const page = context.options.page;
    if (page !== undefined && MERMAID_SKIPPED_PAGES.includes(page)) return;
    const isLimited = page === undefined || !MERMAID_UNLIMITED_PAGES.includes(page);
    // A second run over the same DOM (a remount) finds nothing of ours left by the first one's
    // dispose; skip anything that still carries a frame or a warning all the same.
    const fresh = elements.filter(
      (pre) =>
        !pre.classList.contains(MERMAID_SOURCE_CLASS) &&
        !pre.previousElementSibling?.classList.contains(MERMAID_WARNING_CLASS),
    );
    renderBatch(
      fresh.filter((pre) => closedDetails(pre) === null),
      context,
      isLimited,
    );
    renderWhenOpened(
      fresh.filter((pre) => closedDetails(pre) !== null),
      context,
      isLimited,
    );
  },
};
