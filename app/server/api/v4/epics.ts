/**
 * Group epics (`lib/api/epics.rb`, deprecated in GitLab for the work item API but still served):
 * `GET /groups/:id/epics` (`state`, `search`, `order_by`, `sort`, `confidential`, `author_id`,
 * paginated) and `GET /groups/:id/epics/:epic_iid`, read-only here: epics are written through
 * GraphQL's work item mutations. An epic is a group work item (decision 016).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { groupWorkItemsReadableBy } from '../../domain/groupWorkItems.ts';
import type { IssueRow } from '../../domain/issuableTables.ts';
import { actorOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { entityContext, isoDate, isoTime, type EntityContext } from './entities/context.ts';
import { UserBasic, type UserBasicFields } from './entities/User.ts';
import { groupScope, type GroupScope } from './issuableScope.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, ID_SCHEMA, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import { containsPattern } from './projects.ts';

/** GitLab's `order_by` values of the epic list, each a column. */
export const EPIC_ORDER_BY = { created_at: 'created_at', updated_at: 'updated_at', title: 'title' } as const;

interface ListQuery extends PaginationQuery {
  state?: 'opened' | 'closed' | 'all';
  search?: string;
  order_by?: keyof typeof EPIC_ORDER_BY;
  sort?: 'asc' | 'desc';
  confidential?: boolean;
  author_id?: number;
}

/** An epic with what its entity shows besides its own row. */
interface EpicView {
  epic: IssueRow;
  group: GroupScope['group'];
  author: UserBasicFields | null;
  parent: { id: number; iid: number } | null;
  labels: string[];
  upvotes: number;
  downvotes: number;
}

/** GitLab's `EpicBaseEntity`/`Epic` entity, with the fields a client reads. */
function Epic(view: EpicView, ctx: EntityContext, apiBase: string) {
  const { epic, group } = view;
  const reference = `&${epic.iid}`;
  const self = `${apiBase}/groups/${group.id}/epics/${epic.iid}`;
  return {
    id: epic.id,
    work_item_id: epic.id,
    iid: epic.iid,
    group_id: group.id,
    parent_id: view.parent?.id ?? null,
    parent_iid: view.parent?.iid ?? null,
    title: epic.title,
    description: epic.description ?? '',
    state: epic.state,
    confidential: epic.confidential,
    web_url: `${ctx.baseUrl}/groups/${group.full_path}/-/epics/${epic.iid}`,
    reference,
    references: { short: reference, relative: reference, full: `${group.full_path}${reference}` },
    author: view.author ? UserBasic(view.author, ctx) : null,
    start_date: isoDate(epic.start_date),
    start_date_is_fixed: epic.start_date_is_fixed,
    start_date_fixed: isoDate(epic.start_date),
    end_date: isoDate(epic.due_date),
    due_date: isoDate(epic.due_date),
    due_date_is_fixed: epic.due_date_is_fixed,
    due_date_fixed: isoDate(epic.due_date),
    created_at: isoTime(epic.created_at),
    updated_at: isoTime(epic.updated_at),
    closed_at: isoTime(epic.closed_at),
    labels: view.labels,
    upvotes: view.upvotes,
    downvotes: view.downvotes,
    color: epic.color,
    _links: {
      self,
      epic_issues: `${self}/issues`,
      group: `${apiBase}/groups/${group.id}`,
      parent: view.parent ? `${apiBase}/groups/${group.id}/epics/${view.parent.iid}` : null,
    },
  };
}

/** Serializes epics of the group `scope.group` (the list, one epic, a to-do's target). */
export async function presentEpics(request: FastifyRequest, scope: Pick<GroupScope, 'group'>, rows: IssueRow[]) {
  const db = request.server.db;
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [authors, parents, labels, votes] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'state', 'locked', 'avatar_url'])
      .where('id', 'in', [0, ...rows.flatMap((row) => (row.author_id ? [row.author_id] : []))])
      .execute(),
    db
      .selectFrom('work_item_parent_links')
      .innerJoin('issues', 'issues.id', 'work_item_parent_links.work_item_parent_id')
      .select(['work_item_parent_links.work_item_id as child_id', 'issues.id', 'issues.iid'])
      .where('work_item_parent_links.work_item_id', 'in', ids)
      .where('issues.namespace_id', '=', scope.group.id)
      .execute(),
    db
      .selectFrom('label_links')
      .innerJoin('labels', 'labels.id', 'label_links.label_id')
      .select(['label_links.target_id', 'labels.title'])
      .where('label_links.target_type', '=', 'Issue')
      .where('label_links.target_id', 'in', ids)
      .orderBy('labels.title')
      .execute(),
    db
      .selectFrom('award_emoji')
      .select(['awardable_id', 'name', sql<number>`count(*)::int`.as('count')])
      .where('awardable_type', '=', 'Issue')
      .where('awardable_id', 'in', ids)
      .where('name', 'in', ['thumbsup', 'thumbsdown'])
      .groupBy(['awardable_id', 'name'])
      .execute(),
  ]);
  const ctx = entityContext(request);
  const apiBase = `${ctx.baseUrl}/api/v4`;
  const votesOf = (id: number, name: string) =>
    votes.find((vote) => vote.awardable_id === id && vote.name === name)?.count ?? 0;
  return rows.map((epic) =>
    Epic(
      {
        epic,
        group: scope.group,
        author: authors.find((author) => author.id === epic.author_id) ?? null,
        parent: parents.find((parent) => parent.child_id === epic.id) ?? null,
        labels: labels.filter((label) => label.target_id === epic.id).map((label) => label.title),
        upvotes: votesOf(epic.id, 'thumbsup'),
        downvotes: votesOf(epic.id, 'thumbsdown'),
      },
      ctx,
      apiBase,
    ),
  );
}

/** The epics' router. */
export async function epics(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** The group's epics the asker may read. */
  function readable(request: FastifyRequest, scope: GroupScope) {
    return db
      .selectFrom('issues')
      .selectAll('issues')
      .where('issues.namespace_id', '=', scope.group.id)
      .where(groupWorkItemsReadableBy(actorOf(request), scope.level));
  }

  app.get<{ Params: { id: string }; Querystring: ListQuery }>(
    '/groups/:id/epics',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            state: { type: 'string', enum: ['opened', 'closed', 'all'] },
            search: SEARCH_SCHEMA,
            order_by: { type: 'string', enum: Object.keys(EPIC_ORDER_BY) },
            sort: { type: 'string', enum: ['asc', 'desc'] },
            confidential: BOOLEAN_SCHEMA,
            author_id: ID_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const scope = await groupScope(request, request.params.id);
      const q = request.query;
      let query = readable(request, scope);
      if (q.state === 'opened' || q.state === 'closed') query = query.where('issues.state', '=', q.state);
      if (q.confidential !== undefined) query = query.where('issues.confidential', '=', q.confidential);
      if (q.author_id) query = query.where('issues.author_id', '=', q.author_id);
      if (q.search) {
        const pattern = containsPattern(q.search);
        query = query.where((eb) =>
          eb.or([eb('issues.title', 'ilike', pattern), eb('issues.description', 'ilike', pattern)]),
        );
      }
      const direction = q.sort ?? 'desc';
      const rows = await paginate(
        request,
        reply,
        query.orderBy(`issues.${EPIC_ORDER_BY[q.order_by ?? 'created_at']}`, direction).orderBy('issues.id', direction),
      );
      return presentEpics(request, scope, rows);
    },
  );

  app.get<{ Params: { id: string; epic_iid: number } }>(
    '/groups/:id/epics/:epic_iid',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id', 'epic_iid'],
          properties: { id: ID_OR_PATH_SCHEMA, epic_iid: ID_SCHEMA },
        },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const scope = await groupScope(request, request.params.id);
      const epic = await readable(request, scope).where('issues.iid', '=', request.params.epic_iid).executeTakeFirst();
      if (!epic) throw notFound('Epic');
      const [view] = await presentEpics(request, scope, [epic]);
      return view;
    },
  );
}
