/**
 * A seeded pseudo-random generator (mulberry32: 32-bit state, fast, well distributed for data
 * generation, not for secrets). The demo seed and the fuzz test use it so that one seed always
 * gives the same data and the same requests.
 */

/** 2^32, to map a 32-bit integer onto [0, 1). */
const UINT32_RANGE = 4_294_967_296;

/** Draws from one seeded sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `count` distinct elements of `items` (all of them when it has fewer), in draw order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** A generator whose sequence depends only on `seed`. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32_RANGE;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
    sample(items, count) {
      const pool = [...items];
      const taken = [];
      while (taken.length < count && pool.length > 0) taken.push(pool.splice(int(pool.length), 1)[0]!);
      return taken;
    },
  };
}
