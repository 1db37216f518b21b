export {
  ProgressBar,
  PROGRESS_BAR_VARIANTS,
  progressPercentage,
  type ProgressBarProps,
  type ProgressBarVariant,
} from './ProgressBar';
