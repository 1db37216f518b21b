import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

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
/** Protocols `safeUrl()` lets through (spec section 5). */
export const SAFE_URL_PROTOCOLS = ['http:', 'https:'];
/** Error text of `safeUrl(url, { throwOnUnsafe: true })` for any other protocol. */
export const UNSAFE_URL_MESSAGE = 'Only http and https protocols are allowed';
/** What `safeUrl()` returns for an unsafe URL. */
export const BLANK_URL = 'about:blank';
/** Protocols the link sanitiser keeps in `href`/`src` of sanitised content; relative URLs are kept too. */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'ftp:'];
/** `data:` images kept in `<img src>`: raster formats only (an SVG document is not an image to trust). */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp);base64,[a-z0-9+/=\s]*$/i;
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
  },
  inline: {
    ALLOWED_ATTR: SANITIZE_INLINE_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    FORBID_TAGS: SANITIZE_FORBIDDEN_TAGS,
    ALLOWED_URI_REGEXP: LINK_URI,
  },
};

/** An SVG `<use>` may point at a local fragment or the product's icon sprite, nothing else. */
const SAFE_USE_REFERENCE = /^(?:#[\w-]+|(?:\/[\w.-]+)*\/icons(?:-[\w]+)?\.svg#[\w-]+)$/;

const instances = new WeakMap<object, DOMPurify>();

function purifier(win: Window & typeof globalThis): DOMPurify {
  let purify = instances.get(win);
  if (purify) return purify;
  purify = createDOMPurify(win);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (node.nodeName.toLowerCase() === 'use' && (data.attrName === 'href' || data.attrName === 'xlink:href')) {
      data.keepAttr = SAFE_USE_REFERENCE.test(data.attrValue.trim());
    }
    // DOMPurify lets any `data:` URI through on media tags; keep raster images only.
    if (data.attrName === 'src' && /^\s*data:/i.test(data.attrValue) && !SAFE_DATA_IMAGE.test(data.attrValue.trim())) {
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A link opening a new tab on another host must not get a handle on this page.
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') {
      const href = node.getAttribute('href') ?? '';
      let external = true;
      try {
        external = new URL(href, win.location.href).host !== win.location.host;
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
 * Sanitised HTML, safe for `dangerouslySetInnerHTML`. Without any DOM (on a server, with no
 * `window` option) DOMPurify cannot run, so the input comes back escaped as text: nothing unsafe
 * is ever returned, and a browser render replaces it.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  if (!win) return escapeHtml(html);
  return purifier(win).sanitize(html, { ...PROFILES[options.profile ?? 'default'], RETURN_TRUSTED_TYPE: false });
}

export interface SafeUrlOptions {
  /** Throw `UNSAFE_URL_MESSAGE` instead of returning `about:blank`. @default false */
  throwOnUnsafe?: boolean;
  /** Base for relative URLs. @default the page's URL, or `http://localhost/` without a window */
  base?: string;
}

/**
 * `url` when it is an http or https URL (relative URLs resolve against the page, so they pass),
 * else `about:blank`, or an error 'Only http and https protocols are allowed' when asked to throw
 * (spec section 5). For URLs put into `href`, `src` or `window.open` from untrusted data.
 */
export function safeUrl(url: string, options: SafeUrlOptions = {}): string {
  const base = options.base ?? (typeof window === 'undefined' ? 'http://localhost/' : window.location.href);
  let protocol = '';
  try {
    protocol = new URL(url.trim(), base).protocol;
  } catch {
    // unparsable: unsafe
  }
  if (SAFE_URL_PROTOCOLS.includes(protocol)) return url;
  if (options.throwOnUnsafe) throw new Error(UNSAFE_URL_MESSAGE);
  return BLANK_URL;
}
