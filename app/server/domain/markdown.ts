/**
 * Server-side Markdown: `forgekit/markdown`'s `renderMarkdown` with references resolved from the
 * database and GitLab's emoji. Text is rendered once, when it is written, and stored beside its
 * source (GitLab's `*_html` cache columns) with {@link CACHED_MARKDOWN_VERSION}; a row written by
 * an older renderer is re-rendered the next time its HTML is read (`withFreshHtml`). Never on
 * every view: sanitising in Node costs about nine times the render itself.
 */
import { renderMarkdown } from 'forgekit/markdown';
import type { DbOrTx } from '../db/schema.ts';
import { loadEmoji, markdownEmoji } from './emoji.ts';
import './issuableTables.ts';
import { resolveReferences, type MarkdownScope } from './references.ts';

export type { MarkdownScope } from './references.ts';

/**
 * Version of the rendered HTML in the cache columns. Bump it when the renderer's output changes
 * (a new forgekit/markdown, another resolver): stored HTML of older versions is re-rendered lazily.
 * 2: task-list checkboxes carry their accessible name from the renderer.
 */
export const CACHED_MARKDOWN_VERSION = 2;

/** Renders GitLab-flavoured Markdown with references resolved in `scope`. */
export async function renderGfm(db: DbOrTx, text: string, scope: MarkdownScope): Promise<string> {
  await loadEmoji();
  return renderMarkdown(text, {
    resolveReferences: (references) => resolveReferences(db, scope, references),
    emoji: markdownEmoji,
    location: {
      ...(scope.project ? { project: scope.project.fullPath } : {}),
      ...(scope.group && !scope.project ? { group: scope.group.fullPath } : {}),
      root: scope.root,
    },
  });
}

/** Plain Markdown (`gfm=false`): no references resolved. */
export async function renderPlainMarkdown(text: string): Promise<string> {
  await loadEmoji();
  return renderMarkdown(text, { emoji: markdownEmoji });
}

const SINGLE_PARAGRAPH = /^<p>((?:(?!<\/?p>)[\s\S])*)<\/p>\s*$/;

/** A one-line text such as a title: rendered inline, without the paragraph around it. */
export async function renderSingleLine(db: DbOrTx, text: string, scope: MarkdownScope): Promise<string> {
  const html = await renderGfm(db, text, scope);
  return SINGLE_PARAGRAPH.exec(html)?.[1] ?? html;
}

/** The tables with cached HTML and, per table, which source column renders into which column. */
export const MARKDOWN_FIELDS = {
  issues: { title: { html: 'title_html', singleLine: true }, description: { html: 'description_html' } },
  notes: { note: { html: 'note_html' } },
  labels: { description: { html: 'description_html' } },
  milestones: { title: { html: 'title_html', singleLine: true }, description: { html: 'description_html' } },
} as const satisfies Record<string, Record<string, { html: string; singleLine?: boolean }>>;

export type CachedTable = keyof typeof MARKDOWN_FIELDS;

/**
 * The cache columns for the given source values of a `table` row: each `*_html` (null for a
 * null source) and `cached_markdown_version`. Spread into the insert or update.
 */
export async function renderedColumns(
  db: DbOrTx,
  table: CachedTable,
  values: Record<string, string | null | undefined>,
  scope: MarkdownScope,
): Promise<Record<string, string | number | null>> {
  const fields: Record<string, { html: string; singleLine?: boolean }> = MARKDOWN_FIELDS[table];
  const columns: Record<string, string | number | null> = { cached_markdown_version: CACHED_MARKDOWN_VERSION };
  for (const [source, { html, singleLine }] of Object.entries(fields)) {
    const text = values[source];
    if (text === undefined) continue;
    columns[html] =
      text === null ? null : singleLine ? await renderSingleLine(db, text, scope) : await renderGfm(db, text, scope);
  }
  return columns;
}

/** True when the row's HTML was written by an older renderer (or never). */
export function isStale(row: { cached_markdown_version: number | null }): boolean {
  return row.cached_markdown_version === null || row.cached_markdown_version < CACHED_MARKDOWN_VERSION;
}

/**
 * `rows` with current HTML: stale rows are re-rendered from their sources, stored (only if no
 * newer render got there first) and returned updated; fresh rows are returned as they are.
 */
export async function withFreshHtml<R extends { id: number; cached_markdown_version: number | null }>(
  db: DbOrTx,
  table: CachedTable,
  rows: R[],
  scopeOf: (row: R) => MarkdownScope | Promise<MarkdownScope>,
): Promise<R[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (!isStale(row)) return row;
      const sources = Object.fromEntries(
        Object.keys(MARKDOWN_FIELDS[table]).map((source) => [source, row[source as keyof R] as string | null]),
      );
      const columns = await renderedColumns(db, table, sources, await scopeOf(row));
      await db
        .updateTable(table)
        .set(columns as never)
        .where('id', '=', row.id)
        .where((eb) =>
          eb.or([
            eb('cached_markdown_version', 'is', null),
            eb('cached_markdown_version', '<', CACHED_MARKDOWN_VERSION),
          ]),
        )
        .execute();
      return { ...row, ...columns };
    }),
  );
}
