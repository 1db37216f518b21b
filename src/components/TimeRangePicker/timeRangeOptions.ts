import { DAY_IN_MS, HOUR_IN_MS, MINUTE_IN_MS, SECOND_IN_MS } from '../../utils/date';

/** The bucket a chart over the range groups its points by. */
export const TIME_RANGE_INTERVALS = ['minute', 'hour', 'day'] as const;
export type TimeRangeInterval = (typeof TIME_RANGE_INTERVALS)[number];

/** The names of the spec's time ranges, in order. */
export const TIME_RANGE_NAMES = [
  'thirtyMinutes',
  'threeHours',
  'eightHours',
  'oneDay',
  'threeDays',
  'sevenDays',
  'thirtyDays',
] as const;
export type TimeRangeName = (typeof TIME_RANGE_NAMES)[number];

/** A time-range option (spec section 3: label, shortcut, duration in seconds, name, interval). */
export interface TimeRangeOption {
  /** What the picker shows: '8 hours'. */
  readonly label: string;
  /** Short form for compact places and URLs: '8h'. */
  readonly shortcut: string;
  /** Length of the range: `{ seconds: 28800 }`. */
  readonly duration: { readonly seconds: number };
  /** Stable identifier: 'eightHours'. */
  readonly name: TimeRangeName;
  /** The bucket to group points by over this range. */
  readonly interval: TimeRangeInterval;
}

const seconds = (ms: number) => ms / SECOND_IN_MS;

/**
 * The time ranges (spec section 9: "30 minutes, 3 hours, 8 hours (default), 1 day, 3 days, 7 days,
 * 30 days"). The spec does not give each range's interval: minutes for 30 minutes, hours up to
 * 3 days (at most 72 points), days from 7 days.
 */
export const TIME_RANGE_OPTIONS: readonly TimeRangeOption[] = Object.freeze(
  (
    [
      {
        label: '30 minutes',
        shortcut: '30m',
        duration: { seconds: seconds(30 * MINUTE_IN_MS) },
        name: 'thirtyMinutes',
        interval: 'minute',
      },
      {
        label: '3 hours',
        shortcut: '3h',
        duration: { seconds: seconds(3 * HOUR_IN_MS) },
        name: 'threeHours',
        interval: 'hour',
      },
      {
        label: '8 hours',
        shortcut: '8h',
        duration: { seconds: seconds(8 * HOUR_IN_MS) },
        name: 'eightHours',
        interval: 'hour',
      },
      { label: '1 day', shortcut: '1d', duration: { seconds: seconds(DAY_IN_MS) }, name: 'oneDay', interval: 'hour' },
      {
        label: '3 days',
        shortcut: '3d',
        duration: { seconds: seconds(3 * DAY_IN_MS) },
        name: 'threeDays',
        interval: 'hour',
      },
      {
        label: '7 days',
        shortcut: '7d',
        duration: { seconds: seconds(7 * DAY_IN_MS) },
        name: 'sevenDays',
        interval: 'day',
      },
      {
        label: '30 days',
        shortcut: '30d',
        duration: { seconds: seconds(30 * DAY_IN_MS) },
        name: 'thirtyDays',
        interval: 'day',
      },
    ] satisfies TimeRangeOption[]
  ).map((option) => Object.freeze({ ...option, duration: Object.freeze(option.duration) })),
);

/** The default range's name (spec section 9: 8 hours is the default). */
export const DEFAULT_TIME_RANGE_NAME: TimeRangeName = 'eightHours';

/** The option with this name, from `options` (the spec's by default); undefined if absent. */
export function findTimeRange(
  name: TimeRangeName,
  options: readonly TimeRangeOption[] = TIME_RANGE_OPTIONS,
): TimeRangeOption | undefined {
  return options.find((option) => option.name === name);
}

/** The default range, 8 hours (spec section 9). */
export const DEFAULT_TIME_RANGE: TimeRangeOption = findTimeRange(DEFAULT_TIME_RANGE_NAME) as TimeRangeOption;
