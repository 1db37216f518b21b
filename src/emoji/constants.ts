/**
 * Emoji constants (spec sections 2, 3 and 9), each named once. The data format is described in
 * docs/decisions/005-emoji-data.md.
 */
import { font } from '../tokens/generated/tokens';

/** Emoji data version (spec section 9: "Emoji version 3"); part of the data and PNG URLs. */
export const EMOJI_VERSION = 3;

/** Name shown for an unknown emoji name (spec section 9: "fallback grey_question"). */
export const FALLBACK_EMOJI_NAME = 'grey_question';

/** localStorage key holding the standard emoji data together with its version (spec section 3). */
export const EMOJI_STORAGE_KEY = 'gl-emoji-map';

/** localStorage key of the frequently used emoji names, most recent first (spec section 3). */
export const FREQUENTLY_USED_STORAGE_KEY = 'frequently_used_emojis';

/** Emoji per picker row (spec section 9: emoji constants 9, 34, 37; GitLab's picker geometry). */
export const EMOJIS_PER_ROW = 9;
/** Height in px of a picker row of emoji. */
export const EMOJI_ROW_HEIGHT = 34;
/** Height in px of a picker category header row. */
export const CATEGORY_ROW_HEIGHT = 37;

/**
 * How many frequently used emoji are remembered: four picker rows. The spec only says
 * "frequently used" is remembered; the cap keeps the stored list and the first category short.
 */
export const FREQUENTLY_USED_LIMIT = 4 * EMOJIS_PER_ROW;

/** Category of the frequently used emoji, shown first when non-empty. */
export const FREQUENTLY_USED_CATEGORY = 'frequently_used';
/** Category and unicode version of a group's custom emoji (spec section 3). */
export const CUSTOM_EMOJI_CATEGORY = 'custom';

/**
 * Picker categories in order, each with its icon from the sprite (spec section 3). The picker
 * passes them to `<Icon name>`, whose type checks each against the sprite's names.
 */
export const EMOJI_CATEGORY_ICONS = {
  frequently_used: 'history',
  custom: 'tanuki',
  people: 'smiley',
  activity: 'dumbbell',
  nature: 'nature',
  food: 'food',
  travel: 'car',
  objects: 'bulb',
  symbols: 'heart',
  flags: 'flag',
} as const;

export type EmojiCategory = keyof typeof EMOJI_CATEGORY_ICONS;
/** Every category name, in picker order. */
export const EMOJI_CATEGORIES = Object.keys(EMOJI_CATEGORY_ICONS) as EmojiCategory[];

/** Tab labels of the categories. */
export const EMOJI_CATEGORY_LABELS: Record<EmojiCategory, string> = {
  frequently_used: 'Frequently used',
  custom: 'Custom',
  people: 'Smileys & people',
  activity: 'Activity',
  nature: 'Animals & nature',
  food: 'Food & drink',
  travel: 'Travel & places',
  objects: 'Objects',
  symbols: 'Symbols',
  flags: 'Flags',
};

/**
 * Search ranking adjustments (spec section 9): a match's score is multiplied by these, so lower is
 * better and thumbsup/slight_smile come before thumbsdown/slight_frown for the same match position.
 */
export const EMOJI_SEARCH_ADJUSTMENTS: Readonly<Record<string, number>> = {
  thumbsup: 0.5,
  slight_smile: 0.5,
  thumbsdown: 1.5,
  slight_frown: 1.5,
};

/** Fonts emoji are drawn with, by the `<gl-emoji>` element and the support test alike. */
export const EMOJI_FONT_FAMILY = font.family.emoji
  .map((family) => (family.includes(' ') ? `'${family}'` : family))
  .join(', ');

/** Path (after the relative root) of the emoji data file (spec sections 2 and 7). */
export const emojiDataPath = (version: number = EMOJI_VERSION) => `/-/emojis/${version}/emojis.json`;
/** Path (after the relative root) of an emoji's PNG fallback (spec section 2). */
export const emojiImagePath = (name: string, version: number = EMOJI_VERSION) =>
  `/-/emojis/${version}/${encodeURIComponent(name)}.png`;
