export { LazyImage, LAZY_IMAGE_PLACEHOLDER_SRC, type LazyImageProps, type LazyImageState } from './LazyImage';
export { whenNearViewport } from './lazyLoader';
