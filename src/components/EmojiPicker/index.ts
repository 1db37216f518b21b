export { EmojiPicker, type EmojiPickerProps } from './EmojiPicker';
export { EmojiPickerPanel, loadEmojiPickerPanel, type EmojiPickerPanelProps } from './EmojiPickerPanel';
export type { EmojiPickerPanelState } from './EmojiPickerFrame';
export {
  EMOJI_PICKER_CATEGORIES_LABEL,
  EMOJI_PICKER_GRID_LABEL,
  EMOJI_PICKER_LOAD_ERROR_TITLE,
  EMOJI_PICKER_LOADING_DELAY,
  EMOJI_PICKER_LOADING_LABEL,
  EMOJI_PICKER_NO_MATCHES,
  EMOJI_PICKER_RETRY_LABEL,
  EMOJI_PICKER_SEARCH_LABEL,
  EMOJI_PICKER_SEARCH_RESULTS_LABEL,
  EMOJI_PICKER_TOGGLE_LABEL,
} from './constants';
