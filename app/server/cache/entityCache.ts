/**
 * Serialised entities kept in process memory, as GitLab's `present_cached` keeps them in Redis:
 * one JSON fragment per (record, variant), valid for one version of the record. The version is
 * read from the database with the rows being answered (see migration 065), so a stale fragment
 * is never served: it simply stops matching and is replaced. Nothing needs to reach this cache
 * when another process writes; LISTEN/NOTIFY could only tell it later than the page's own query.
 */

/** How many records keep fragments; the least recently used record is dropped beyond it. */
export const MAX_CACHED_RECORDS = 10_000;
/** How many variants (viewers, hosts, options) one record keeps; the oldest is dropped beyond it. */
export const MAX_VARIANTS_PER_RECORD = 32;

interface Fragment {
  version: string;
  json: string;
}

/** Counters since start (tests and the bench read them). */
export interface EntityCacheStats {
  hits: number;
  misses: number;
}

/** A bounded map from (record id, variant) to a versioned JSON fragment. */
export class EntityCache {
  readonly #records = new Map<number, Map<string, Fragment>>();
  readonly #maxRecords: number;
  readonly stats: EntityCacheStats = { hits: 0, misses: 0 };

  constructor(maxRecords = MAX_CACHED_RECORDS) {
    this.#maxRecords = maxRecords;
  }

  /** The fragment of `id` for `variant` if it was stored for `version`. */
  get(id: number, variant: string, version: string): string | undefined {
    const variants = this.#records.get(id);
    const fragment = variants?.get(variant);
    if (!variants || fragment?.version !== version) {
      this.stats.misses += 1;
      return undefined;
    }
    // Map order is insertion order: re-inserting marks the record as recently used.
    this.#records.delete(id);
    this.#records.set(id, variants);
    this.stats.hits += 1;
    return fragment.json;
  }

  /** Stores `json` as the fragment of `id` for `variant` at `version`. */
  set(id: number, variant: string, version: string, json: string): void {
    let variants = this.#records.get(id);
    if (variants) this.#records.delete(id);
    else variants = new Map();
    this.#records.set(id, variants);
    variants.delete(variant);
    variants.set(variant, { version, json });
    if (variants.size > MAX_VARIANTS_PER_RECORD) variants.delete(variants.keys().next().value!);
    if (this.#records.size > this.#maxRecords) this.#records.delete(this.#records.keys().next().value!);
  }

  /** How many records hold fragments. */
  get size(): number {
    return this.#records.size;
  }
}
