/**
 * GitLab's pagination, in one place: `page`/`per_page` (default 20, at most 100), the headers
 * `x-page`, `x-per-page`, `x-total`, `x-total-pages`, `x-next-page`, `x-prev-page` (empty
 * strings when none) and `Link` (prev, next, first, last) built from the request's own host,
 * with the query re-encoded in sorted order like Rails' `to_query`. Past the last page: `[]`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder, type SelectQueryNode } from 'kysely';

/** Default page size. */
export const DEFAULT_PER_PAGE = 20;
/** Largest page size; larger requests are clamped, as GitLab does. */
export const MAX_PER_PAGE = 100;
/** Largest page number whose offset stays an exact integer. */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE);

/** Query-string properties every paginated route declares. */
export const PAGINATION_QUERY = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
  per_page: { type: 'integer', minimum: 1, default: DEFAULT_PER_PAGE },
} as const;

/** The parsed query of a paginated route. */
export interface PaginationQuery {
  page?: number;
  per_page?: number;
}

/** The page and clamped page size a request asks for. */
export function pageOf(request: FastifyRequest): { page: number; perPage: number } {
  const query = request.query as PaginationQuery;
  return { page: query.page ?? 1, perPage: Math.min(query.per_page ?? DEFAULT_PER_PAGE, MAX_PER_PAGE) };
}

/** The request's URL with some query parameters replaced, sorted, on the request's own host. */
export function requestUrlWith(request: FastifyRequest, changes: Record<string, string | number | null>): string {
  const [path = '/', search = ''] = request.url.split('?', 2);
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  params.sort();
  return `${request.protocol}://${request.host}${path}?${params}`;
}

/** Writes the offset pagination headers. */
export function writePaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  { page, perPage, total }: { page: number; perPage: number; total: number },
): void {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const next = page < totalPages ? page + 1 : null;
  const prev = page > 1 ? Math.min(page - 1, totalPages) : null;
  const link = (rel: string, target: number) =>
    `<${requestUrlWith(request, { page: target, per_page: perPage })}>; rel="${rel}"`;
  const links = [
    ...(prev ? [link('prev', prev)] : []),
    ...(next ? [link('next', next)] : []),
    link('first', 1),
    link('last', totalPages),
  ];
  reply.headers({
    'x-page': String(page),
    'x-per-page': String(perPage),
    'x-total': String(total),
    'x-total-pages': String(totalPages),
    'x-next-page': next ? String(next) : '',
    'x-prev-page': prev ? String(prev) : '',
    link: links.join(', '),
  });
}

/** The column a page query counts all its rows in (`count(*) OVER ()`), removed from the rows. */
const TOTAL_COLUMN = 'pagination_total_count';

/** Whether `count(*) OVER ()` counts what the query returns (not with DISTINCT or UNION). */
function windowCountable(node: SelectQueryNode): boolean {
  return !node.distinctOn && !node.frontModifiers?.length && !node.setOperations?.length;
}

/**
 * Runs `query` for the requested page, counts all its rows, writes the headers and returns
 * the page's rows (`[]` past the last page). The page and the total come in one round trip
 * (a window count) when the query allows it; past the last page a separate count follows.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  request: FastifyRequest,
  reply: FastifyReply,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<O[]> {
  const { page, perPage } = pageOf(request);
  const pageRows = (q: SelectQueryBuilder<DB, TB, O>) => q.limit(perPage).offset((page - 1) * perPage);
  const count = async () =>
    (
      await request.server.db
        .selectFrom(query.clearOrderBy().as('counted') as never)
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow()
    ).total;
  let rows: O[];
  let total: number;
  if (windowCountable(query.toOperationNode())) {
    const counted = (await pageRows(
      query.select(sql<number>`(count(*) OVER ())::int`.as(TOTAL_COLUMN) as never),
    ).execute()) as (O & { [TOTAL_COLUMN]: number })[];
    rows = counted.map(({ [TOTAL_COLUMN]: _total, ...row }) => row as O);
    total = counted[0]?.[TOTAL_COLUMN] ?? (page > 1 ? await count() : 0);
  } else {
    [rows, total] = await Promise.all([pageRows(query).execute(), count()]);
  }
  writePaginationHeaders(request, reply, { page, perPage, total });
  return rows;
}

/** Keyset pagination: only `Link rel="next"` (with the cursor parameter), absent at the end. */
export function writeKeysetLink(
  request: FastifyRequest,
  reply: FastifyReply,
  next: Record<string, string | number> | null,
): void {
  const { perPage } = pageOf(request);
  reply.header('x-per-page', String(perPage));
  if (next)
    reply.header('link', `<${requestUrlWith(request, { ...next, per_page: perPage, page: null })}>; rel="next"`);
}
