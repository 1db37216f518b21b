// The security suite's harness (real Chromium only: never sanitise in happy-dom or jsdom).
// - A tripwire: every script-ish way for content to act (alert/confirm/prompt/print/open,
//   document.write, the rewritten `__fkXss(...)` payloads, any uncaught script error) records a hit.
// - Live insertion: content goes into containers in the page, parsed the way consumers parse it
//   (innerHTML) or the way that runs scripts (createContextualFragment), then settles and is poked
//   with the events inline handlers listen for.
// - A structural scan: what must never be in rendered content, whatever the browser did with it.
import {
  MERMAID_SANDBOX_ATTRIBUTES,
  MERMAID_SANDBOX_PATH,
} from '../../src/markdown/pipeline/enhancers/mermaidConstants';
import { SANITIZE_FORBIDDEN_ATTRIBUTES } from '../../src/utils/sanitize';

/** The global every rewritten payload calls (`alert(1)` in a vector becomes `__fkXss(1)`). */
export const TRIPWIRE = '__fkXss';
/** Attribute naming the vector a container holds: offenders are reported by it. */
export const VECTOR_ATTRIBUTE = 'data-sec-vector';

/** One thing a vector should never have been able to do. */
export interface TripwireHit {
  /** The vector the hit was attributed to (the event target's or running script's container), if any. */
  vector: string | null;
  what: string;
}

const PAYLOAD_CALLS = /\b(?:alert|prompt|confirm)\b/g;

/** `alert(1)`, `prompt`, `confirm` in a vector become calls of the tripwire. */
export function armPayload(text: string): string {
  return text.replace(PAYLOAD_CALLS, TRIPWIRE);
}

function vectorOf(node: unknown): string | null {
  const element = node instanceof Element ? node : node instanceof Node ? node.parentElement : null;
  return element?.closest(`[${VECTOR_ATTRIBUTE}]`)?.getAttribute(VECTOR_ATTRIBUTE) ?? null;
}

function currentVector(): string | null {
  const script = document.currentScript;
  if (script) return vectorOf(script);
  const event = (window as { event?: Event }).event;
  return event ? vectorOf(event.target) : null;
}

type Patched = [target: object, key: string, original: unknown];

/**
 * Installs the tripwire on this window (and on the runner's parent and top windows, for vectors
 * calling `parent.alert`). `hits` collects everything; `uninstall` puts the originals back.
 */
export function installTripwire() {
  const hits: TripwireHit[] = [];
  const record = (what: string) => hits.push({ vector: currentVector(), what });
  const patched: Patched[] = [];
  const patch = (target: object, key: string, value: unknown) => {
    patched.push([target, key, (target as Record<string, unknown>)[key]]);
    Object.defineProperty(target, key, { value, configurable: true, writable: true });
  };
  const trap =
    (name: string) =>
    (...args: unknown[]) => {
      record(`${name}(${args.map((arg) => String(arg)).join(', ')})`);
      return null;
    };
  const windows = new Set<Window>([window]);
  for (const other of [window.parent, window.top]) {
    try {
      if (other && other.location.origin === window.location.origin) windows.add(other);
    } catch {
      // cross-origin: nothing to patch there
    }
  }
  for (const win of windows) {
    patch(win, TRIPWIRE, trap(TRIPWIRE));
    for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) patch(win, name, trap(name));
  }
  patch(document, 'write', trap('document.write'));
  patch(document, 'writeln', trap('document.writeln'));
  // An inline handler or script that throws still ran: a ReferenceError is as telling as an alert.
  const onError = (event: ErrorEvent) => record(`uncaught error: ${event.message}`);
  window.addEventListener('error', onError);
  // Links must never navigate the test page.
  const stopNavigation = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a, area') : null;
    if (link || event.type === 'submit') event.preventDefault();
  };
  window.addEventListener('click', stopNavigation, true);
  window.addEventListener('submit', stopNavigation, true);
  return {
    hits,
    uninstall() {
      window.removeEventListener('error', onError);
      window.removeEventListener('click', stopNavigation, true);
      window.removeEventListener('submit', stopNavigation, true);
      for (const [target, key, original] of patched.reverse()) {
        Object.defineProperty(target, key, { value: original, configurable: true, writable: true });
      }
    },
  };
}

/**
 * A Content-Security-Policy for the test page that stops rendered vectors from fetching anything
 * off this machine (images, media, fonts, frames, plugins), without touching scripts: script
 * execution must stay observable.
 */
export function blockExternalLoads() {
  if (document.head.querySelector('meta[data-sec-csp]')) return;
  const meta = document.createElement('meta');
  meta.setAttribute('data-sec-csp', '');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content =
    "img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; frame-src 'self'; object-src 'none'";
  document.head.append(meta);
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Lets inserted content settle: images error, SVG animations start, autofocus and load handlers run. */
export async function settle(ms = 60) {
  await nextFrame();
  await nextFrame();
  await sleep(ms);
}

/** Events inline handlers listen for: dispatched on every element so any surviving `on*` fires. */
const POKE_EVENTS = [
  'load',
  'error',
  'click',
  'mouseover',
  'focus',
  'input',
  'toggle',
  'animationstart',
  'dragstart',
  'beginEvent',
];

function* allElements(root: ParentNode): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element instanceof HTMLTemplateElement) yield* allElements(element.content);
    if (element.shadowRoot) yield* allElements(element.shadowRoot);
  }
}

/** Dispatches POKE_EVENTS on every element under `root` (not bubbling: each handler on its own element). */
export function poke(root: ParentNode) {
  for (const element of allElements(root)) {
    for (const type of POKE_EVENTS) {
      element.dispatchEvent(new Event(type, { bubbles: false, cancelable: true }));
    }
  }
}

export type InsertMode = 'innerHTML' | 'fragment';

/**
 * Puts each item's HTML into its own container (named by VECTOR_ATTRIBUTE) inside one host
 * appended to the page. `innerHTML` is how consumers insert sanitised HTML; `fragment`
 * (createContextualFragment) is the parse that also runs `<script>`: output must be inert both ways.
 */
export function mountHtml(items: readonly { name: string; html: string }[], mode: InsertMode): HTMLElement {
  const host = document.createElement('div');
  host.setAttribute('data-sec-host', mode);
  document.body.append(host);
  for (const { name, html } of items) {
    const container = document.createElement('div');
    container.setAttribute(VECTOR_ATTRIBUTE, name);
    host.append(container);
    if (mode === 'innerHTML') container.innerHTML = html;
    else container.append(document.createRange().createContextualFragment(html));
  }
  return host;
}

// --- The structural scan -------------------------------------------------------------------------

/** Elements that never belong in rendered content (the Mermaid sandbox frame is checked separately). */
export const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'style',
  'mstyle',
  'form',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'portal',
  'fencedframe',
  'noscript',
  'isindex',
  // SVG elements that run script or rewrite attributes (an animated href becomes javascript:)
  'foreignobject',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
  'handler',
  'listener',
]);

/** Attributes holding URLs the browser loads or navigates to. */
const URL_ATTRIBUTES = [
  'href',
  'xlink:href',
  'src',
  'action',
  'formaction',
  'poster',
  'background',
  'cite',
  'data',
  'ping',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'codebase',
  'archive',
  'manifest',
  'icon',
];
const SRCSET_ATTRIBUTES = ['srcset', 'imagesrcset'];
/** Protocols the link sanitiser allows (spec section 5); relative URLs resolve to the page's http(s). */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'ftp:']);
/** `data:` is fine only as a raster image in `<img src>`. */
const RASTER_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp)[;,]/i;
/** Spec 5: a `<use>` may point at a local fragment or the product's icon sprite. */
const ICON_SPRITE_PATH = /\/icons(?:-[\w]+)?\.svg$/;

export interface ScanOptions {
  /** The Mermaid enhancer's frame (sandbox="allow-scripts allow-popups", same-origin sandbox page) is allowed. */
  allowMermaidFrame?: boolean;
  /** Forbidden elements tolerated in this scan (their content and attributes are still scanned). */
  allowElements?: readonly string[];
  /**
   * Skip the forbidden data attributes (they are about the host page's Rails-style handlers, which
   * do not exist inside a sandboxed frame). @default false
   */
  ignoreForbiddenDataAttributes?: boolean;
}

function resolve(value: string): URL | null {
  try {
    return new URL(value, document.baseURI);
  } catch {
    return null;
  }
}

function isMermaidFrame(element: Element): boolean {
  if (element.localName !== 'iframe' || element.hasAttribute('srcdoc')) return false;
  const tokens = (element.getAttribute('sandbox') ?? '').trim().split(/\s+/).sort().join(' ');
  if (tokens !== MERMAID_SANDBOX_ATTRIBUTES.split(' ').sort().join(' ')) return false;
  const src = resolve(element.getAttribute('src') ?? '');
  return src !== null && src.origin === location.origin && src.pathname.endsWith(MERMAID_SANDBOX_PATH);
}

function snippet(element: Element): string {
  const html = element.outerHTML;
  return html.length > 160 ? `${html.slice(0, 160)}…` : html;
}

function checkUrl(element: Element, attribute: string, value: string): string | null {
  const tag = element.localName;
  const url = resolve(value);
  if (!url) return null; // unparsable: the browser would not load or follow it either
  if (SAFE_PROTOCOLS.has(url.protocol)) return null;
  if (url.href === 'about:blank') return null;
  if (url.protocol === 'data:' && tag === 'img' && attribute === 'src' && RASTER_DATA_IMAGE.test(url.href)) return null;
  return `${tag}[${attribute}] with protocol ${url.protocol} (${value.slice(0, 80)})`;
}

function checkUse(element: Element): string[] {
  const problems: string[] = [];
  for (const attribute of ['href', 'xlink:href']) {
    const value = element.getAttribute(attribute);
    if (value === null) continue;
    const trimmed = value.trim();
    if (/^#[\w-]+$/.test(trimmed)) continue;
    const url = resolve(trimmed);
    if (url && url.origin === location.origin && ICON_SPRITE_PATH.test(url.pathname) && url.hash.length > 1) continue;
    problems.push(`<use ${attribute}="${value.slice(0, 80)}"> points outside the page and the icon sprite`);
  }
  return problems;
}

/** Names that would clobber document properties (`<img name=getElementById>`, `id=location`). */
function clobbers(value: string): boolean {
  return value !== '' && value in document;
}

function checkTarget(element: Element): string | null {
  const target = (element.getAttribute('target') ?? '').trim().toLowerCase();
  if (!target || target === '_self' || target === '_parent' || target === '_top') return null;
  const href = element.getAttribute('href');
  const url = href === null ? null : resolve(href);
  if (!url || url.host === location.host) return null;
  const rel = new Set((element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/));
  if (rel.has('noopener') && rel.has('noreferrer')) return null;
  return `external link with target="${target}" without rel="noopener noreferrer": ${snippet(element)}`;
}

/**
 * Everything under `root` that must not be in rendered content: forbidden elements, event
 * handler attributes, forbidden data attributes, URLs with protocols outside the allow-list,
 * `<use>` references elsewhere, clobbering names, external new-tab links without
 * `rel="noopener noreferrer"`. Returns one line per problem (empty when clean).
 */
export function scanActiveContent(root: ParentNode, options: ScanOptions = {}): string[] {
  const problems: string[] = [];
  for (const element of allElements(root)) {
    const tag = element.localName.toLowerCase();
    const allowed = options.allowElements?.includes(tag) || (options.allowMermaidFrame && isMermaidFrame(element));
    if (FORBIDDEN_ELEMENTS.has(tag) && !allowed) {
      problems.push(`forbidden <${tag}>: ${snippet(element)}`);
    }
    if (tag === 'use') problems.push(...checkUse(element));
    if (tag === 'a' || tag === 'area') {
      const problem = checkTarget(element);
      if (problem) problems.push(problem);
    }
    for (const { name, value } of Array.from(element.attributes)) {
      const attribute = name.toLowerCase();
      if (attribute.startsWith('on')) problems.push(`event handler ${attribute}="${value.slice(0, 60)}" on <${tag}>`);
      else if (SANITIZE_FORBIDDEN_ATTRIBUTES.includes(attribute) && !options.ignoreForbiddenDataAttributes)
        problems.push(`forbidden ${attribute} on <${tag}>`);
      else if (attribute === 'srcdoc') problems.push(`srcdoc on <${tag}>`);
      else if ((attribute === 'id' || attribute === 'name') && clobbers(value)) {
        problems.push(`${attribute}="${value}" clobbers document.${value} (<${tag}>)`);
      } else if (URL_ATTRIBUTES.includes(attribute) && tag !== 'use') {
        const problem = checkUrl(element, attribute, value);
        if (problem) problems.push(problem);
      } else if (SRCSET_ATTRIBUTES.includes(attribute)) {
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          const problem = url ? checkUrl(element, attribute, url) : null;
          if (problem) problems.push(problem);
        }
      }
    }
  }
  return problems;
}

/** Scans each vector container under `host` separately: `vector: problem` lines. */
export function scanVectors(host: ParentNode, options: ScanOptions = {}): string[] {
  const found: string[] = [];
  for (const container of host.querySelectorAll(`[${VECTOR_ATTRIBUTE}]`)) {
    const name = container.getAttribute(VECTOR_ATTRIBUTE);
    for (const problem of scanActiveContent(container, options)) found.push(`${name}: ${problem}`);
  }
  return found;
}

/** `html` parsed (in a `<template>`, as `innerHTML` would) and serialised again. */
function reserialise(html: string): { template: HTMLTemplateElement; html: string } {
  const template = document.createElement('template');
  template.innerHTML = html;
  return { template, html: template.innerHTML };
}

/**
 * The mXSS checks for sanitised output `html`:
 * - sanitising it again is a fixed point: `sanitizeAgain(html)` is `html`, up to the serialiser's
 *   normalisation (both parsed and serialised once, so `&#xA0;` vs `&nbsp;` does not count, but
 *   anything the second pass adds, drops or moves does);
 * - parsing it, serialising and parsing again (what an editor, a copy or a second render does)
 *   brings out nothing active that the first parse did not already have.
 */
export function mutationProblems(html: string, sanitizeAgain: (html: string) => string): string[] {
  const problems: string[] = [];
  const first = reserialise(html);
  const again = reserialise(sanitizeAgain(html));
  if (again.html !== first.html) {
    problems.push(
      `not a fixed point: sanitising the output again changes ${JSON.stringify(first.html.slice(0, 160))} ` +
        `into ${JSON.stringify(again.html.slice(0, 160))}`,
    );
  }
  const before = new Set(scanActiveContent(first.template.content));
  const second = reserialise(first.html);
  for (const problem of scanActiveContent(second.template.content)) {
    if (!before.has(problem)) problems.push(`after an innerHTML round trip: ${problem}`);
  }
  return problems;
}

/** Formats offender lines for an assertion message. */
export function report(title: string, lines: readonly string[]): string {
  return lines.length === 0 ? `${title}: none` : `${title} (${lines.length}):\n  ${lines.join('\n  ')}`;
}
