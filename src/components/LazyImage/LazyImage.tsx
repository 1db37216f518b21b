import clsx from 'clsx';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type CSSProperties, type Ref } from 'react';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { LAZY_IMAGE } from '../../tokens';
import { whenNearViewport } from './lazyLoader';
import './LazyImage.css';

/** A transparent 1×1 GIF: the placeholder's image when there is no low-resolution one. */
export const LAZY_IMAGE_PLACEHOLDER_SRC =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** `placeholder` until near the viewport, then `loading`, then `loaded` or `error`. */
export type LazyImageState = 'placeholder' | 'loading' | 'loaded' | 'error';

export interface LazyImageProps extends Omit<ComponentPropsWithoutRef<'img'>, 'src' | 'srcSet' | 'alt' | 'loading'> {
  /** The image URL, loaded when the image comes within `rootMargin` px of the viewport. */
  src: string;
  /** `srcset` of the full image, applied with `src`. @default undefined */
  srcSet?: string;
  /** Text alternative (`''` for a decorative image). */
  alt: string;
  /**
   * Width in px. With `height` it reserves the box (and its aspect ratio) before the image
   * loads, so nothing moves when it arrives. Give both, or `aspectRatio`.
   */
  width?: number;
  /** Height in px (see `width`). */
  height?: number;
  /**
   * Aspect ratio of the box (`16 / 9` as `16/9`, `'16 / 9'` or `1.777`), for images sized by CSS:
   * without `width` the image fills its container's width.
   * @default width / height
   */
  aspectRatio?: number | string;
  /**
   * A small image shown until the full one loads (a low-resolution version). Without it the
   * placeholder is a neutral box (`--fk-lazy-image-placeholder-color`).
   * @default undefined
   */
  placeholderSrc?: string;
  /**
   * How far outside the viewport, in px, loading starts.
   * @default LAZY_IMAGE.rootMargin (500)
   */
  rootMargin?: number;
  ref?: Ref<HTMLImageElement>;
}

/**
 * An image that loads when it comes within 500 px of the viewport (spec section 9), with a
 * placeholder in the same box so the layout does not move when it arrives.
 *
 * Server-rendered (and before hydration) it is the placeholder with the real URL in `data-src`.
 * There is deliberately no `<noscript>` copy: React does not hydrate `<noscript>` content and a
 * second `<img>` would double the markup; without JavaScript the reserved box shows the
 * placeholder (or the low-resolution image) and keeps its `alt` text.
 */
export function LazyImage({
  src,
  srcSet,
  alt,
  width,
  height,
  aspectRatio,
  placeholderSrc,
  rootMargin = LAZY_IMAGE.rootMargin,
  className,
  style,
  onLoad,
  onError,
  ref,
  ...rest
}: LazyImageProps) {
  const [state, setState] = useState<LazyImageState>('placeholder');
  // The src that came near the viewport; a new src starts over as a placeholder.
  const [nearSrc, setNearSrc] = useState<string>();
  const isNear = nearSrc === src;
  const current: LazyImageState = isNear ? state : 'placeholder';
  const imageRef = useRef<HTMLImageElement>(null);
  const setRef = useMergedRefs(imageRef, ref);

  useEffect(() => {
    const image = imageRef.current;
    if (!image || isNear) return;
    return whenNearViewport(
      image,
      () => {
        setNearSrc(src);
        setState('loading');
      },
      rootMargin,
    );
  }, [src, isNear, rootMargin]);

  const ratio = aspectRatio ?? (width && height ? `${width} / ${height}` : undefined);
  const reserved: CSSProperties = ratio === undefined ? {} : { aspectRatio: String(ratio) };
  const placeholder = placeholderSrc ?? LAZY_IMAGE_PLACEHOLDER_SRC;

  return (
    <img
      {...rest}
      ref={setRef}
      className={clsx('fk-lazy-image', className)}
      data-component="LazyImage"
      data-state={current}
      data-src={src}
      data-placeholder={placeholderSrc ? 'image' : 'box'}
      src={isNear ? src : placeholder}
      srcSet={isNear ? srcSet : undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      style={{ ...reserved, ...style }}
      onLoad={(event) => {
        // The placeholder's own load event is not the image's.
        if (!isNear || event.currentTarget.getAttribute('src') !== src) return;
        setState('loaded');
        onLoad?.(event);
      }}
      onError={(event) => {
        if (!isNear) return;
        setState('error');
        onError?.(event);
      }}
    />
  );
}
