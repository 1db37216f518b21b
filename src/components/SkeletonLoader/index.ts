export {
  SkeletonLoader,
  SKELETON_LOADER_DEFAULT_LABEL,
  type SkeletonLoaderProps,
  type SkeletonLineWidth,
} from './SkeletonLoader';
