/**
 * Loads what the issue entity shows for a whole page of issues in one query (projects, people,
 * labels, milestones, note and award counts as JSON columns), then serializes; lists keep each
 * serialised issue in the server's entity cache (GitLab's `present_cached`).
 */
import type { FastifyRequest } from 'fastify';
import type { EntityCache } from '../../cache/entityCache.ts';
import { CompiledQuery, sql, type SqlBool } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { DbOrTx } from '../../db/schema.ts';
import type { IssueRow, MilestoneRow } from '../../domain/issuableTables.ts';
import { entityContext } from './entities/context.ts';
import { Issue, type IssueOptions, type IssueView } from './entities/Issue.ts';

/** The header GitLab sets on an answer that came from its cache. */
export const FROM_CACHE_HEADER = 'x-gitlab-from-cache';

/**
 * The version of each listed issue's JSON, selected with the page (`"<issue version>:<epoch>"`,
 * both bumped by the triggers of migration 065 in every writing transaction).
 */
export const ISSUE_CACHE_VERSION = sql<string>`coalesce((SELECT v.version FROM issue_cache_versions v
  WHERE v.issue_id = issues.id), 0)::text || ':' || (SELECT e.epoch FROM issue_cache_epoch e)::text`.as(
  'cache_version',
);

/** Award names that count as `upvotes` and `downvotes`. */
export const UPVOTE = 'thumbsup';
export const DOWNVOTE = 'thumbsdown';

/** The labels on `ids` of `targetType` (`Issue`, `MergeRequest`), each with its `target_id`. */
export function loadLabelLinks(db: DbOrTx, targetType: string, ids: readonly number[]) {
  return db
    .selectFrom('label_links')
    .innerJoin('labels', 'labels.id', 'label_links.label_id')
    .selectAll('labels')
    .select('label_links.target_id')
    .where('label_links.target_type', '=', targetType)
    .where('label_links.target_id', 'in', ids)
    .execute();
}

/** The milestones `ids`, each with the full path of its project or group (`owner_path`). */
export async function loadMilestones(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('milestones')
    .leftJoin('projects as mp', 'mp.id', 'milestones.project_id')
    .leftJoin('namespaces as pn', 'pn.id', 'mp.namespace_id')
    .leftJoin('namespaces as gn', 'gn.id', 'milestones.group_id')
    .selectAll('milestones')
    .select(sql<string>`coalesce(pn.full_path || '/' || mp.path, gn.full_path)`.as('owner_path'))
    .where('milestones.id', 'in', ids)
    .execute();
}

/** How many user (not system) notes each of `ids` of `noteableType` has. */
export function countUserNotes(db: DbOrTx, noteableType: string, ids: readonly number[]) {
  return db
    .selectFrom('notes')
    .select(['noteable_id', sql<number>`count(*)::int`.as('count')])
    .where('noteable_type', '=', noteableType)
    .where('noteable_id', 'in', ids)
    .where('system', '=', false)
    .groupBy('noteable_id')
    .execute();
}

/** The user columns that `UserBasic` shows (all an issue embeds of a person). */
const USER_BASIC_COLUMNS = [
  'users.id',
  'users.username',
  'users.name',
  'users.state',
  'users.locked',
  'users.avatar_url',
] as const;
/** The label columns that `LabelBasic` shows. */
const LABEL_BASIC_COLUMNS = [
  'labels.id',
  'labels.title',
  'labels.color',
  'labels.description',
  'labels.description_html',
] as const;

/** Back from JSON: a milestone's timestamps and dates as the row type has them. */
function milestoneFromJson(json: Record<keyof MilestoneRow, unknown> & { owner_path: string }): MilestoneRow {
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    ...(json as unknown as MilestoneRow),
    created_at: new Date(json.created_at as string),
    updated_at: new Date(json.updated_at as string),
    due_date: date(json.due_date),
    start_date: date(json.start_date),
  };
}

/** The presenter query for `ids`, seen by `viewerId` (none: anonymous). */
function issueViewsQuery(db: DbOrTx, ids: readonly number[], viewerId: number | undefined) {
  return db
    .selectFrom('issues')
    .innerJoin('projects', 'projects.id', 'issues.project_id')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .select([
      'issues.id',
      'projects.id as project_id',
      'projects.path',
      'projects.namespace_id',
      'namespaces.full_path',
    ])
    .select((eb) => {
      const person = (column: 'issues.author_id' | 'issues.closed_by_id') =>
        jsonObjectFrom(eb.selectFrom('users').select(USER_BASIC_COLUMNS).whereRef('users.id', '=', column));
      const votes = (name: string) =>
        eb
          .selectFrom('award_emoji')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('award_emoji.awardable_type', '=', 'Issue')
          .whereRef('award_emoji.awardable_id', '=', 'issues.id')
          .where('award_emoji.name', '=', name);
      return [
        person('issues.author_id').as('author'),
        person('issues.closed_by_id').as('closed_by'),
        jsonArrayFrom(
          eb
            .selectFrom('issue_assignees')
            .innerJoin('users', 'users.id', 'issue_assignees.user_id')
            .select(USER_BASIC_COLUMNS)
            .whereRef('issue_assignees.issue_id', '=', 'issues.id')
            .orderBy('users.id'),
        ).as('assignees'),
        jsonArrayFrom(
          eb
            .selectFrom('label_links')
            .innerJoin('labels', 'labels.id', 'label_links.label_id')
            .select(LABEL_BASIC_COLUMNS)
            .where('label_links.target_type', '=', 'Issue')
            .whereRef('label_links.target_id', '=', 'issues.id'),
        ).as('labels'),
        jsonObjectFrom(
          eb
            .selectFrom('milestones')
            .leftJoin('projects as mp', 'mp.id', 'milestones.project_id')
            .leftJoin('namespaces as pn', 'pn.id', 'mp.namespace_id')
            .leftJoin('namespaces as gn', 'gn.id', 'milestones.group_id')
            .selectAll('milestones')
            .select(sql<string>`coalesce(pn.full_path || '/' || mp.path, gn.full_path)`.as('owner_path'))
            .whereRef('milestones.id', '=', 'issues.milestone_id'),
        ).as('milestone'),
        eb
          .selectFrom('notes')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('notes.noteable_type', '=', 'Issue')
          .whereRef('notes.noteable_id', '=', 'issues.id')
          .where('notes.system', '=', false)
          .as('user_notes_count'),
        votes(UPVOTE).as('upvotes'),
        votes(DOWNVOTE).as('downvotes'),
        eb
          .exists(
            eb
              .selectFrom('notes')
              .select(sql`1`.as('one'))
              .where('notes.noteable_type', '=', 'Issue')
              .whereRef('notes.noteable_id', '=', 'issues.id')
              .where((note) => (viewerId === undefined ? note.lit(false) : note('notes.author_id', '=', viewerId))),
          )
          .as('commented'),
      ];
    })
    .where(sql<SqlBool>`issues.id = ANY(${ids}::int[])`);
}

type IssueViewsRow = Awaited<ReturnType<ReturnType<typeof issueViewsQuery>['execute']>>[number];

/** Stand-ins compiled into the query templates, found again by identity among the parameters. */
const IDS_SLOT: readonly number[] = [];
const VIEWER_SLOT = Number.MIN_SAFE_INTEGER;

/**
 * The presenter query compiled once per kind of asker (anonymous or signed in) instead of built
 * by Kysely on every request (it was about a tenth of the issue list's Node time); the same SQL
 * text every time also lets PostgreSQL reuse its plan.
 */
const compiledViewsQueries: Partial<Record<'anonymous' | 'signedIn', CompiledQuery>> = {};

function compiledViewsQuery(db: DbOrTx, ids: readonly number[], viewerId: number | undefined): CompiledQuery {
  // Both databases compile the same PostgreSQL text, so one template serves every connection.
  const template = (compiledViewsQueries[viewerId === undefined ? 'anonymous' : 'signedIn'] ??= issueViewsQuery(
    db,
    IDS_SLOT,
    viewerId === undefined ? undefined : VIEWER_SLOT,
  ).compile());
  return CompiledQuery.raw(
    template.sql,
    template.parameters.map((value) => (value === IDS_SLOT ? ids : value === VIEWER_SLOT ? viewerId : value)),
  );
}

/**
 * The views of `issues` (same order), in one query: a page of issues costs one round trip
 * whatever it shows (people, labels, milestone, counts), not one per association.
 */
export async function loadIssueViews(db: DbOrTx, issues: readonly IssueRow[], viewerId?: number): Promise<IssueView[]> {
  if (issues.length === 0) return [];
  const { rows } = await db.executeQuery<IssueViewsRow>(
    compiledViewsQuery(
      db,
      issues.map((issue) => issue.id),
      viewerId,
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));

  return issues.map((issue) => {
    const row = byId.get(issue.id)!;
    return {
      issue,
      project: {
        id: row.project_id,
        path: row.path,
        namespaceId: row.namespace_id,
        fullPath: `${row.full_path}/${row.path}`,
      },
      author: row.author,
      closedBy: row.closed_by,
      assignees: row.assignees,
      labels: row.labels,
      milestone: row.milestone ? { row: milestoneFromJson(row.milestone), ownerPath: row.milestone.owner_path } : null,
      userNotesCount: row.user_notes_count ?? 0,
      upvotes: row.upvotes ?? 0,
      downvotes: row.downvotes ?? 0,
      // Participants are subscribed, as in GitLab: the author, assignees and commenters.
      ...(viewerId === undefined
        ? {}
        : {
            subscribed:
              issue.author_id === viewerId ||
              row.assignees.some((user) => user.id === viewerId) ||
              Boolean(row.commented),
          }),
    };
  });
}

/** Serializes `issues` for `request` (entities in the same order). */
export async function presentIssues(request: FastifyRequest, issues: readonly IssueRow[], options: IssueOptions = {}) {
  const views = await loadIssueViews(request.server.db, issues, request.auth.user?.id);
  const ctx = entityContext(request);
  return views.map((view) => Issue(view, ctx, options));
}

/** An issue row read with its `ISSUE_CACHE_VERSION`. */
export type VersionedIssueRow = IssueRow & { cache_version: string };

/**
 * What besides the rows decides an issue's JSON: the viewer (`subscribed`; which issues a viewer
 * may read is decided by the list query, before the cache), the host in its URLs, what its
 * references are relative to, the label details, and the day (a milestone's `expired`).
 */
function issueVariant(request: FastifyRequest, options: IssueOptions, now = new Date()): string {
  const from = !options.from
    ? ''
    : 'projectId' in options.from
      ? `p${options.from.projectId}`
      : `g${options.from.groupId}`;
  return JSON.stringify([
    request.auth.user?.id ?? null,
    entityContext(request).baseUrl,
    from,
    Boolean(options.withLabelsDetails),
    now.toISOString().slice(0, 10),
  ]);
}

/**
 * The JSON array of `rows` for `request`: each issue's fragment from `cache` when it was stored
 * for the version read with the page, the others presented in one query and stored. `fromCache`
 * is true when every issue of a non-empty page came from the cache.
 */
export async function presentIssueList(
  request: FastifyRequest,
  cache: EntityCache,
  rows: readonly VersionedIssueRow[],
  options: IssueOptions = {},
): Promise<{ json: string; fromCache: boolean }> {
  const variant = issueVariant(request, options);
  const fragments = rows.map((row) => cache.get(row.id, variant, row.cache_version));
  const missing = rows.flatMap((row, index) => (fragments[index] === undefined ? [{ row, index }] : []));
  if (missing.length > 0) {
    const entities = await presentIssues(
      request,
      missing.map(({ row }) => row),
      options,
    );
    missing.forEach(({ row, index }, n) => {
      const json = JSON.stringify(entities[n]);
      cache.set(row.id, variant, row.cache_version, json);
      fragments[index] = json;
    });
  }
  return { json: `[${fragments.join(',')}]`, fromCache: rows.length > 0 && missing.length === 0 };
}
