import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';
import { isSafeDataImage } from './url';

/**
 * The one HTML sanitiser (DOMPurify) and its profiles from spec section 5. Nothing else in the
 * codebase calls DOMPurify or puts untrusted HTML into the DOM.
 */
export type SanitizeProfile = 'default' | 'inline';

/** Extra tags allowed in rendered content. */
export const SANITIZE_ALLOWED_EXTRA_TAGS = ['use', 'gl-emoji', 'copy-code'];
/** Tags always removed. */
export const SANITIZE_FORBIDDEN_TAGS = ['style', 'mstyle', 'form'];
/** Attributes always removed: they would turn content into actions. */
export const SANITIZE_FORBIDDEN_ATTRIBUTES = [
  'data-remote',
  'data-url',
  'data-type',
  'data-method',
  'data-disable-with',
  'data-disabled',
  'data-disable',
  'data-turbo',
];
/** Attributes holding a URL that DOMPurify may let a `data:` URI through in. */
const URL_ATTRIBUTES = new Set(['src', 'href', 'xlink:href']);
const HTTP_PROTOCOL = /^https?:$/;
/** Where relative links are resolved when the window has no http(s) address. */
const RELATIVE_BASE = 'https://relative.invalid/';
/** Link targets that stay in this page's own browsing contexts. */
const SAME_CONTEXT_TARGETS = new Set(['', '_self', '_parent', '_top']);

/**
 * DOMPurify's URI check narrowed to LINK_PROTOCOLS: an allowed scheme, or no scheme at all
 * (relative URLs, fragments, `?query`), the same shape as DOMPurify's own default.
 */
const LINK_URI = /^(?:(?:https?|mailto|ftp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The only attributes the strict inline profile keeps (no data attributes). */
export const SANITIZE_INLINE_ATTRIBUTES = ['class', 'style', 'href', 'src', 'dir'];

const PROFILES: Record<SanitizeProfile, Config> = {
  default: {
    ADD_TAGS: SANITIZE_ALLOWED_EXTRA_TAGS,
    // Links may open in a new tab; the hook below then isolates the opened page.
    ADD_ATTR: ['target'],
    FORBID_TAGS: SANITIZE_FORBIDDEN_TAGS,
    FORBID_ATTR: SANITIZE_FORBIDDEN_ATTRIBUTES,
    ALLOWED_URI_REGEXP: LINK_URI,
    // Parse as body content, so leading <template>/<style>-like nodes are not lost to <head>.
    FORCE_BODY: true,
  },
  inline: {
    ALLOWED_ATTR: SANITIZE_INLINE_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    FORBID_TAGS: SANITIZE_FORBIDDEN_TAGS,
    ALLOWED_URI_REGEXP: LINK_URI,
    FORCE_BODY: true,
  },
};

/** An SVG `<use>` may point at a local fragment or the product's icon sprite, nothing else. */
const SAFE_USE_REFERENCE = /^(?:#[\w-]+|(?:\/[\w.-]+)*\/icons(?:-[\w]+)?\.svg#[\w-]+)$/;

const instances = new WeakMap<object, DOMPurify>();

const NODE_TYPE_ELEMENT = 1;
/**
 * Elements that never show (most of) their content: media and canvas fallback, text in a select
 * or datalist, a closed dialog, `<rp>` outside a ruby. Only the listed children stay inside.
 */
const HIDDEN_CONTENT_KEPT_CHILDREN: Record<string, readonly string[]> = {
  audio: ['source', 'track'],
  video: ['source', 'track'],
  canvas: [],
  select: ['option', 'optgroup', 'hr'],
  datalist: ['option'],
  dialog: [],
  rp: [],
};

/** The module a DOM comes from where there is none (Node); a variable so that bundlers leave it out. */
const SERVER_DOM_MODULE = 'jsdom';
let serverWindow: Promise<Window & typeof globalThis> | undefined;

/**
 * A window to sanitise with in this environment: the global one in browsers; in plain Node one
 * jsdom window, created on first use and reused by every later call (jsdom is then required: it
 * is loaded only here, never in browsers). Rendering with it gives the same HTML as a browser.
 */
export function sanitizerWindow(): Promise<Window & typeof globalThis> {
  if (typeof window !== 'undefined') return Promise.resolve(window);
  serverWindow ??= (import(/* @vite-ignore */ SERVER_DOM_MODULE) as Promise<typeof Jsdom>).then(
    ({ JSDOM }) => new JSDOM('').window as unknown as Window & typeof globalThis,
  );
  return serverWindow;
}

function purifier(win: Window & typeof globalThis): DOMPurify {
  let purify = instances.get(win);
  if (purify) return purify;
  purify = createDOMPurify(win);
  // Nothing a note holds may disappear because of a raw tag left open (`a <video> b` swallows
  // every later paragraph).
  purify.addHook('uponSanitizeElement', (node) => {
    if (!node.parentNode || node.nodeType !== NODE_TYPE_ELEMENT) return;
    // An element no browser knows (an SVG or MathML name outside <svg>/<math>, a typo) is dropped
    // but its content kept, as GitLab's sanitiser does (DOMPurify would drop the content too).
    if (node instanceof win.HTMLUnknownElement) {
      node.replaceWith(...Array.from(node.childNodes));
      return;
    }
    const name = node.nodeName.toLowerCase();
    const kept = HIDDEN_CONTENT_KEPT_CHILDREN[name];
    if (!kept || (name === 'rp' && node.parentNode.nodeName === 'RUBY')) return;
    // What such an element would hide goes after it, where the reader sees it.
    const hidden = Array.from(node.childNodes).filter((child) => !kept.includes(child.nodeName.toLowerCase()));
    if (hidden.length > 0) (node as Element).after(...hidden);
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (node.nodeName.toLowerCase() === 'use' && (data.attrName === 'href' || data.attrName === 'xlink:href')) {
      data.keepAttr = SAFE_USE_REFERENCE.test(data.attrValue.trim());
    }
    // DOMPurify lets `data:` URIs through on media tags and SVG <image>; keep raster images only.
    if (URL_ATTRIBUTES.has(data.attrName) && /^\s*data:/i.test(data.attrValue) && !isSafeDataImage(data.attrValue)) {
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A link opening another browsing context (a new tab, or a named window) on another host must
    // not get a handle on this page.
    const target = node.getAttribute('target');
    if (
      (node.nodeName === 'A' || node.nodeName === 'AREA') &&
      target !== null &&
      !SAME_CONTEXT_TARGETS.has(target.toLowerCase())
    ) {
      const href = node.getAttribute('href') ?? '';
      // Relative URLs stay on this host, also where the window has no address of its own (a
      // server's jsdom window is about:blank): server and browser output agree.
      const base = HTTP_PROTOCOL.test(win.location.protocol) ? win.location.href : RELATIVE_BASE;
      let external = true;
      try {
        external = new URL(href, base).host !== new URL(base).host;
      } catch {
        // unparsable: treat as external
      }
      if (external) node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  instances.set(win, purify);
  return purify;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` with HTML special characters escaped: safe to put into HTML as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export interface SanitizeOptions {
  /** `default` for rendered content, `inline` for short strict HTML (messages, titles). @default 'default' */
  profile?: SanitizeProfile;
  /** A window to sanitise with, e.g. a jsdom window on a server. @default the global window */
  window?: Window & typeof globalThis;
}

/**
 * Sanitised HTML, safe for `dangerouslySetInnerHTML`. In Node pass `{ window: await
 * sanitizerWindow() }` for the same output as a browser. Without any DOM DOMPurify cannot run, so
 * the input comes back escaped as text: nothing unsafe is ever returned.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  if (!win) return escapeHtml(html);
  return purifier(win).sanitize(html, { ...PROFILES[options.profile ?? 'default'], RETURN_TRUSTED_TYPE: false });
}
