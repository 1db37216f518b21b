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
/** The only attributes the strict inline profile keeps (no data attributes). */
export const SANITIZE_INLINE_ATTRIBUTES = ['class', 'style', 'href', 'src', 'dir'];

const PROFILES: Record<SanitizeProfile, Config> = {
  default: {
    ADD_TAGS: SANITIZE_ALLOWED_EXTRA_TAGS,
    // Links may open in a new tab; the hook below then isolates the opened page.
    ADD_ATTR: ['target'],
    FORBID_TAGS: SANITIZE_FORBIDDEN_TAGS,
    FORBID_ATTR: SANITIZE_FORBIDDEN_ATTRIBUTES,
  },
  inline: {
    ALLOWED_ATTR: SANITIZE_INLINE_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    FORBID_TAGS: SANITIZE_FORBIDDEN_TAGS,
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
