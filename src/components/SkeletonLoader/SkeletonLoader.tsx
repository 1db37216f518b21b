import clsx from 'clsx';
import type { ComponentPropsWithoutRef, CSSProperties, Ref } from 'react';
import { SKELETON_DEFAULT_LINES } from '../../tokens';
import { VisuallyHidden } from '../VisuallyHidden';
import './SkeletonLoader.css';

/** What screen readers hear while the placeholder is shown. */
export const SKELETON_LOADER_DEFAULT_LABEL = 'Loading';

/** A line width: a CSS length (`'40%'`, `'12rem'`) or a number of px. */
export type SkeletonLineWidth = NonNullable<CSSProperties['width']>;

export interface SkeletonLoaderProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /**
   * Number of placeholder lines (spec section 9: 3 by default, 4 in work item placeholders, see
   * `SKELETON_WORK_ITEM_LINES`). Fractions are rounded down; fewer than 1 line, or a value that is
   * not a number, gives the default.
   * @default SKELETON_DEFAULT_LINES (3)
   */
  lines?: number;
  /**
   * Width of each line, first to last; lines without an entry fill the width, except the last of
   * several, which is shorter (`--fk-skeleton-loader-last-line-width`, 65% unless overridden).
   * @default undefined
   */
  widths?: readonly SkeletonLineWidth[];
  /**
   * Text announced to screen readers (the status region's content).
   * @default 'Loading'
   */
  label?: string;
  ref?: Ref<HTMLDivElement>;
}

function lineCount(lines: number | undefined): number {
  if (lines === undefined || !Number.isFinite(lines) || lines < 1) return SKELETON_DEFAULT_LINES;
  return Math.floor(lines);
}

/**
 * Grey shimmering lines that stand in for text while it loads (GitLab UI `GlSkeletonLoader`).
 * It is a polite status region whose only content is its label ("Loading"); the lines are
 * hidden from assistive technology. The shimmer stops when the user prefers reduced motion.
 */
export function SkeletonLoader({
  lines,
  widths,
  label = SKELETON_LOADER_DEFAULT_LABEL,
  className,
  ref,
  ...rest
}: SkeletonLoaderProps) {
  const count = lineCount(lines);
  return (
    <div
      role="status"
      {...rest}
      ref={ref}
      className={clsx('fk-skeleton-loader', className)}
      data-component="SkeletonLoader"
      data-lines={count}
    >
      <VisuallyHidden className="fk-skeleton-loader__label" data-component="SkeletonLoader.Label">
        {label}
      </VisuallyHidden>
      {Array.from({ length: count }, (_, index) => {
        const width = widths?.[index];
        return (
          <div
            // Lines have no identity beyond their position.
            key={index}
            className="fk-skeleton-loader__line"
            data-component="SkeletonLoader.Line"
            aria-hidden="true"
            style={width === undefined ? undefined : { width }}
          />
        );
      })}
    </div>
  );
}
