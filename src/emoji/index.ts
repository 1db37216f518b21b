/**
 * `forgekit/emoji`: the emoji data store, search, frequently used emoji and the `<gl-emoji>`
 * element (spec sections 2 to 5, 7 and 9). Nothing here touches the DOM or storage at import.
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
// The picker (its panel, the store use and the data load on first open).
export {
  EmojiPicker,
  EmojiPickerPanel,
  loadEmojiPickerPanel,
  EMOJI_PICKER_TOGGLE_LABEL,
  EMOJI_PICKER_SEARCH_LABEL,
  EMOJI_PICKER_CATEGORIES_LABEL,
  EMOJI_PICKER_GRID_LABEL,
  EMOJI_PICKER_SEARCH_RESULTS_LABEL,
  EMOJI_PICKER_NO_MATCHES,
  EMOJI_PICKER_LOADING_DELAY,
  EMOJI_PICKER_LOADING_LABEL,
  EMOJI_PICKER_LOAD_ERROR_TITLE,
  EMOJI_PICKER_RETRY_LABEL,
  type EmojiPickerProps,
  type EmojiPickerPanelProps,
  type EmojiPickerPanelState,
} from '../components/EmojiPicker';
