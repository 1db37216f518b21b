/**
 * Page info from GitLab's pagination headers (spec section 3: per-page, page, total, total-pages,
 * next-page, prev-page), shaped for the `Pagination` component.
 */
import { parsePaginationHeaders, type HeaderSource, type PaginationHeaders } from '../../utils/pagination';

/**
 * The page a REST list response is on, in the props of `Pagination`:
 * `<Pagination {...parsePageInfo(response.headers)} hrefBuilder={...} />`. `totalPages` is left out when the
 * server skipped the counts (GitLab does above 10,000 items); `hasNextPage` then says whether
 * Next is enabled.
 */
export interface PageInfo {
  /** The current page, from 1 (`X-Page`; 1 when absent). */
  page: number;
  /** Number of pages (`X-Total-Pages`), when the server counted them. */
  totalPages?: number;
  /** Is there a page after this one (`X-Next-Page` not empty)? */
  hasNextPage: boolean;
}

/** The first page, when a response names none. */
const FIRST_PAGE = 1;

/** `PageInfo` from parsed pagination headers. */
export function toPageInfo(pagination: PaginationHeaders): PageInfo {
  const page = pagination.page ?? FIRST_PAGE;
  const info: PageInfo = { page, hasNextPage: pagination.nextPage !== null };
  if (pagination.totalPages !== null) info.totalPages = pagination.totalPages;
  return info;
}

/** Every pagination header with the `Link` URLs (the same reader as `forgekit`'s). */
export { parsePaginationHeaders, type PaginationHeaders };

/** `PageInfo` straight from response headers (a `Headers` object or a plain record). */
export function parsePageInfo(headers: HeaderSource): PageInfo {
  return toPageInfo(parsePaginationHeaders(headers));
}
