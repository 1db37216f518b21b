import clsx from 'clsx';
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode, Ref } from 'react';
import { useProgressBar } from 'react-aria/useProgressBar';
import { VISUALLY_HIDDEN_CLASS } from '../VisuallyHidden';
import './ProgressBar.css';

/** Bar colours: `primary` (progress), `success` (done, on track), `warning` and `danger` (over). */
export const PROGRESS_BAR_VARIANTS = ['primary', 'success', 'warning', 'danger'] as const;
export type ProgressBarVariant = (typeof PROGRESS_BAR_VARIANTS)[number];

/** The percentage of `value` between `minValue` and `maxValue`, kept within 0 to 100 (the bar's fill). */
export function progressPercentage(value: number, minValue = 0, maxValue = 100): number {
  if (!(maxValue > minValue) || !Number.isFinite(value)) return 0;
  const percentage = ((value - minValue) / (maxValue - minValue)) * 100;
  return Math.min(100, Math.max(0, percentage));
}

export interface ProgressBarProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The current value. A value beyond `maxValue` fills the bar (say so in `valueLabel`). */
  value: number;
  /** @default 0 */
  minValue?: number;
  /** @default 100 */
  maxValue?: number;
  /**
   * What is measured: the progressbar's accessible name, shown above the bar unless
   * `isLabelHidden`. Without it, name the bar with `aria-label` or `aria-labelledby`.
   * @default undefined
   */
  label?: ReactNode;
  /**
   * Hide the label visually (screen readers still read it).
   * @default false
   */
  isLabelHidden?: boolean;
  /**
   * The value in words, read by screen readers (`aria-valuetext`) and shown beside the label
   * (`'2h of 4h'`, `'Over by 1h'`).
   * @default the percentage, as '50%'
   */
  valueLabel?: string;
  /**
   * Show `valueLabel` beside the label.
   * @default false
   */
  showValueLabel?: boolean;
  /**
   * The bar's colour.
   * @default 'primary'
   */
  variant?: ProgressBarVariant;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A horizontal bar showing how far along something is (GitLab UI `GlProgressBar`): time spent over
 * the estimate, the progress of a key result. An accessible `role="progressbar"` with its
 * minimum, maximum, current value and value text, drawn with the theme's tokens.
 */
export function ProgressBar({
  value,
  minValue = 0,
  maxValue = 100,
  label,
  isLabelHidden = false,
  valueLabel,
  showValueLabel = false,
  variant = 'primary',
  className,
  style,
  ref,
  ...rest
}: ProgressBarProps) {
  const percentage = progressPercentage(value, minValue, maxValue);
  const shownValue = valueLabel ?? `${Math.round(percentage)}%`;
  const { progressBarProps, labelProps } = useProgressBar({
    ...rest,
    label,
    value: Math.min(maxValue, Math.max(minValue, value)),
    minValue,
    maxValue,
    valueLabel: shownValue,
  });
  return (
    <div
      {...rest}
      {...progressBarProps}
      ref={ref}
      className={clsx('fk-progress-bar', className)}
      style={style}
      data-component="ProgressBar"
      data-variant={variant}
    >
      {label !== undefined || showValueLabel ? (
        <div className="fk-progress-bar__header">
          {label !== undefined ? (
            <span {...labelProps} className={clsx('fk-progress-bar__label', isLabelHidden && VISUALLY_HIDDEN_CLASS)}>
              {label}
            </span>
          ) : null}
          {showValueLabel ? (
            <span className="fk-progress-bar__value" aria-hidden="true">
              {shownValue}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="fk-progress-bar__track">
        <div
          className="fk-progress-bar__fill"
          data-component="ProgressBar.Fill"
          style={{ '--fk-progress-bar-percentage': `${percentage}%` } as CSSProperties}
        />
      </div>
    </div>
  );
}
