/**
 * The emoji layer's public API: the emoji data store, search, frequently used emoji and the
 * `<gl-emoji>` element (spec sections 2 to 5, 7 and 9). Nothing here touches the DOM or storage at
 * import. The `forgekit/emoji` entry point (src/emoji.ts) adds the picker component: the layer
 * itself knows no component (ARCHITECTURE.md, layers).
 */
export {
  CATEGORY_ROW_HEIGHT,
  CUSTOM_EMOJI_CATEGORY,
  EMOJI_CATEGORIES,
  EMOJI_CATEGORY_ICONS,
  EMOJI_CATEGORY_LABELS,
  EMOJI_FONT_FAMILY,
  EMOJI_ROW_HEIGHT,
  EMOJI_SEARCH_ADJUSTMENTS,
  EMOJI_STORAGE_KEY,
  EMOJI_VERSION,
  EMOJIS_PER_ROW,
  FALLBACK_EMOJI_NAME,
  FREQUENTLY_USED_CATEGORY,
  FREQUENTLY_USED_LIMIT,
  FREQUENTLY_USED_STORAGE_KEY,
  emojiDataPath,
  emojiImagePath,
  type EmojiCategory,
} from './constants';
export {
  EMOJI_MAP_UNINITIALISED_MESSAGE,
  emojiFallbackImageSrc,
  getAllEmoji,
  getEmojiAliases,
  getEmojiCategoryMap,
  getEmojiInfo,
  initEmojiMap,
  isEmojiLoading,
  isEmojiNameValid,
  normalizeEmojiName,
  resetEmojiMap,
  searchEmoji,
  subscribeEmojiLoading,
  type EmojiCategoryEntry,
  type InitEmojiMapOptions,
} from './store';
export { addToFrequentlyUsed, getEmojiCategories, getFrequentlyUsedEmojis } from './frequentlyUsed';
export {
  createEmojiSearch,
  emojiMatchScore,
  normalizeEmojiQuery,
  type EmojiMatchField,
  type EmojiSearchResult,
} from './search';
export {
  FEATURE_SAMPLES,
  UNICODE_VERSION_SAMPLES,
  createEmojiSupportDetector,
  isEmojiUnicodeSupported,
  type EmojiSupportDetector,
} from './support';
export {
  CUSTOM_EMOJI_QUERY,
  graphqlCustomEmojiFetcher,
  loadCustomEmoji,
  type CustomEmojiFetcher,
  type CustomEmojiQueryData,
  type CustomEmojiVariables,
} from './customEmoji';
export { GL_EMOJI_IMAGE_CLASS, GL_EMOJI_TAG_NAME, defineGlEmoji } from './glEmoji';
export type { EmojiInfo, EmojiRecord } from './types';
