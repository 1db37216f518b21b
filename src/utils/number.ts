import { COUNTER_LIMITS } from '../tokens';

/**
 * Separates thousands with commas: `addDelimiter(1234567)` is `'1,234,567'`. Only the integer
 * part is grouped (`'1234.5678'` becomes `'1,234.5678'`); text that does not start with digits is returned unchanged.
 */
export function addDelimiter(value: number | string): string {
  const text = String(value);
  const match = /^(-?)(\d+)(.*)$/s.exec(text);
  if (!match) return text;
  const [, sign, integer = '', rest] = match;
  return `${sign}${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${rest}`;
}

/** Counter text that never grows past three characters: `'99+'` above 99 (spec section 9). */
export function highCountTrim(count: number): string {
  return count > COUNTER_LIMITS.high ? `${COUNTER_LIMITS.high}+` : String(count);
}

/** Counter text with thousands separators, capped: `'1,000+'` above 1000 (spec section 9). */
export function limitedCounterWithDelimiter(count: number): string {
  return count > COUNTER_LIMITS.delimited ? `${addDelimiter(COUNTER_LIMITS.delimited)}+` : addDelimiter(count);
}

const BYTES_IN_KIB = 1024;
const UNITS = ['KiB', 'MiB', 'GiB'] as const;

/**
 * Human-readable byte size in binary units: `'512 B'`, `'1.50 KiB'`, `'2.00 MiB'`, `'3.25 GiB'`.
 * Sizes of a TiB or more stay in GiB. Non-finite input is returned as `'0 B'`.
 * @param digits decimal places for KiB and above (default 2)
 */
export function numberToHumanSize(bytes: number, digits = 2): string {
  if (!Number.isFinite(bytes)) return '0 B';
  const magnitude = Math.abs(bytes);
  if (magnitude < BYTES_IN_KIB) return `${bytes} B`;
  const exponent = Math.min(Math.floor(Math.log(magnitude) / Math.log(BYTES_IN_KIB)), UNITS.length);
  return `${(bytes / BYTES_IN_KIB ** exponent).toFixed(digits)} ${UNITS[exponent - 1]}`;
}
