/**
 * Field validation rules from spec section 5 (pure functions, no DOM): ref names, hex colours and
 * title length, plus the generic required-field message. Each validator returns `''` when the
 * value is valid and the user-facing message otherwise, so a field can show it as is and pass it
 * to `setCustomValidity`.
 */

/** Shown under a required field left empty when the field has no `title` (spec section 5). */
export const REQUIRED_FIELD_MESSAGE = 'This field is required.';

/**
 * What a ref (branch or tag) name may not contain, in the order of spec section 5: space, ~, ^,
 * :, ?, *, [, .., @{, backslash, //. Messages list the offending ones in this order.
 */
export const REF_NAME_FORBIDDEN = [' ', '~', '^', ':', '?', '*', '[', '..', '@{', '\\', '//'] as const;
export type RefNameForbidden = (typeof REF_NAME_FORBIDDEN)[number];

/** The ref-name messages of spec section 5; `%{chars}` is the comma-separated list of offenders. */
export const REF_NAME_MESSAGES = {
  spaces: "Can't contain spaces",
  chars: "Can't contain %{chars}",
  spacesAndChars: "Can't contain spaces, %{chars}",
} as const;

/** The forbidden sequences `name` contains, in `REF_NAME_FORBIDDEN` order, each listed once. */
export function findForbiddenRefNameParts(name: string): RefNameForbidden[] {
  return REF_NAME_FORBIDDEN.filter((part) => name.includes(part));
}

/**
 * Checks a branch or tag name against spec section 5. Returns `''` when it is valid, else
 * "Can't contain spaces", "Can't contain ~, ^" (the offenders, comma-joined, in spec order) or
 * "Can't contain spaces, ~, ^". Only the space character counts as a space (as in the product);
 * an empty name is valid here (requiredness is the field's business).
 */
export function validateRefName(name: string): string {
  const found = findForbiddenRefNameParts(name);
  if (found.length === 0) return '';
  const chars = found.filter((part) => part !== ' ').join(', ');
  if (!found.includes(' ')) return REF_NAME_MESSAGES.chars.replace('%{chars}', chars);
  if (chars === '') return REF_NAME_MESSAGES.spaces;
  return REF_NAME_MESSAGES.spacesAndChars.replace('%{chars}', chars);
}

/** A 3 or 6 digit hex colour with its leading '#', either case (spec section 5). */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Is `value` a colour the product accepts: '#' followed by 3 or 6 hex digits, either case
 * (`#fff`, `#1F75CB`)? The '#' is required (as in GitLab); 4 and 8 digit forms (with alpha), named
 * colours, `rgb()` and surrounding whitespace are not accepted.
 */
export function isValidColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** Most characters a work item title or other issuable text may have (spec sections 5 and 9). */
export const TITLE_MAX_LENGTH = 255;

/** Shown when a title is longer than `TITLE_MAX_LENGTH` (spec section 5). */
export const TITLE_TOO_LONG_MESSAGE = `Title cannot have more than ${TITLE_MAX_LENGTH} characters.`;

/**
 * Length of a title in characters as the server counts them: Unicode code points, so an emoji
 * such as '🦊' counts once (a UTF-16 `length` would count it twice).
 */
export function titleLength(title: string): number {
  return Array.from(title).length;
}

/**
 * Checks a title against the 255 character limit: `''` when it fits, else
 * 'Title cannot have more than 255 characters.'.
 */
export function validateTitle(title: string): string {
  return titleLength(title) > TITLE_MAX_LENGTH ? TITLE_TOO_LONG_MESSAGE : '';
}
