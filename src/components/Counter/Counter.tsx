import clsx from 'clsx';
import { useEffect, type ComponentPropsWithoutRef, type Ref } from 'react';
import { addDelimiter, highCountTrim, limitedCounterWithDelimiter } from '../../utils/number';
import { VisuallyHidden } from '../VisuallyHidden';
import './Counter.css';

/** Counter colour variants. */
export const COUNTER_VARIANTS = ['neutral', 'primary', 'info'] as const;
export type CounterVariant = (typeof COUNTER_VARIANTS)[number];

/**
 * How a large count is shortened on screen (spec section 9): `high` shows `99+` above 99,
 * `delimited` shows `1,000+` above 1000 with thousands separated by commas.
 */
export const COUNTER_LIMIT_MODES = ['high', 'delimited'] as const;
export type CounterLimit = (typeof COUNTER_LIMIT_MODES)[number];

const FORMATTERS: Record<CounterLimit, (count: number) => string> = {
  high: highCountTrim,
  delimited: limitedCounterWithDelimiter,
};

/** What an invalid `count` (negative, `NaN`, infinite) is shown as. */
export const COUNTER_FALLBACK_COUNT = 0;

/** A count is valid when it is a finite number of zero or more. */
function isValidCount(count: number): boolean {
  return Number.isFinite(count) && count >= 0;
}

export interface CounterProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /**
   * The count: a finite number of zero or more; fractions are rounded down. A negative, `NaN` or
   * infinite count shows `0` and logs a `console.error`.
   */
  count: number;
  /**
   * How a large count is shortened on screen: `high` gives `99+` above 99, `delimited` gives
   * `1,000+` above 1000. Screen readers always hear the exact count.
   * @default 'delimited'
   */
  limit?: CounterLimit;
  /**
   * @default 'neutral'
   */
  variant?: CounterVariant;
  /**
   * What is counted, for screen readers: a string is read after the exact count (`'open issues'`
   * is heard as "1,234 open issues"); a function gets the formatted and the raw count and
   * returns the whole text, for plurals (`(n, c) => c === 1 ? '1 issue' : \`${n} issues\``).
   * @default undefined
   */
  label?: string | ((formattedCount: string, count: number) => string);
  ref?: Ref<HTMLSpanElement>;
}

/**
 * A count in a pill (Primer `CounterLabel`), as next to a tab or a navigation item. Large counts
 * are shortened on screen (`99+`, `1,000+`); the shortened text is hidden from assistive
 * technology, which reads the exact count with thousands separators instead.
 */
export function Counter({
  count,
  limit = 'delimited',
  variant = 'neutral',
  label,
  className,
  ref,
  ...rest
}: CounterProps) {
  const valid = isValidCount(count);
  useEffect(() => {
    if (!valid) {
      console.error(
        `forgekit Counter: count must be a finite number of zero or more, got ${count}; showing ${COUNTER_FALLBACK_COUNT}.`,
      );
    }
  }, [valid, count]);

  const value = valid ? Math.floor(count) : COUNTER_FALLBACK_COUNT;
  const exact = addDelimiter(value);
  const spoken = label === undefined ? exact : typeof label === 'function' ? label(exact, value) : `${exact} ${label}`;

  return (
    <span
      {...rest}
      ref={ref}
      className={clsx('fk-counter', className)}
      data-component="Counter"
      data-variant={variant}
      data-limit={limit}
    >
      <span className="fk-counter__text" data-component="Counter.Text" aria-hidden="true">
        {FORMATTERS[limit](value)}
      </span>
      <VisuallyHidden className="fk-counter__label" data-component="Counter.Label">
        {spoken}
      </VisuallyHidden>
    </span>
  );
}
