import {
  DATE_FORMATS,
  DATE_LOCALE,
  DAY_IN_MS,
  DEFAULT_TIME_DISPLAY_FORMAT,
  formatDate,
  formatDateTime,
  formatTime,
  HOUR_IN_MS,
  INVALID_DATE_MESSAGE,
  invalidTimeMessage,
  isPastDue,
  isValidDate,
  isValidTime,
  MINUTE_IN_MS,
  PAGE_DATE_FORMAT,
  parseTime,
  SECOND_IN_MS,
  TIME_DISPLAY_FORMATS,
  toDate,
  type DateFormat,
} from '../src/utils/date';

// 2026-01-05 14:07:09 UTC: a single-digit day and month, an afternoon hour, non-zero seconds.
const MOMENT = '2026-01-05T14:07:09Z';

describe('constants (spec section 9)', () => {
  it('has a day of 86400000 ms', () => {
    expect(DAY_IN_MS).toBe(86400000);
    expect(DAY_IN_MS).toBe(24 * HOUR_IN_MS);
    expect(HOUR_IN_MS).toBe(60 * MINUTE_IN_MS);
    expect(MINUTE_IN_MS).toBe(60 * SECOND_IN_MS);
  });

  it('maps the time-display setting: 1 is 12-hour, 2 is 24-hour, 12-hour by default', () => {
    expect(TIME_DISPLAY_FORMATS).toEqual({ twelveHour: 1, twentyFourHour: 2 });
    expect(DEFAULT_TIME_DISPLAY_FORMAT).toBe(1);
  });

  it('names the page-level date format YYYY-MM-DD and every spec format', () => {
    expect(PAGE_DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(DATE_FORMATS).toEqual([
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
    ]);
    expect(DATE_LOCALE).toBe('en-US');
  });
});

describe('formatDate', () => {
  // Every format, in UTC and in zones east (+05:30, a half-hour offset) and west (-08:00) of it.
  const cases: [DateFormat, string, string, string][] = [
    ['mmm dd, yyyy', 'Jan 05, 2026', 'Jan 05, 2026', 'Jan 05, 2026'],
    ['mmm dd, yyyy HH:MM', 'Jan 05, 2026 14:07', 'Jan 05, 2026 19:37', 'Jan 05, 2026 06:07'],
    ['yyyy-mm-dd', '2026-01-05', '2026-01-05', '2026-01-05'],
    ['yyyy-mm-dd HH:MM:ss Z', '2026-01-05 14:07:09 +0000', '2026-01-05 19:37:09 +0530', '2026-01-05 06:07:09 -0800'],
    ['shortDate', '1/5/26', '1/5/26', '1/5/26'],
    ['mediumDate', 'Jan 5, 2026', 'Jan 5, 2026', 'Jan 5, 2026'],
    ['longDate', 'January 5, 2026', 'January 5, 2026', 'January 5, 2026'],
    ['isoDate', '2026-01-05', '2026-01-05', '2026-01-05'],
    ['isoDateTime', '2026-01-05T14:07:09+00:00', '2026-01-05T19:37:09+05:30', '2026-01-05T06:07:09-08:00'],
    ['YYYY-MM-DD', '2026-01-05', '2026-01-05', '2026-01-05'],
  ];

  it('has a case for every format', () => {
    expect(cases.map(([format]) => format)).toEqual([...DATE_FORMATS]);
  });

  it.each(cases)('%s gives %s in UTC, %s in Asia/Kolkata, %s in America/Los_Angeles', (format, utc, kolkata, la) => {
    expect(formatDate(MOMENT, format, { timeZone: 'UTC' })).toBe(utc);
    expect(formatDate(MOMENT, format, { timeZone: 'Asia/Kolkata' })).toBe(kolkata);
    expect(formatDate(MOMENT, format, { timeZone: 'America/Los_Angeles' })).toBe(la);
  });

  it.each([
    // Late in the day UTC is the next day further east and the same day west.
    ['2025-12-31T23:30:00Z', 'Asia/Tokyo', 'mmm dd, yyyy', 'Jan 01, 2026'],
    ['2025-12-31T23:30:00Z', 'UTC', 'longDate', 'December 31, 2025'],
    ['2026-01-01T03:00:00Z', 'America/New_York', 'isoDate', '2025-12-31'],
    // Midnight is 00, not 24; two-digit months and days keep their digits.
    ['2026-11-25T00:05:03Z', 'UTC', 'mmm dd, yyyy HH:MM', 'Nov 25, 2026 00:05'],
    ['2026-11-25T00:05:03Z', 'UTC', 'shortDate', '11/25/26'],
    ['2026-09-10T12:00:00Z', 'UTC', 'mmm dd, yyyy', 'Sep 10, 2026'],
    // Summer time changes the offset.
    ['2026-07-01T12:00:00Z', 'Europe/Berlin', 'yyyy-mm-dd HH:MM:ss Z', '2026-07-01 14:00:00 +0200'],
    ['2026-01-01T12:00:00Z', 'Europe/Berlin', 'isoDateTime', '2026-01-01T13:00:00+01:00'],
    // Years before 1000 keep four digits.
    ['0999-03-04T00:00:00Z', 'UTC', 'isoDate', '0999-03-04'],
  ] as const)('formats %s in %s as %s: %s', (date, timeZone, format, text) => {
    expect(formatDate(date, format, { timeZone })).toBe(text);
  });

  it('accepts a Date and a timestamp as well as a string', () => {
    const ms = Date.parse(MOMENT);
    expect(formatDate(new Date(ms), 'isoDateTime', { timeZone: 'UTC' })).toBe('2026-01-05T14:07:09+00:00');
    expect(formatDate(ms, 'isoDateTime', { timeZone: 'UTC' })).toBe('2026-01-05T14:07:09+00:00');
  });

  it('writes an isoDateTime that parses back to the same moment', () => {
    for (const timeZone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles']) {
      expect(Date.parse(formatDate(MOMENT, 'isoDateTime', { timeZone }))).toBe(Date.parse(MOMENT));
    }
  });

  it('defaults to mediumDate', () => {
    expect(formatDate(MOMENT, undefined, { timeZone: 'UTC' })).toBe('Jan 5, 2026');
  });

  it("uses the runtime's time zone by default", () => {
    const runtimeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDate(MOMENT, 'yyyy-mm-dd HH:MM:ss Z')).toBe(
      formatDate(MOMENT, 'yyyy-mm-dd HH:MM:ss Z', { timeZone: runtimeZone }),
    );
  });

  it('throws for an unknown format name', () => {
    expect(() => formatDate(MOMENT, 'dd/mm/yyyy' as DateFormat)).toThrow(
      'Unknown date format "dd/mm/yyyy". Use one of: mmm dd, yyyy, ',
    );
  });

  it('throws a RangeError for an unknown time zone', () => {
    expect(() => formatDate(MOMENT, 'isoDate', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe("invalid dates (spec section 5: 'Invalid date')", () => {
  const invalid: [string, unknown][] = [
    ['a word', 'not a date'],
    ['an empty string', ''],
    ['whitespace', '   '],
    ['an impossible month', '2026-13-01'],
    ['an impossible day', '2026-02-30T00:00:00Z'],
    ['the 29th of February in a common year', '2026-02-29'],
    ['the 31st of April', '2026-04-31T10:00:00+02:00'],
    ['NaN', Number.NaN],
    ['an invalid Date', new Date(Number.NaN)],
    ['null', null],
    ['undefined', undefined],
    ['an object', {}],
  ];

  it.each(invalid)('toDate throws "Invalid date" for %s', (_, input) => {
    expect(() => toDate(input as string)).toThrow(new Error('Invalid date'));
    expect(isValidDate(input as string)).toBe(false);
  });

  it.each(invalid)('formatDate, formatTime and formatDateTime throw it for %s', (_, input) => {
    expect(() => formatDate(input as string, 'isoDate')).toThrow(INVALID_DATE_MESSAGE);
    expect(() => formatTime(input as string)).toThrow(INVALID_DATE_MESSAGE);
    expect(() => formatDateTime(input as string)).toThrow(INVALID_DATE_MESSAGE);
  });

  it('names the message once', () => {
    expect(INVALID_DATE_MESSAGE).toBe('Invalid date');
  });

  it('reads valid input and returns a copy of a Date', () => {
    const original = new Date(MOMENT);
    const copy = toDate(original);
    expect(copy).not.toBe(original);
    expect(copy.getTime()).toBe(original.getTime());
    expect(toDate(0).getTime()).toBe(0);
    expect(isValidDate('2026-01-05')).toBe(true);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2026-01-31T23:59:59-05:00')).toBe(true);
  });
});

describe('formatTime and formatDateTime (time display: 1 is 12-hour, 2 is 24-hour)', () => {
  it.each([
    ['2026-01-05T14:07:09Z', '2:07 PM', '14:07'],
    ['2026-01-05T00:05:00Z', '12:05 AM', '00:05'],
    ['2026-01-05T12:00:00Z', '12:00 PM', '12:00'],
    ['2026-01-05T09:30:00Z', '9:30 AM', '09:30'],
    ['2026-01-05T23:59:59Z', '11:59 PM', '23:59'],
  ])('%s is %s (1) and %s (2)', (date, twelve, twentyFour) => {
    expect(formatTime(date, { timeZone: 'UTC', timeDisplayFormat: 1 })).toBe(twelve);
    expect(formatTime(date, { timeZone: 'UTC', timeDisplayFormat: 2 })).toBe(twentyFour);
  });

  it('uses the 12-hour clock by default and the given time zone', () => {
    expect(formatTime(MOMENT, { timeZone: 'UTC' })).toBe('2:07 PM');
    expect(formatTime(MOMENT, { timeZone: 'Asia/Kolkata', timeDisplayFormat: 2 })).toBe('19:37');
  });

  it('gives mediumDate and time', () => {
    expect(formatDateTime(MOMENT, { timeZone: 'UTC' })).toBe('Jan 5, 2026 2:07 PM');
    expect(formatDateTime(MOMENT, { timeZone: 'UTC', timeDisplayFormat: 2 })).toBe('Jan 5, 2026 14:07');
    expect(formatDateTime('2025-12-31T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Jan 1, 2026 8:30 AM');
  });
});

describe('parseTime and isValidTime (spec section 5: a time must look like h:m)', () => {
  it.each([
    ['0:0', 0, 0],
    ['9:30', 9, 30],
    ['09:05', 9, 5],
    ['9:5', 9, 5],
    ['14:05', 14, 5],
    ['23:59', 23, 59],
  ])('reads %s as %i h %i min', (text, hours, minutes) => {
    expect(parseTime(text)).toEqual({ hours, minutes });
    expect(isValidTime(text)).toBe(true);
  });

  it.each([
    '24:00',
    '9:60',
    '930',
    '9',
    ':30',
    '9:',
    '123:00',
    '9:300',
    '9:30 PM',
    ' 9:30',
    '9:30:00',
    '9.30',
    '-1:30',
    'ab:cd',
    '',
  ])('rejects %j with a clear error', (text) => {
    expect(() => parseTime(text)).toThrow(new Error(invalidTimeMessage(text)));
    expect(isValidTime(text)).toBe(false);
  });

  it('says what a valid time looks like', () => {
    expect(invalidTimeMessage('25:00')).toBe(
      'Invalid time "25:00": a time must look like h:m, with hours 0 to 23 and minutes 0 to 59 (e.g. 9:30 or 14:05).',
    );
  });
});

describe('isPastDue', () => {
  const NOW = '2026-11-25T12:00:00';
  it('is past due once today is after the due day, not on the day itself', () => {
    expect(isPastDue('2026-11-24', NOW)).toBe(true);
    expect(isPastDue('2026-11-25', NOW)).toBe(false);
    expect(isPastDue('2026-11-26', NOW)).toBe(false);
  });

  it('compares a timestamp to the moment, and never flags a missing or invalid date', () => {
    expect(isPastDue('2026-11-25T11:59:00', NOW)).toBe(true);
    expect(isPastDue('2026-11-25T12:01:00', NOW)).toBe(false);
    expect(isPastDue(null, NOW)).toBe(false);
    expect(isPastDue('not a date', NOW)).toBe(false);
  });
});
