/** Types of the emoji data (docs/decisions/005-emoji-data.md). */

/**
 * One record of the emoji data file served at `/-/emojis/3/emojis.json` (spec section 3): short
 * keys keep the file small.
 */
export interface EmojiRecord {
  /** Name (shortcode without colons), e.g. `thumbsup`. */
  n: string;
  /** The emoji itself, as unicode text. */
  e: string;
  /** Description, e.g. 'thumbs up'. */
  d: string;
  /** Category, e.g. `people`. */
  c: string;
  /** Unicode version the emoji came with, e.g. '6.0'. */
  u: string;
}

/** An emoji as the store hands it out: a record plus its `name`; custom emoji carry `src`. */
export interface EmojiInfo {
  /** The emoji's name (same as `n`). */
  name: string;
  n: string;
  /** Unicode text; absent for custom emoji. */
  e?: string;
  d: string;
  c: string;
  /** Unicode version, or 'custom' for a group's custom emoji. */
  u: string;
  /** Image URL of a custom emoji. */
  src?: string;
}
