export {
  Button,
  BUTTON_CATEGORIES,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  type ButtonCategory,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './Button';
