// URL safety rules (spec section 5), without the sanitiser: cheap to import anywhere.

/** Protocols `safeUrl()` lets through (spec section 5). */
export const SAFE_URL_PROTOCOLS = ['http:', 'https:'];
/** Error text of `safeUrl(url, { throwOnUnsafe: true })` for any other protocol. */
export const UNSAFE_URL_MESSAGE = 'Only http and https protocols are allowed';
/** What `safeUrl()` returns for an unsafe URL. */
export const BLANK_URL = 'about:blank';
/** Protocols the link sanitiser (`sanitizeHtml`) keeps in `href`/`src` of sanitised content; relative URLs are kept too. */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'ftp:'];
/** `data:` images kept in `<img src>`: raster formats only (an SVG document is not an image to trust). */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp);base64,[a-z0-9+/=\s]*$/i;
/** Whether `url` is a `data:` URL of a raster image (PNG, GIF, JPEG, WebP, AVIF, BMP). */
export function isSafeDataImage(url: string): boolean {
  return SAFE_DATA_IMAGE.test(url.trim());
}

/**
 * Whether `url` may go into an image's `src` from untrusted data: http, https or relative, or a
 * raster `data:` image.
 */
export function isSafeImageSrc(url: string): boolean {
  return isSafeDataImage(url) || safeUrl(url) !== BLANK_URL;
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
