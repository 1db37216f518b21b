// The sanitiser as the `forgekit` entry exports it: functions and constants of this module, not a
// re-export of ./sanitize. With code splitting, esbuild puts into a page's initial chunk every
// module used anywhere in the app (lazy chunks included) that a module the page uses imports, and
// a module that only re-exports a used module counts as used. Alert's SanitizedHtml and
// confirmAction load ./sanitize (and DOMPurify) with `import()`, so a re-export here made every
// page importing any utility from `forgekit` carry DOMPurify up front. This module is used only
// where an app calls the sanitiser itself (tests/bundleComparison.node.test.ts).
import * as sanitizer from './sanitize';
import type { SanitizeOptions } from './sanitize';

export type { SanitizeOptions, SanitizeProfile } from './sanitize';

/** Extra tags allowed in rendered content. */
export const SANITIZE_ALLOWED_EXTRA_TAGS = sanitizer.SANITIZE_ALLOWED_EXTRA_TAGS;
/** Tags always removed. */
export const SANITIZE_FORBIDDEN_TAGS = sanitizer.SANITIZE_FORBIDDEN_TAGS;
/** Attributes always removed: they would turn content into actions. */
export const SANITIZE_FORBIDDEN_ATTRIBUTES = sanitizer.SANITIZE_FORBIDDEN_ATTRIBUTES;
/** The only attributes the strict inline profile keeps (no data attributes). */
export const SANITIZE_INLINE_ATTRIBUTES = sanitizer.SANITIZE_INLINE_ATTRIBUTES;

/** `text` with HTML special characters escaped: safe to put into HTML as text. */
export function escapeHtml(text: string): string {
  return sanitizer.escapeHtml(text);
}

/**
 * Sanitised HTML (DOMPurify, the profiles of spec section 5), safe for `dangerouslySetInnerHTML`.
 * Without any DOM (plain Node without `options.window`) the input comes back escaped as text:
 * nothing unsafe is ever returned.
 */
export function sanitizeHtml(html: string, options?: SanitizeOptions): string {
  return sanitizer.sanitizeHtml(html, options);
}
