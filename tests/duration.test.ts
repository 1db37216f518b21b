import { describe, expect, it } from 'vitest';
import {
  DURATION_DAYS_PER_WEEK,
  DURATION_HOURS_PER_DAY,
  DURATION_WEEKS_PER_MONTH,
  formatDuration,
  isValidDuration,
  parseDuration,
} from '../src/utils/duration';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = DURATION_HOURS_PER_DAY * HOUR;
const WEEK = DURATION_DAYS_PER_WEEK * DAY;

describe('parseDuration (GitLab human durations)', () => {
  it('reads every unit on a working calendar: 8 h days, 5 day weeks, 4 week months', () => {
    expect(parseDuration('30m')).toBe(30 * MINUTE);
    expect(parseDuration('3h')).toBe(3 * HOUR);
    expect(parseDuration('1d')).toBe(8 * HOUR);
    expect(parseDuration('1w')).toBe(40 * HOUR);
    expect(parseDuration('1mo')).toBe(DURATION_WEEKS_PER_MONTH * WEEK);
  });

  it('adds the parts of "1w 2d 3h 30m" in any order, with any spacing and case', () => {
    const expected = WEEK + 2 * DAY + 3 * HOUR + 30 * MINUTE;
    expect(parseDuration('1w 2d 3h 30m')).toBe(expected);
    expect(parseDuration('  30M   3h 2d 1W ')).toBe(expected);
    expect(parseDuration('1h 1h')).toBe(2 * HOUR);
  });

  it('takes fractions and a leading minus (time removed with /spend -30m)', () => {
    expect(parseDuration('1.5h')).toBe(90 * MINUTE);
    expect(parseDuration('-30m')).toBe(-30 * MINUTE);
    expect(parseDuration('- 1h 30m')).toBe(-90 * MINUTE);
  });

  it('reads a number alone in hours, as GitLab does (/spend 3), but not beside other parts', () => {
    expect(parseDuration('3')).toBe(3 * HOUR);
    expect(parseDuration('-1.5')).toBe(-90 * MINUTE);
    expect(parseDuration('3 30m')).toBeNull();
  });

  it('refuses blank text, a unit alone, unknown units and stray words', () => {
    for (const text of ['', '  ', '-', 'h', '3x', '1 h', '1h and 2m', '1h,2m', '--1h']) {
      expect(parseDuration(text), text).toBeNull();
      expect(isValidDuration(text), text).toBe(false);
    }
    expect(isValidDuration('2h')).toBe(true);
  });
});

describe('formatDuration', () => {
  it('writes seconds largest unit first and leaves zero parts out', () => {
    expect(formatDuration(WEEK + 2 * DAY + 3 * HOUR + 30 * MINUTE)).toBe('1w 2d 3h 30m');
    expect(formatDuration(DAY + 5 * MINUTE)).toBe('1d 5m');
    expect(formatDuration(9 * HOUR)).toBe('1d 1h');
  });

  it('shows weeks at most unless months are asked for', () => {
    expect(formatDuration(5 * WEEK)).toBe('5w');
    expect(formatDuration(5 * WEEK, { useMonths: true })).toBe('1mo 1w');
  });

  it('drops seconds under a minute, writes nothing as 0m and keeps the sign', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(HOUR + 59)).toBe('1h');
    expect(formatDuration(-90 * MINUTE)).toBe('-1h 30m');
  });

  it('round-trips with parseDuration', () => {
    for (const text of ['1w 2d 3h 30m', '4w', '7h 59m', '1d']) expect(formatDuration(parseDuration(text)!)).toBe(text);
  });
});
