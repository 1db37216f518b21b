/**
 * Page and referrer URLs without ids (spec section 5): the server renders this page's URL with
 * its ids replaced; the tracker reports that instead of the real URL, keeping only a `#diff...` or
 * `#note...` fragment. Each page remembers its pseudonymised URL for a day (localStorage), so that
 * the next page can report it as its referrer instead of the real one.
 */
import { readStorage, writeStorage } from '../../utils/storage';
import { ALLOWED_URL_HASHES, REFERRERS_CACHE_KEY, REFERRER_TTL } from './constants';

/** One remembered page: its real URL and what to report instead. */
export interface ReferrerEntry {
  /** The pseudonymised URL. */
  url: string;
  /** The (pseudonymised) referrer that page reported. */
  referrer: string;
  /** The page's real URL, as a later page sees it in `document.referrer`. */
  originalUrl: string;
  /** When it was stored (ms since the epoch). */
  timestamp: number;
}

export interface PageUrls {
  /** The pseudonymised URL of this page (`gl.snowplowPseudonymizedPageUrl`). */
  pageUrl: string;
  /** The page's real URL (`location.href`). */
  href: string;
  /** Its fragment, with the `#` (`location.hash`). */
  hash: string;
  /** The real referrer (`document.referrer`), `''` when none. */
  referrer: string;
  /** Sent as the referrer when the real one is not a remembered page. */
  maskedDefaultReferrerUrl: string | undefined;
}

/** What the tracker reports for the page: its URL, its referrer (if any) and the entry to remember. */
export interface PseudonymizedUrls {
  url: string;
  referrer: string | undefined;
  entry: ReferrerEntry;
}

/**
 * The URLs to report for a page, given the remembered pages. A referrer that is not a remembered
 * page becomes the masked default referrer, or the bare origin of the referrer (no path, no ids).
 */
export function pseudonymizeUrls(page: PageUrls, cache: readonly ReferrerEntry[], now: number): PseudonymizedUrls {
  const keepHash = ALLOWED_URL_HASHES.some((prefix) => page.hash.startsWith(prefix));
  const url = `${page.pageUrl}${keepHash ? page.hash : ''}`;
  let referrer: string | undefined;
  if (page.referrer) {
    referrer =
      cache.find((entry) => entry.originalUrl === page.referrer)?.url ??
      page.maskedDefaultReferrerUrl ??
      originOf(page.referrer);
  }
  return {
    url,
    referrer,
    entry: { url: page.pageUrl, referrer: referrer ?? '', originalUrl: page.href, timestamp: now },
  };
}

/** The remembered pages younger than a day. */
export function readReferrersCache(now: number): ReferrerEntry[] {
  const stored = readStorage<unknown>('local', REFERRERS_CACHE_KEY);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (entry: Partial<ReferrerEntry>): entry is ReferrerEntry =>
      typeof entry?.timestamp === 'number' && entry.timestamp > now - REFERRER_TTL,
  );
}

/**
 * Works out this page's pseudonymised URLs from the document and remembers the page; `undefined`
 * when the page has no pseudonymised URL (then the tracker reports the real ones).
 */
export function pseudonymizeCurrentPage(
  pageUrl: string | undefined,
  maskedDefaultReferrerUrl: string | undefined,
): PseudonymizedUrls | undefined {
  if (!pageUrl || typeof location === 'undefined' || typeof document === 'undefined') return undefined;
  const now = Date.now();
  const cache = readReferrersCache(now);
  const urls = pseudonymizeUrls(
    { pageUrl, href: location.href, hash: location.hash, referrer: document.referrer, maskedDefaultReferrerUrl },
    cache,
    now,
  );
  writeStorage('local', REFERRERS_CACHE_KEY, [urls.entry, ...cache]);
  return urls;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
