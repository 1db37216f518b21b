// Relative time wording (spec section 9): "just now, seconds, minutes, hours, days, weeks, months,
// years; forms past, future, remaining, duration. Past due shows 'Past due'. Time-left: 'less than a
// minute' under 30 s, minutes up to 2670 s, hours up to 86370 s, then days." Pure: the words and
// plurals come from Intl.RelativeTimeFormat and Intl.NumberFormat; "now" is a parameter.
import { DATE_LOCALE, DAY_IN_MS, HOUR_IN_MS, MINUTE_IN_MS, SECOND_IN_MS, toDate, type DateInput } from './date';

/** What the past and future forms say for a moment under {@link JUST_NOW_LIMIT_SECONDS} away. */
export const JUST_NOW_TEXT = 'just now';
/** What the remaining form ({@link timeFor}) says once the moment has passed (spec section 9). */
export const PAST_DUE_TEXT = 'Past due';
/** Time-left wording under {@link TIME_LEFT_THRESHOLDS}.lessThanAMinute seconds. */
export const LESS_THAN_A_MINUTE_TEXT = 'less than a minute';

/**
 * Under this many seconds away a moment is 'just now' (past and future forms); from here to a
 * minute it is counted in seconds. The spec names the "just now" and "seconds" steps but not the
 * limit; 10 s is where timeago.js (the library the product uses) switches.
 */
export const JUST_NOW_LIMIT_SECONDS = 10;

/**
 * The steps of relative time, smallest first: how many of the previous unit make one of this unit.
 * Weeks become months at 365 / 7 / 12 weeks (a mean month) and months become years at 12, as in
 * timeago.js. These divide a duration; they are not calendar arithmetic.
 */
export const TIME_AGO_STEPS = [
  { unit: 'second', size: 1 },
  { unit: 'minute', size: 60 },
  { unit: 'hour', size: 60 },
  { unit: 'day', size: 24 },
  { unit: 'week', size: 7 },
  { unit: 'month', size: 365 / 7 / 12 },
  { unit: 'year', size: 12 },
] as const;
export type TimeAgoUnit = (typeof TIME_AGO_STEPS)[number]['unit'];

/**
 * Time-left limits in seconds (spec section 9): 'less than a minute' under 30 s, minutes up to
 * 2670 s (44.5 minutes), hours up to 86370 s (23 hours 59.5 minutes), then days. "Up to" includes
 * the limit: 2670 s is '45 minutes', 2671 s is '1 hour'.
 */
export const TIME_LEFT_THRESHOLDS = { lessThanAMinute: 30, minutes: 2670, hours: 86370 } as const;

/**
 * The forms of relative time (spec section 9): `relative` is past ('3 minutes ago') or future
 * ('in 3 minutes') depending on the side of now; `remaining` is '3 minutes remaining' ('Past due'
 * once passed); `duration` is '3 minutes', without a direction.
 */
export const TIME_AGO_FORMS = ['relative', 'remaining', 'duration'] as const;
export type TimeAgoForm = (typeof TIME_AGO_FORMS)[number];

/** A distance in time as a whole number of its largest fitting unit ('just now' is `unit: null`). */
export interface TimeAgoStep {
  /** The whole number of units, rounded down (3 for 3 minutes 50 seconds). */
  value: number;
  /** The unit, or `null` under {@link JUST_NOW_LIMIT_SECONDS}. */
  unit: TimeAgoUnit | null;
}

/**
 * The largest unit that fits a distance in seconds (sign ignored), rounded down:
 * 9 s is just now, 59 s is 59 seconds, 3 min 50 s is 3 minutes, 29 days is 4 weeks, 31 days is 1 month.
 */
export function timeAgoStep(seconds: number): TimeAgoStep {
  let value = Math.abs(seconds);
  if (Math.floor(value) < JUST_NOW_LIMIT_SECONDS) return { value: Math.floor(value), unit: null };
  let unit: TimeAgoUnit = 'second';
  for (const step of TIME_AGO_STEPS.slice(1)) {
    if (value < step.size) break;
    value /= step.size;
    unit = step.unit;
  }
  return { value: Math.floor(value), unit };
}

const relativeFormat = new Intl.RelativeTimeFormat(DATE_LOCALE, { numeric: 'always', style: 'long' });
const unitFormats = new Map<TimeAgoUnit, Intl.NumberFormat>();
/** '3 minutes', '1 day': a count with its unit, pluralised by Intl. */
function countOf(value: number, unit: TimeAgoUnit): string {
  let format = unitFormats.get(unit);
  if (!format) {
    format = new Intl.NumberFormat(DATE_LOCALE, { style: 'unit', unit, unitDisplay: 'long' });
    unitFormats.set(unit, format);
  }
  return format.format(value);
}

export interface TimeAgoOptions {
  /**
   * The moment to measure from.
   * @default Date.now()
   */
  now?: DateInput;
  /**
   * @default 'relative'
   */
  form?: TimeAgoForm;
}

/**
 * A moment in words, relative to now (spec section 9):
 * - `relative`: 'just now', '45 seconds ago', '3 minutes ago', 'in 3 minutes', '2 weeks ago', 'in 1 year'
 * - `remaining`: '3 minutes remaining', '5 seconds remaining'; 'Past due' once the moment has passed
 * - `duration`: '3 minutes', '5 seconds'
 * Throws 'Invalid date' for a date (or `now`) that cannot be read.
 */
export function formatTimeAgo(date: DateInput, { now = Date.now(), form = 'relative' }: TimeAgoOptions = {}) {
  const diffSeconds = (toDate(date).getTime() - toDate(now).getTime()) / SECOND_IN_MS;
  if (form === 'remaining' && diffSeconds < 0) return PAST_DUE_TEXT;
  const { value, unit } = timeAgoStep(diffSeconds);
  const signed = form === 'relative' && diffSeconds < 0 ? -value : value;
  const key = `${form} ${signed} ${unit}`;
  let text = textCache.get(key);
  if (text === undefined) {
    text = wording(form, signed, unit);
    if (textCache.size >= TEXT_CACHE_LIMIT) textCache.clear();
    textCache.set(key, text);
  }
  return text;
}

function wording(form: TimeAgoForm, signed: number, unit: TimeAgoUnit | null): string {
  if (form === 'relative') return unit === null ? JUST_NOW_TEXT : relativeFormat.format(signed, unit);
  const count = countOf(signed, unit ?? 'second');
  return form === 'remaining' ? `${count} remaining` : count;
}

// A page of timestamps asks for the same few texts over and over (every tick, for every instance):
// they are kept, keyed by form, value and unit, so Intl formats each text once.
const TEXT_CACHE_LIMIT = 1000;
const textCache = new Map<string, string>();

/**
 * Time left until a date (spec section 9): 'Past due' once it has passed, else the remaining form
 * ('3 days remaining', '2 weeks remaining').
 */
export function timeFor(date: DateInput, { now }: Pick<TimeAgoOptions, 'now'> = {}): string {
  return formatTimeAgo(date, { now, form: 'remaining' });
}

/**
 * Time-left wording for a number of seconds (spec section 9): 'less than a minute' under 30 s,
 * then minutes up to 2670 s ('1 minute' to '45 minutes'), hours up to 86370 s ('1 hour' to
 * '24 hours'), then days ('1 day', '3 days'), each rounded to the nearest whole unit.
 * A negative or non-finite number gives ''.
 */
export function approximateDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const rounded = (size: number) => Math.max(1, Math.round(seconds / size));
  const [minute, hour, day] = [MINUTE_IN_MS, HOUR_IN_MS, DAY_IN_MS].map((ms) => ms / SECOND_IN_MS) as [
    number,
    number,
    number,
  ];
  if (seconds < TIME_LEFT_THRESHOLDS.lessThanAMinute) return LESS_THAN_A_MINUTE_TEXT;
  if (seconds <= TIME_LEFT_THRESHOLDS.minutes) return countOf(rounded(minute), 'minute');
  if (seconds <= TIME_LEFT_THRESHOLDS.hours) return countOf(rounded(hour), 'hour');
  return countOf(rounded(day), 'day');
}
