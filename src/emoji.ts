/**
 * `forgekit/emoji`: the emoji layer (src/emoji: the data store, search, frequently used emoji and
 * the `<gl-emoji>` element) and the emoji picker built on it (src/components/EmojiPicker). This
 * entry file composes the two, so that the emoji layer itself never imports a component
 * (ARCHITECTURE.md, layers; checked by tests/importCycles.node.test.ts).
 */
export * from './emoji/index';
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
} from './components/EmojiPicker';
