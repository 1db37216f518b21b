export {
  ColorPicker,
  validateColor,
  DEFAULT_SUGGESTED_COLORS,
  INVALID_COLOR_MESSAGE,
  type ColorPickerProps,
  type SuggestedColor,
} from './ColorPicker';
