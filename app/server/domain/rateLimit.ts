/**
 * A fixed-window rate limiter kept in the database, so that every server process sharing a
 * PostgreSQL database counts together (process memory alone would not).
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';

/** A limit: at most `limit` hits per `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Counts one hit for `key`; when over the limit, says how many seconds until the window ends. */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  { limit, windowSeconds }: RateLimit,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const windowStart = new Date(now - (now % windowMs));
  const { count } = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  // Old windows are useless: drop them as we go (cheap, indexed by the primary key's prefix).
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).where('window_start', '<', windowStart).execute();
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.ceil((windowStart.getTime() + windowMs - now) / 1000),
  };
}
