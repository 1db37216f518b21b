export { VisuallyHidden, VISUALLY_HIDDEN_CLASS, type VisuallyHiddenProps } from './VisuallyHidden';
