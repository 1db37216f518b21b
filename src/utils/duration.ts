/**
 * GitLab's human durations (`1mo 1w 2d 3h 30m`), as the time tracking widget and the `/estimate`
 * and `/spend` quick actions write them: a working day is 8 hours, a week 5 days, a month 4 weeks.
 */

/** Seconds in a minute and an hour. */
const SECONDS_PER_MINUTE = 60;
const MINUTES_PER_HOUR = 60;
/** GitLab's working calendar: hours per day, days per week, weeks per month. */
export const DURATION_HOURS_PER_DAY = 8;
export const DURATION_DAYS_PER_WEEK = 5;
export const DURATION_WEEKS_PER_MONTH = 4;

/** Each unit a duration is written in, largest first, and its length in seconds. */
export const DURATION_UNITS = (() => {
  const m = SECONDS_PER_MINUTE;
  const h = MINUTES_PER_HOUR * m;
  const d = DURATION_HOURS_PER_DAY * h;
  const w = DURATION_DAYS_PER_WEEK * d;
  const mo = DURATION_WEEKS_PER_MONTH * w;
  return [
    { unit: 'mo', seconds: mo },
    { unit: 'w', seconds: w },
    { unit: 'd', seconds: d },
    { unit: 'h', seconds: h },
    { unit: 'm', seconds: m },
  ] as const;
})();

export type DurationUnit = (typeof DURATION_UNITS)[number]['unit'];

/** Shown under a time field whose text is not a duration (GitLab's time tracking forms). */
export const INVALID_DURATION_MESSAGE = 'Enter time in the format 1w 2d 3h 30m.';

/** One `<number><unit>` part; `1.5h` is allowed, as GitLab allows it. */
const PART = /^(\d+(?:\.\d+)?)(mo|w|d|h|m)$/;
/** A number alone (`/spend 3`): GitLab reads it in hours (`TimeTrackingFormatter`'s default unit). */
const BARE_NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * The seconds of a human duration (`'1w 2d 3h 30m'` is 40 h + 16 h + 3 h 30 m of working time: 214,200 s), or
 * `null` when the text is not one. Parts may come in any order and repeat (they add up); a
 * leading `-` makes the whole duration negative (`/spend -30m` removes time). A number alone is
 * hours (`'3'` is 3 h), as in GitLab. Blank text is `null`.
 */
export function parseDuration(text: string): number | null {
  let body = text.trim().toLowerCase();
  const negative = body.startsWith('-');
  if (negative) body = body.slice(1).trim();
  if (body === '') return null;
  if (BARE_NUMBER.test(body)) body = `${body}h`;
  let total = 0;
  for (const part of body.split(/\s+/)) {
    const match = PART.exec(part);
    if (!match) return null;
    const length = DURATION_UNITS.find(({ unit }) => unit === match[2])!.seconds;
    total += Number(match[1]) * length;
  }
  const seconds = Math.round(total);
  return negative ? -seconds : seconds;
}

/** Whether `text` is a human duration ({@link parseDuration} does not give `null`). */
export function isValidDuration(text: string): boolean {
  return parseDuration(text) !== null;
}

/**
 * A number of seconds as GitLab writes it (`'1w 2d 3h 30m'`), largest unit first, zero parts left
 * out, seconds below a minute dropped; `'0m'` for nothing. Negative durations get a leading `-`.
 * Months are only used when `useMonths` is set (GitLab's time tracking shows weeks at most).
 */
export function formatDuration(seconds: number, { useMonths = false }: { useMonths?: boolean } = {}): string {
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.floor(Math.abs(seconds) / SECONDS_PER_MINUTE) * SECONDS_PER_MINUTE;
  const parts: string[] = [];
  for (const { unit, seconds: length } of DURATION_UNITS) {
    if (unit === 'mo' && !useMonths) continue;
    const count = Math.floor(rest / length);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * length;
  }
  return parts.length === 0 ? '0m' : `${sign}${parts.join(' ')}`;
}
