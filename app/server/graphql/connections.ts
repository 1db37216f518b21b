/**
 * Relay connections as GitLab serves them: `first`/`after`, `last`/`before`, `nodes`, `edges`,
 * `pageInfo` and `count`. Cursors are opaque (base64 of the position). GitLab's page sizes: 100 by
 * default and at most (`default_max_page_size`).
 */
import { GraphQLError } from 'graphql/index.js';
import { sql, type SelectQueryBuilder } from 'kysely';

/** Page size when neither `first` nor `last` is given, and the largest one allowed. */
export const MAX_PAGE_SIZE = 100;

/** Connection arguments. */
export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** A resolved connection. */
export interface Connection<T> {
  count: number;
  nodes: T[];
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64');
}

function decodeCursor(cursor: string): number {
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // handled below
  }
  throw new GraphQLError('Please provide a valid cursor');
}

function window(args: ConnectionArgs, total: number): { start: number; end: number } {
  for (const size of [args.first, args.last]) {
    if (size !== null && size !== undefined && size < 0)
      throw new GraphQLError('Argument first/last must be non-negative');
  }
  let start = args.after ? decodeCursor(args.after) + 1 : 0;
  let end = args.before ? Math.min(decodeCursor(args.before), total) : total;
  start = Math.min(start, end);
  if (args.first !== null && args.first !== undefined) end = Math.min(end, start + Math.min(args.first, MAX_PAGE_SIZE));
  if (args.last !== null && args.last !== undefined) start = Math.max(start, end - Math.min(args.last, MAX_PAGE_SIZE));
  if (args.first == null && args.last == null) end = Math.min(end, start + MAX_PAGE_SIZE);
  return { start, end };
}

function build<T>(items: T[], start: number, total: number): Connection<T> {
  const edges = items.map((node, index) => ({ cursor: encodeCursor(start + index), node }));
  return {
    count: total,
    nodes: items,
    edges,
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: start + items.length < total,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A connection over an in-memory list. */
export function arrayConnection<T>(items: readonly T[], args: ConnectionArgs): Connection<T> {
  const { start, end } = window(args, items.length);
  return build(items.slice(start, end), start, items.length);
}

/**
 * A connection over an ordered query: one count, one page. `map` turns rows into nodes (it may
 * drop rows the asker may not see, which the count cannot know: keep such filters in SQL).
 */
export async function queryConnection<Row, T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table set
  query: SelectQueryBuilder<any, any, Row>,
  args: ConnectionArgs,
  map: (rows: Row[]) => T[] | Promise<T[]>,
): Promise<Connection<T>> {
  const { total } = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirst()) as { total: number };
  const { start, end } = window(args, total);
  const rows =
    end > start
      ? await query
          .offset(start)
          .limit(end - start)
          .execute()
      : [];
  return build(await map(rows), start, total);
}
