import { DAY_IN_MS, HOUR_IN_MS, MINUTE_IN_MS, SECOND_IN_MS } from '../src/utils/date';
import {
  approximateDuration,
  formatTimeAgo,
  JUST_NOW_LIMIT_SECONDS,
  JUST_NOW_TEXT,
  LESS_THAN_A_MINUTE_TEXT,
  PAST_DUE_TEXT,
  TIME_AGO_FORMS,
  TIME_LEFT_THRESHOLDS,
  timeAgoStep,
  timeFor,
} from '../src/utils/timeAgo';

const NOW = Date.parse('2026-01-05T14:07:09Z');
const WEEK = 7 * DAY_IN_MS;
const YEAR = 365 * DAY_IN_MS;

/** A distance in ms, the step it falls in, and the four forms at that distance. */
type Row = [label: string, ms: number, past: string, future: string, remaining: string, duration: string];

// Every step of the spec's wording (just now, seconds, minutes, hours, days, weeks, months, years),
// on both sides of each step boundary.
const rows: Row[] = [
  ['0 s', 0, 'just now', 'just now', '0 seconds remaining', '0 seconds'],
  ['1 s', SECOND_IN_MS, 'just now', 'just now', '1 second remaining', '1 second'],
  ['9.9 s', 9900, 'just now', 'just now', '9 seconds remaining', '9 seconds'],
  ['10 s', 10 * SECOND_IN_MS, '10 seconds ago', 'in 10 seconds', '10 seconds remaining', '10 seconds'],
  ['59 s', 59 * SECOND_IN_MS, '59 seconds ago', 'in 59 seconds', '59 seconds remaining', '59 seconds'],
  ['60 s', MINUTE_IN_MS, '1 minute ago', 'in 1 minute', '1 minute remaining', '1 minute'],
  ['119 s', 119 * SECOND_IN_MS, '1 minute ago', 'in 1 minute', '1 minute remaining', '1 minute'],
  ['3 min 50 s', 230 * SECOND_IN_MS, '3 minutes ago', 'in 3 minutes', '3 minutes remaining', '3 minutes'],
  ['59 min 59 s', HOUR_IN_MS - SECOND_IN_MS, '59 minutes ago', 'in 59 minutes', '59 minutes remaining', '59 minutes'],
  ['1 h', HOUR_IN_MS, '1 hour ago', 'in 1 hour', '1 hour remaining', '1 hour'],
  ['5 h', 5 * HOUR_IN_MS, '5 hours ago', 'in 5 hours', '5 hours remaining', '5 hours'],
  ['23 h 59 min', DAY_IN_MS - MINUTE_IN_MS, '23 hours ago', 'in 23 hours', '23 hours remaining', '23 hours'],
  ['1 day', DAY_IN_MS, '1 day ago', 'in 1 day', '1 day remaining', '1 day'],
  ['3 days', 3 * DAY_IN_MS, '3 days ago', 'in 3 days', '3 days remaining', '3 days'],
  ['6 days', 6 * DAY_IN_MS, '6 days ago', 'in 6 days', '6 days remaining', '6 days'],
  ['7 days', WEEK, '1 week ago', 'in 1 week', '1 week remaining', '1 week'],
  ['2 weeks', 2 * WEEK, '2 weeks ago', 'in 2 weeks', '2 weeks remaining', '2 weeks'],
  ['30 days', 30 * DAY_IN_MS, '4 weeks ago', 'in 4 weeks', '4 weeks remaining', '4 weeks'],
  ['31 days', 31 * DAY_IN_MS, '1 month ago', 'in 1 month', '1 month remaining', '1 month'],
  ['90 days', 90 * DAY_IN_MS, '2 months ago', 'in 2 months', '2 months remaining', '2 months'],
  ['364 days', 364 * DAY_IN_MS, '11 months ago', 'in 11 months', '11 months remaining', '11 months'],
  ['365 days', YEAR, '1 year ago', 'in 1 year', '1 year remaining', '1 year'],
  ['800 days', 800 * DAY_IN_MS, '2 years ago', 'in 2 years', '2 years remaining', '2 years'],
];

describe('formatTimeAgo (spec section 9 wording)', () => {
  it('offers the relative (past and future), remaining and duration forms', () => {
    expect(TIME_AGO_FORMS).toEqual(['relative', 'remaining', 'duration']);
  });

  it.each(rows)('%s: past %j, future %j, remaining %j, duration %j', (_, ms, past, future, remaining, duration) => {
    expect(formatTimeAgo(NOW - ms, { now: NOW })).toBe(past);
    expect(formatTimeAgo(NOW + ms, { now: NOW })).toBe(future);
    expect(formatTimeAgo(NOW + ms, { now: NOW, form: 'remaining' })).toBe(remaining);
    expect(formatTimeAgo(NOW + ms, { now: NOW, form: 'duration' })).toBe(duration);
    expect(formatTimeAgo(NOW - ms, { now: NOW, form: 'duration' })).toBe(duration);
  });

  it("says 'Past due' in the remaining form once the moment has passed", () => {
    expect(formatTimeAgo(NOW - 1, { now: NOW, form: 'remaining' })).toBe('Past due');
    expect(formatTimeAgo(NOW - YEAR, { now: NOW, form: 'remaining' })).toBe('Past due');
    expect(PAST_DUE_TEXT).toBe('Past due');
  });

  it("uses 'just now' under 10 seconds in either direction", () => {
    expect(JUST_NOW_TEXT).toBe('just now');
    expect(JUST_NOW_LIMIT_SECONDS).toBe(10);
  });

  it('accepts Date, timestamp and string inputs for the date and for now', () => {
    const now = new Date(NOW);
    expect(formatTimeAgo('2026-01-05T14:04:09Z', { now })).toBe('3 minutes ago');
    expect(formatTimeAgo(new Date(NOW + 3 * DAY_IN_MS), { now: '2026-01-05T14:07:09Z' })).toBe('in 3 days');
  });

  it('measures from the clock by default', () => {
    vi.useFakeTimers({ now: NOW });
    try {
      expect(formatTimeAgo(NOW - 5 * MINUTE_IN_MS)).toBe('5 minutes ago');
      vi.setSystemTime(NOW + HOUR_IN_MS);
      expect(formatTimeAgo(NOW - 5 * MINUTE_IN_MS)).toBe('1 hour ago');
    } finally {
      vi.useRealTimers();
    }
  });

  it("throws 'Invalid date' for an unreadable date or now", () => {
    expect(() => formatTimeAgo('yesterday', { now: NOW })).toThrow('Invalid date');
    expect(() => formatTimeAgo(NOW, { now: 'soon' })).toThrow('Invalid date');
  });
});

describe('timeAgoStep', () => {
  it.each([
    [9.99, { value: 9, unit: null }],
    [10, { value: 10, unit: 'second' }],
    [-45, { value: 45, unit: 'second' }],
    [230, { value: 3, unit: 'minute' }],
    [29 * 86400, { value: 4, unit: 'week' }],
    [31 * 86400, { value: 1, unit: 'month' }],
  ])('%s s is %o', (seconds, step) => {
    expect(timeAgoStep(seconds)).toEqual(step);
  });
});

describe('timeFor (time left until a date)', () => {
  it.each([
    [NOW - 1, 'Past due'],
    [NOW - DAY_IN_MS, 'Past due'],
    [NOW, '0 seconds remaining'],
    [NOW + 30 * SECOND_IN_MS, '30 seconds remaining'],
    [NOW + 3 * MINUTE_IN_MS, '3 minutes remaining'],
    [NOW + 3 * DAY_IN_MS, '3 days remaining'],
    [NOW + 2 * WEEK, '2 weeks remaining'],
    [NOW + 2 * YEAR, '2 years remaining'],
  ])('%s gives %j', (date, text) => {
    expect(timeFor(date, { now: NOW })).toBe(text);
  });

  it('measures from the clock by default', () => {
    vi.useFakeTimers({ now: NOW });
    try {
      expect(timeFor(NOW + 3 * DAY_IN_MS)).toBe('3 days remaining');
      vi.setSystemTime(NOW + 4 * DAY_IN_MS);
      expect(timeFor(NOW + 3 * DAY_IN_MS)).toBe('Past due');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('approximateDuration (spec section 9 time-left wording)', () => {
  it('names the spec limits', () => {
    expect(TIME_LEFT_THRESHOLDS).toEqual({ lessThanAMinute: 30, minutes: 2670, hours: 86370 });
    expect(LESS_THAN_A_MINUTE_TEXT).toBe('less than a minute');
  });

  it.each([
    [0, 'less than a minute'],
    // 'less than a minute' under 30 s
    [29, 'less than a minute'],
    [29.9, 'less than a minute'],
    [30, '1 minute'],
    [89, '1 minute'],
    [90, '2 minutes'],
    // minutes up to 2670 s
    [2670, '45 minutes'],
    [2671, '1 hour'],
    [5400, '2 hours'],
    // hours up to 86370 s
    [86370, '24 hours'],
    [86371, '1 day'],
    [3 * 86400, '3 days'],
    [400 * 86400, '400 days'],
  ])('%s s is %j', (seconds, text) => {
    expect(approximateDuration(seconds)).toBe(text);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('gives an empty string for %s', (seconds) => {
    expect(approximateDuration(seconds)).toBe('');
  });
});
