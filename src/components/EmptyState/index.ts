export {
  EmptyState,
  EMPTY_STATE_VARIANTS,
  type EmptyStateAction,
  type EmptyStateHeadingLevel,
  type EmptyStateProps,
  type EmptyStateVariant,
} from './EmptyState';
