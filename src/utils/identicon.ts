import { IDENTICON_COLOR_COUNT } from '../tokens';
import { firstGrapheme } from './text';

/**
 * The identicon background colour (1 to 7) for an entity: `entityId % 7 + 1` (spec section 3).
 * Numeric strings are read as numbers, negative ids wrap into range, and a non-numeric id (a
 * GraphQL global id such as `gid://app/User/42` uses its trailing number) falls back to the sum of
 * its character codes, so every entity gets a stable colour.
 */
export function identiconBackgroundIndex(entityId: number | string): number {
  let id = typeof entityId === 'number' ? entityId : Number(/(\d+)$/.exec(entityId)?.[1] ?? Number.NaN);
  if (!Number.isFinite(id)) {
    id = [...String(entityId)].reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0);
  }
  const n = Math.trunc(id);
  return (((n % IDENTICON_COLOR_COUNT) + IDENTICON_COLOR_COUNT) % IDENTICON_COLOR_COUNT) + 1;
}

/** The identicon text: the entity name's first character, upper-cased, emoji kept whole. */
export function identiconInitial(entityName: string): string {
  return firstGrapheme(entityName).toUpperCase();
}
