/**
 * Whole answers of hot REST reads kept in process memory, each with the fingerprint (the versions
 * of migration 070, read from the database before the answer was built) it is valid for. The HTTP
 * side (app/server/http/responseCache.ts) reads the current fingerprint in one query and serves
 * the stored answer only if it is the same: nothing has to reach this cache when something
 * changes, in this process or another, and an answer is never older than an acknowledged write.
 */

/** Bytes of stored answers (bodies and headers, as UTF-16 code units); least recently used dropped beyond. */
export const MAX_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;
/** How many URLs remember the project their answer came from (for the next request's fingerprint). */
export const MAX_RESPONSE_CACHE_HINTS = 10_000;

/** A stored answer. */
export interface CachedResponse {
  /** The versions read before the answer was built. */
  fingerprint: string;
  /** The version scope the answer depends on besides the viewer (`project:<id>`). */
  scope: string;
  headers: Record<string, string>;
  body: string;
}

/** Counters since start (tests and the bench read them). */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  stored: number;
}

/** Re-inserts `key` so that a Map's insertion order is least to most recently used. */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
}

function sizeOf(entry: CachedResponse): number {
  let size = entry.body.length + entry.fingerprint.length;
  for (const [name, value] of Object.entries(entry.headers)) size += name.length + value.length;
  return size;
}

/**
 * Answers keyed by (credential, URL), bounded in bytes, and per URL the version scope its last
 * answer was built in (a URL's project changes only when a project is renamed, moved or deleted,
 * each of which changes the fingerprint).
 */
export class ResponseCache {
  readonly #entries = new Map<string, CachedResponse>();
  readonly #hints = new Map<string, string>();
  readonly #maxBytes: number;
  #bytes = 0;
  readonly stats: ResponseCacheStats = { hits: 0, misses: 0, stored: 0 };

  constructor(maxBytes = MAX_RESPONSE_CACHE_BYTES) {
    this.#maxBytes = maxBytes;
  }

  /** The version scope the last answer of `url` was built in, if known. */
  scopeOf(url: string): string | undefined {
    return this.#hints.get(url);
  }

  /** Remembers that `url` answers from `scope`. */
  setScope(url: string, scope: string): void {
    touch(this.#hints, url, scope);
    if (this.#hints.size > MAX_RESPONSE_CACHE_HINTS) this.#hints.delete(this.#hints.keys().next().value!);
  }

  /** The answer stored under `key` if it was built at `fingerprint`. */
  get(key: string, fingerprint: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry?.fingerprint !== fingerprint) {
      this.stats.misses += 1;
      return undefined;
    }
    touch(this.#entries, key, entry);
    this.stats.hits += 1;
    return entry;
  }

  /** Stores `entry` under `key`, replacing what was there. */
  set(key: string, entry: CachedResponse): void {
    this.#remove(key);
    const size = sizeOf(entry);
    if (size > this.#maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += size;
    this.stats.stored += 1;
    while (this.#bytes > this.#maxBytes) this.#remove(this.#entries.keys().next().value!);
  }

  #remove(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(old);
  }

  /** How many answers are stored. */
  get size(): number {
    return this.#entries.size;
  }
}
