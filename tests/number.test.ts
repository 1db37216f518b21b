import { addDelimiter, highCountTrim, limitedCounterWithDelimiter, numberToHumanSize } from '../src/utils/number';
import { COUNTER_LIMITS } from '../src/tokens';

describe('addDelimiter', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234, '1,234'],
    [1234567, '1,234,567'],
    [-1234567, '-1,234,567'],
    ['1234.5678', '1,234.5678'],
    [1234.5678, '1,234.5678'],
    [0.5, '0.5'],
  ])('formats %s as %s', (value, text) => {
    expect(addDelimiter(value)).toBe(text);
  });

  it('returns non-numeric text unchanged', () => {
    expect(addDelimiter('abc')).toBe('abc');
    expect(addDelimiter('')).toBe('');
    expect(addDelimiter(Number.NaN)).toBe('NaN');
  });
});

describe('highCountTrim (spec: "99+" above 99)', () => {
  it('uses the spec limit', () => {
    expect(COUNTER_LIMITS.high).toBe(99);
  });

  it.each([
    [0, '0'],
    [5, '5'],
    [99, '99'],
    [100, '99+'],
    [1500, '99+'],
  ])('shows %i as %s', (count, text) => {
    expect(highCountTrim(count)).toBe(text);
  });
});

describe('limitedCounterWithDelimiter (spec: "1,000+" above 1000)', () => {
  it('uses the spec limit', () => {
    expect(COUNTER_LIMITS.delimited).toBe(1000);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1001, '1,000+'],
    [123456, '1,000+'],
  ])('shows %i as %s', (count, text) => {
    expect(limitedCounterWithDelimiter(count)).toBe(text);
  });
});

describe('numberToHumanSize', () => {
  const KiB = 1024;
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [KiB - 1, '1023 B'],
    [KiB, '1.00 KiB'],
    [1536, '1.50 KiB'],
    [KiB ** 2, '1.00 MiB'],
    [2 * KiB ** 2, '2.00 MiB'],
    [KiB ** 3, '1.00 GiB'],
    [3.25 * KiB ** 3, '3.25 GiB'],
  ])('shows %i bytes as %s', (bytes, text) => {
    expect(numberToHumanSize(bytes)).toBe(text);
  });

  it('keeps a TiB or more in GiB', () => {
    expect(numberToHumanSize(KiB ** 4)).toBe('1024.00 GiB');
  });

  it('takes the number of decimal places', () => {
    expect(numberToHumanSize(1536, 1)).toBe('1.5 KiB');
    expect(numberToHumanSize(1536, 0)).toBe('2 KiB');
  });

  it('keeps the sign of a negative size', () => {
    expect(numberToHumanSize(-2048)).toBe('-2.00 KiB');
    expect(numberToHumanSize(-5)).toBe('-5 B');
  });

  it('shows non-finite input as 0 B', () => {
    expect(numberToHumanSize(Number.NaN)).toBe('0 B');
    expect(numberToHumanSize(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});
