// Date and time formatting (spec sections 5 and 9). Pure and import-safe: every calendar field
// (month names, day, hour, UTC offset in a time zone) comes from `Intl.DateTimeFormat`; this module
// only arranges the parts into the spec's fixed patterns. The patterns are English (en-US), as the
// spec's examples are. The default time zone is the runtime's (the user's, in a browser);
// pass `timeZone` (an IANA name such as 'UTC' or 'Europe/Berlin') for a fixed one.

/** One second in ms. */
export const SECOND_IN_MS = 1000;
/** One minute in ms. */
export const MINUTE_IN_MS = 60 * SECOND_IN_MS;
/** One hour in ms. */
export const HOUR_IN_MS = 60 * MINUTE_IN_MS;
/** Day length in ms (spec section 9: "Day length 86400000 ms"). */
export const DAY_IN_MS = 86_400_000;

/** The locale of the spec's fixed patterns and month names ('Jan', 'January'). */
export const DATE_LOCALE = 'en-US';

/** Message of the error thrown for a date that cannot be read (spec section 5). */
export const INVALID_DATE_MESSAGE = 'Invalid date';

/**
 * The named date formats (spec section 9), with what 2026-01-05 14:07:09 UTC gives in 'UTC':
 * - `'mmm dd, yyyy'`: 'Jan 05, 2026'
 * - `'mmm dd, yyyy HH:MM'`: 'Jan 05, 2026 14:07' (24-hour clock)
 * - `'yyyy-mm-dd'`: '2026-01-05'
 * - `'yyyy-mm-dd HH:MM:ss Z'`: '2026-01-05 14:07:09 +0000' (Z is the UTC offset, as `git log` prints it)
 * - `'shortDate'` (m/d/yy): '1/5/26'
 * - `'mediumDate'`: 'Jan 5, 2026'
 * - `'longDate'`: 'January 5, 2026'
 * - `'isoDate'`: '2026-01-05'
 * - `'isoDateTime'` (yyyy-mm-dd'T'HH:MM:sso): '2026-01-05T14:07:09+00:00' (offset written with a
 *   colon, RFC 3339, so `Date.parse` and other machines read it back)
 * - `'YYYY-MM-DD'` ({@link PAGE_DATE_FORMAT}): '2026-01-05'
 */
export const DATE_FORMATS = [
  'mmm dd, yyyy',
  'mmm dd, yyyy HH:MM',
  'yyyy-mm-dd',
  'yyyy-mm-dd HH:MM:ss Z',
  'shortDate',
  'mediumDate',
  'longDate',
  'isoDate',
  'isoDateTime',
  'YYYY-MM-DD',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The page-level date format (spec section 9), as used by date inputs: year-month-day. */
export const PAGE_DATE_FORMAT = 'YYYY-MM-DD' satisfies DateFormat;

/** The user's time-display setting (spec section 9): 1 means 12-hour, 2 means 24-hour. */
export const TIME_DISPLAY_FORMATS = { twelveHour: 1, twentyFourHour: 2 } as const;
export type TimeDisplayFormat = (typeof TIME_DISPLAY_FORMATS)[keyof typeof TIME_DISPLAY_FORMATS];
/** The time-display setting used when none is given: 12-hour, as the en-US patterns are. */
export const DEFAULT_TIME_DISPLAY_FORMAT: TimeDisplayFormat = TIME_DISPLAY_FORMATS.twelveHour;

/** A date as the formatting functions accept it: a `Date`, a timestamp in ms or a date string. */
export type DateInput = Date | number | string;

export interface DateFormatOptions {
  /**
   * IANA time zone the date is shown in ('UTC', 'Europe/Berlin'). An unknown zone throws a RangeError.
   * @default the runtime's time zone (the user's, in a browser)
   */
  timeZone?: string;
}

export interface TimeFormatOptions extends DateFormatOptions {
  /**
   * 1 for a 12-hour clock ('2:07 PM'), 2 for a 24-hour clock ('14:07') (spec section 9).
   * @default 1
   */
  timeDisplayFormat?: TimeDisplayFormat;
}

/**
 * Reads a date: a `Date`, a timestamp in ms or a string `Date` can parse (ISO 8601 is the safe
 * choice: '2026-01-05', '2026-01-05T14:07:09Z'). Throws an Error with message 'Invalid date' for
 * anything else (spec section 5), including an invalid `Date`, `NaN` and an empty string.
 */
export function toDate(input: DateInput): Date {
  const valid =
    input instanceof Date || typeof input === 'number' || (typeof input === 'string' && input.trim() !== '');
  const date = valid ? new Date(input instanceof Date ? input.getTime() : input) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || (typeof input === 'string' && !hasRealCalendarDate(input))) {
    throw new Error(INVALID_DATE_MESSAGE);
  }
  return date;
}

/**
 * `Date` rolls '2026-02-30' over to March 2; an ISO date whose day does not exist in its month is
 * rejected instead. The check asks `Date` whether that year, month and day exist.
 */
function hasRealCalendarDate(text: string): boolean {
  const match = /^\s*([+-]?\d{4,6})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return true;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** Whether {@link toDate} can read the input. */
export function isValidDate(input: DateInput): boolean {
  try {
    toDate(input);
    return true;
  } catch {
    return false;
  }
}

// Intl.DateTimeFormat instances are costly to build: one per time zone and kind, reused.
const formatterCache = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${kind}|${timeZone ?? ''}`;
  let cached = formatterCache.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(DATE_LOCALE, { ...options, timeZone });
    formatterCache.set(key, cached);
  }
  return cached;
}

interface DateParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  monthShort: string;
  monthLong: string;
  /** Offset from UTC as Intl writes it: 'GMT', 'GMT+05:30', 'GMT-08:00'. */
  offset: string;
}

function partsOf(date: Date, timeZone: string | undefined): DateParts {
  const pick = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '';
  const numeric = formatter('numeric', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  return {
    year: pick(numeric, 'year').padStart(4, '0'),
    month: pick(numeric, 'month'),
    day: pick(numeric, 'day'),
    hour: pick(numeric, 'hour'),
    minute: pick(numeric, 'minute'),
    second: pick(numeric, 'second'),
    offset: pick(numeric, 'timeZoneName'),
    monthShort: formatter('monthShort', timeZone, { month: 'short' }).format(date),
    monthLong: formatter('monthLong', timeZone, { month: 'long' }).format(date),
  };
}

/** 'GMT+05:30' as '+05:30' (or '+0530' without the colon); 'GMT' is '+00:00'. */
function utcOffset(offset: string, withColon: boolean): string {
  const [, sign = '+', hours = '00', minutes = '00'] = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(offset) ?? [];
  return `${sign}${hours}${withColon ? ':' : ''}${minutes}`;
}

const unpadded = (twoDigits: string) => String(Number(twoDigits));

const FORMATTERS: Record<DateFormat, (p: DateParts) => string> = {
  'mmm dd, yyyy': (p) => `${p.monthShort} ${p.day}, ${p.year}`,
  'mmm dd, yyyy HH:MM': (p) => `${p.monthShort} ${p.day}, ${p.year} ${p.hour}:${p.minute}`,
  'yyyy-mm-dd': (p) => `${p.year}-${p.month}-${p.day}`,
  'yyyy-mm-dd HH:MM:ss Z': (p) =>
    `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} ${utcOffset(p.offset, false)}`,
  shortDate: (p) => `${unpadded(p.month)}/${unpadded(p.day)}/${p.year.slice(-2)}`,
  mediumDate: (p) => `${p.monthShort} ${unpadded(p.day)}, ${p.year}`,
  longDate: (p) => `${p.monthLong} ${unpadded(p.day)}, ${p.year}`,
  isoDate: (p) => `${p.year}-${p.month}-${p.day}`,
  isoDateTime: (p) => `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${utcOffset(p.offset, true)}`,
  'YYYY-MM-DD': (p) => `${p.year}-${p.month}-${p.day}`,
};

/**
 * Formats a date in one of the spec's named formats ({@link DATE_FORMATS}):
 * `formatDate('2026-01-05T14:07:09Z', 'mmm dd, yyyy', { timeZone: 'UTC' })` is 'Jan 05, 2026'.
 * Throws 'Invalid date' for a date that cannot be read.
 */
export function formatDate(date: DateInput, format: DateFormat = 'mediumDate', options: DateFormatOptions = {}) {
  const format_ = FORMATTERS[format];
  if (!format_) throw new Error(`Unknown date format "${String(format)}". Use one of: ${DATE_FORMATS.join(', ')}.`);
  return format_(partsOf(toDate(date), options.timeZone));
}

/**
 * The time of day under the user's time-display setting: '2:07 PM' (1, 12-hour, the default) or
 * '14:07' (2, 24-hour).
 */
export function formatTime(
  date: DateInput,
  { timeZone, timeDisplayFormat = DEFAULT_TIME_DISPLAY_FORMAT }: TimeFormatOptions = {},
) {
  const d = toDate(date);
  if (timeDisplayFormat === TIME_DISPLAY_FORMATS.twentyFourHour) {
    const p = partsOf(d, timeZone);
    return `${p.hour}:${p.minute}`;
  }
  const parts = formatter('time12', timeZone, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).formatToParts(
    d,
  );
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  // Built from the parts: ICU versions differ in the space before AM/PM (U+0020 or U+202F).
  return `${pick('hour')}:${pick('minute')} ${pick('dayPeriod')}`;
}

/**
 * The exact moment as people read it: mediumDate and time, 'Jan 5, 2026 2:07 PM' (12-hour) or
 * 'Jan 5, 2026 14:07' (24-hour). TimeAgo shows it as its tooltip.
 */
export function formatDateTime(date: DateInput, options: TimeFormatOptions = {}) {
  return `${formatDate(date, 'mediumDate', options)} ${formatTime(date, options)}`;
}

/** A time of day read from 'h:m' text. */
export interface TimeOfDay {
  /** 0 to 23. */
  hours: number;
  /** 0 to 59. */
  minutes: number;
}

/** Hours and minutes, one or two digits each, separated by a colon (spec section 5: "a time must look like h:m"). */
const TIME_PATTERN = /^(\d{1,2}):(\d{1,2})$/;
const HOURS_IN_DAY = 24;
const MINUTES_IN_HOUR = 60;

/** The message of the error {@link parseTime} throws for `text`. */
export function invalidTimeMessage(text: string): string {
  return `Invalid time "${text}": a time must look like h:m, with hours 0 to 23 and minutes 0 to 59 (e.g. 9:30 or 14:05).`;
}

/**
 * Reads a time of day written as h:m (spec section 5): '9:30', '09:05', '23:59' and '0:0' are
 * valid; anything else ('24:00', '9:60', '930', '9:30 PM', ' 9:30') throws an Error whose message
 * says what a valid time looks like ({@link invalidTimeMessage}).
 */
export function parseTime(text: string): TimeOfDay {
  const match = TIME_PATTERN.exec(text);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours >= HOURS_IN_DAY || minutes >= MINUTES_IN_HOUR) throw new Error(invalidTimeMessage(text));
  return { hours, minutes };
}

/** Whether `text` is a valid h:m time (spec section 5); see {@link parseTime}. */
export function isValidTime(text: string): boolean {
  try {
    parseTime(text);
    return true;
  } catch {
    return false;
  }
}

/** A calendar day without a time (`yyyy-mm-dd`), as due dates are stored. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a due date has passed at `now` ('Past due'): a calendar day (`yyyy-mm-dd`) once the
 * reader's today is after it (the due day itself is not past due), a timestamp once `now` is
 * after it. Missing or invalid dates are never past due.
 */
export function isPastDue(dueDate: string | null | undefined, now: DateInput = Date.now()): boolean {
  if (!dueDate || !isValidDate(dueDate)) return false;
  if (CALENDAR_DAY.test(dueDate)) return dueDate < formatDate(now, 'yyyy-mm-dd');
  return toDate(dueDate).getTime() < toDate(now).getTime();
}
