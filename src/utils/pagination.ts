/**
 * Pagination response headers (spec section 3: per-page, page, total, total-pages, next-page,
 * prev-page) and the `Link` header (RFC 8288 `rel` next, prev, first, last).
 */

/** The header names read, as the server sends them (matched case-insensitively). */
export const PAGINATION_HEADERS = {
  perPage: 'X-Per-Page',
  page: 'X-Page',
  total: 'X-Total',
  totalPages: 'X-Total-Pages',
  nextPage: 'X-Next-Page',
  previousPage: 'X-Prev-Page',
  link: 'Link',
} as const;

/** The `Link` relations read. `previous` is accepted as a synonym of `prev`. */
export const PAGINATION_LINK_RELATIONS = ['next', 'prev', 'first', 'last'] as const;
export type PaginationLinkRelation = (typeof PAGINATION_LINK_RELATIONS)[number];

export interface PaginationHeaders {
  /** Items per page (`X-Per-Page`). */
  perPage: number | null;
  /** The current page, from 1 (`X-Page`). */
  page: number | null;
  /** Total number of items (`X-Total`); servers leave it out for very large collections. */
  total: number | null;
  /** Total number of pages (`X-Total-Pages`); left out with `X-Total`. */
  totalPages: number | null;
  /** The next page (`X-Next-Page`); null on the last page (the server sends it empty). */
  nextPage: number | null;
  /** The previous page (`X-Prev-Page`); null on the first page. */
  previousPage: number | null;
  /** URLs from the `Link` header by relation; null when the relation is missing. */
  links: Record<PaginationLinkRelation, string | null>;
}

/** A header value as Fetch, Node (`IncomingHttpHeaders`) or a test would hold it. */
export type HeaderValue = string | number | readonly string[] | null | undefined;
export type HeaderSource = Headers | Readonly<Record<string, HeaderValue>>;

function isHeaders(source: HeaderSource): source is Headers {
  return typeof Headers !== 'undefined' && source instanceof Headers;
}

/** One header's value, names compared case-insensitively; repeated values joined with ', ' as Fetch does. */
function readHeader(source: HeaderSource, name: string): string | null {
  if (isHeaders(source)) return source.get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(source)) {
    if (key.toLowerCase() !== wanted || value === null || value === undefined) continue;
    return Array.isArray(value) ? value.join(', ') : String(value);
  }
  return null;
}

/** A non-negative whole number written in decimal digits, or null ('' means "none"). */
function parseCount(value: string | null): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
}

/** The next/prev/first/last URLs of a `Link` header: `<url>; rel="next", <url>; rel="last"`. */
export function parseLinkHeader(value: string | null): Record<PaginationLinkRelation, string | null> {
  const links: Record<PaginationLinkRelation, string | null> = { next: null, prev: null, first: null, last: null };
  if (!value) return links;
  // Each link is <uri> followed by ;-separated parameters; the URI may itself hold commas and semicolons.
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,"=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const [, url = '', params = ''] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    for (const relation of relations) {
      const key = relation === 'previous' ? 'prev' : relation;
      if (
        (PAGINATION_LINK_RELATIONS as readonly string[]).includes(key) &&
        url &&
        links[key as PaginationLinkRelation] === null
      ) {
        links[key as PaginationLinkRelation] = url.trim();
      }
    }
  }
  return links;
}

/**
 * Reads the pagination headers of a REST response into numbers: a `Headers` object (fetch) or a
 * plain record (names in any case). Missing, empty and non-numeric values are null (the server
 * sends `X-Next-Page: ''` on the last page). The `Link` header gives the next/prev/first/last URLs.
 */
export function parsePaginationHeaders(headers: HeaderSource): PaginationHeaders {
  const read = (name: string) => parseCount(readHeader(headers, name));
  return {
    perPage: read(PAGINATION_HEADERS.perPage),
    page: read(PAGINATION_HEADERS.page),
    total: read(PAGINATION_HEADERS.total),
    totalPages: read(PAGINATION_HEADERS.totalPages),
    nextPage: read(PAGINATION_HEADERS.nextPage),
    previousPage: read(PAGINATION_HEADERS.previousPage),
    links: parseLinkHeader(readHeader(headers, PAGINATION_HEADERS.link)),
  };
}
