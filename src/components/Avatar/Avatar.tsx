import clsx from 'clsx';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { AVATAR_DEFAULT_SIZE, AVATAR_SIZES, BREAKPOINTS, type AvatarSizeValue, type Breakpoint } from '../../tokens';
import { identiconBackgroundIndex, identiconInitial } from '../../utils/identicon';
import './Avatar.css';

/** An allowed avatar edge length in px: 96, 64, 48, 32, 24 or 16 (`AVATAR_SIZES`). */
export type AvatarSize = AvatarSizeValue;

/**
 * A size per breakpoint, mobile first: `default` applies from 0 px, each breakpoint from its
 * minimum width (`BREAKPOINTS`: sm 576, md 768, lg 992, xl 1200) until a wider one sets a size.
 * `xs` starts at 0 px too and, when given, replaces `default`.
 */
export type AvatarResponsiveSize = { default?: AvatarSize } & { [B in Breakpoint]?: AvatarSize };

export type AvatarShape = 'circle' | 'rect';

/** The text an image gets when no `alt` is given (spec section 3). */
export const AVATAR_DEFAULT_ALT = 'avatar';

/** Breakpoints with a minimum width above 0, narrowest first: each gets a `data-size-<bp>`. */
const RESPONSIVE_BREAKPOINTS = (Object.keys(BREAKPOINTS) as Breakpoint[])
  .filter((bp) => BREAKPOINTS[bp] > 0)
  .sort((a, b) => BREAKPOINTS[a] - BREAKPOINTS[b]);

export interface AvatarProps extends Omit<
  ComponentPropsWithoutRef<'img'>,
  'src' | 'alt' | 'width' | 'height' | 'children'
> {
  /** Id of the user, group or project shown; picks the identicon colour (`entityId % 7 + 1`). @default 0 */
  entityId?: number | string;
  /** Name of the entity; its first character (an emoji kept whole) is the identicon text. @default '' */
  entityName?: string;
  /** Image URL. Empty or missing shows the identicon. */
  src?: string;
  /**
   * Text alternative of the image. The identicon is named by `alt` when given, else by `entityName`,
   * else `'avatar'`. Pass `''` when a visible name sits next to the avatar (it is then decorative).
   * @default 'avatar'
   */
  alt?: string;
  /**
   * Edge length in px, one of 96, 64, 48, 32, 24, 16, or an object of them per breakpoint
   * (`{ default: 24, md: 32, lg: 48 }`). Any other value logs a console error and renders the
   * nearest allowed size (the larger on a tie; the default 64 for a non-number).
   * @default 64
   */
  size?: AvatarSize | AvatarResponsiveSize;
  /** `circle` for people, `rect` (rounded square) for groups and projects. @default 'circle' */
  shape?: AvatarShape;
  /**
   * Show the identicon when the image fails to load? Off, a failed image stays a broken image
   * (the product's behaviour).
   * @default false
   */
  fallbackOnError?: boolean;
  /** The root element: the `<img>`, or the identicon `<span>`. */
  ref?: Ref<HTMLElement>;
}

/** The allowed size closest to `value` (the larger on a tie), or the default for a non-number. */
function nearestAllowedSize(value: unknown): AvatarSize {
  if (typeof value !== 'number' || !Number.isFinite(value)) return AVATAR_DEFAULT_SIZE;
  // AVATAR_SIZES runs largest first, so a tie keeps the larger size.
  return AVATAR_SIZES.reduce((best, s) => (Math.abs(s - value) < Math.abs(best - value) ? s : best));
}

/**
 * The `data-size` (and `data-size-<bp>`) attributes for a size prop, with a description of every
 * value that is not allowed. Avatar.css turns the attributes into px at each breakpoint.
 */
export function resolveAvatarSize(size: AvatarProps['size']): {
  attributes: Record<string, AvatarSize>;
  problems: string[];
} {
  const problems: string[] = [];
  const allowed = (value: unknown, name: string): AvatarSize => {
    if ((AVATAR_SIZES as readonly unknown[]).includes(value)) return value as AvatarSize;
    const fallback = nearestAllowedSize(value);
    problems.push(`${name}=${JSON.stringify(value)} is not allowed, rendered as ${fallback}`);
    return fallback;
  };
  if (typeof size !== 'object' || size === null) {
    return { attributes: { 'data-size': allowed(size ?? AVATAR_DEFAULT_SIZE, 'size') }, problems };
  }
  for (const key of Object.keys(size)) {
    if (key !== 'default' && !Object.hasOwn(BREAKPOINTS, key))
      problems.push(`size.${key} is not a breakpoint, ignored`);
  }
  const base =
    size.xs !== undefined ? allowed(size.xs, 'size.xs') : allowed(size.default ?? AVATAR_DEFAULT_SIZE, 'size.default');
  const attributes: Record<string, AvatarSize> = { 'data-size': base };
  for (const bp of RESPONSIVE_BREAKPOINTS) {
    if (size[bp] !== undefined) attributes[`data-size-${bp}`] = allowed(size[bp], `size.${bp}`);
  }
  return { attributes, problems };
}

/**
 * A user, group or project picture. Without an image (or, with `fallbackOnError`, when it fails to
 * load) it shows an identicon: the entity name's initial on one of 7 colours picked by its id.
 */
export function Avatar({
  entityId = 0,
  entityName = '',
  src,
  alt,
  size = AVATAR_DEFAULT_SIZE,
  shape = 'circle',
  fallbackOnError = false,
  className,
  ref,
  onError,
  onLoad,
  srcSet,
  sizes,
  loading,
  decoding,
  crossOrigin,
  referrerPolicy,
  fetchPriority,
  ...rest
}: AvatarProps) {
  // The src that failed, so a new src starts fresh without an effect resetting state.
  const [failedSrc, setFailedSrc] = useState<string>();
  const rootRef = useRef<HTMLElement | null>(null);
  const setRoot = useMergedRefs(rootRef, ref);

  const { attributes: sizeAttributes, problems } = resolveAvatarSize(size);
  const sizeError = problems.length
    ? `[forgekit] Avatar: ${problems.join('; ')}. Allowed sizes: ${AVATAR_SIZES.join(', ')}.`
    : '';
  useEffect(() => {
    if (sizeError) console.error(sizeError);
  }, [sizeError]);

  // A server-rendered image can fail before hydration attaches onError: a completed image with
  // no width has failed. (An SVG without intrinsic size also reports 0; give SVGs width/height.)
  useEffect(() => {
    const node = rootRef.current;
    if (src && node instanceof HTMLImageElement && node.complete && node.naturalWidth === 0) {
      setFailedSrc(src);
    }
  }, [src]);

  const common = {
    ...rest,
    ...sizeAttributes,
    ref: setRoot,
    'data-shape': shape,
  };

  if (!src || (fallbackOnError && failedSrc === src)) {
    const label = alt ?? (entityName || AVATAR_DEFAULT_ALT);
    const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
    return (
      <span
        {...common}
        {...a11y}
        className={clsx('fk-avatar', 'fk-avatar__identicon', className)}
        data-component="Avatar.Identicon"
        data-identicon={identiconBackgroundIndex(entityId)}
      >
        {identiconInitial(entityName)}
      </span>
    );
  }

  return (
    <img
      {...common}
      className={clsx('fk-avatar', className)}
      data-component="Avatar"
      src={src}
      alt={alt ?? AVATAR_DEFAULT_ALT}
      width={sizeAttributes['data-size']}
      height={sizeAttributes['data-size']}
      srcSet={srcSet}
      sizes={sizes}
      loading={loading}
      decoding={decoding}
      crossOrigin={crossOrigin}
      referrerPolicy={referrerPolicy}
      fetchPriority={fetchPriority}
      onLoad={onLoad}
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
