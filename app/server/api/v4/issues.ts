/**
 * Issues (`lib/api/issues.rb`): global, group and project lists (state, labels, milestone,
 * search, author, assignee, scope, confidential, iids, dates, order_by/sort), get, create,
 * update (with `state_event` close/reopen), delete, and `POST .../issues/:issue_iid/todo`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, type Expression } from 'kysely';
import { MAX_ID, isId, type Tables } from '../../db/schema.ts';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import {
  registerProjectCount,
  registerStatistic,
  registerUserCount,
  registerAssociationCount,
} from '../../domain/counters.ts';
import {
  ISSUE_TYPES,
  type IssueRow,
  type IssueType,
  type LabelRow,
  type MilestoneRow,
} from '../../domain/issuableTables.ts';
import {
  canCreateIssue,
  canDeleteIssue,
  canSetIssueMetadata,
  canUpdateIssue,
  issuesReadableBy,
} from '../../domain/issuablePermissions.ts';
import {
  createIssue,
  MAX_DESCRIPTION_LENGTH,
  findIssue,
  updateIssue,
  type IssueFields,
  type IssueWithAssignees,
  type StateEvent,
} from '../../domain/issues.ts';
import { labelsByTitle } from '../../domain/labels.ts';
import { canReadIssue, canReadProject, projectsReadableBy } from '../../domain/permissions.ts';
import { createTodo } from '../../domain/todos.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import {
  allProjectsCacheScope,
  cacheResponseIn,
  groupCacheScope,
  projectCacheScope,
} from '../../http/responseCache.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { groupScope, projectScope, type ProjectScope } from './issuableScope.ts';
import {
  FROM_CACHE_HEADER,
  ISSUE_CACHE_VERSION,
  presentIssueList,
  presentIssues,
  type VersionedIssueRow,
} from './issuePresenter.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import {
  BOOLEAN_SCHEMA,
  ID_OR_PATH_SCHEMA,
  ID_SCHEMA,
  LIST_SCHEMA,
  NO_BODY,
  NO_QUERY,
  SEARCH_SCHEMA,
  SORT_SCHEMA,
  toList,
} from './params.ts';
import { presentTodo } from './todos.ts';
import { containsPattern } from './projects.ts';

/** Colour of a label that an issue's `labels` creates (`Label::DEFAULT_COLOR`). */
export const DEFAULT_LABEL_COLOR = '#6699cc';
/** `order_by` values of issue lists. */
export const ISSUE_ORDER_BY = [
  'created_at',
  'updated_at',
  'title',
  'due_date',
  'popularity',
  'milestone_due',
  'relative_position',
  'weight',
] as const;
/** `scope` values (GitLab accepts both spellings). */
export const ISSUE_SCOPES = ['created_by_me', 'created-by-me', 'assigned_to_me', 'assigned-to-me', 'all'] as const;
/** Filter values meaning "no value" and "some value" (labels, milestone, assignee). */
export const FILTER_NONE = 'None';
export const FILTER_ANY = 'Any';
/** Milestone filters by dates. */
export const MILESTONE_UPCOMING = 'Upcoming';
export const MILESTONE_STARTED = 'Started';
/** The parameters an update needs at least one of (GitLab's `update_params_at_least_one_of`). */
export const UPDATE_PARAMS = [
  'assignee_id',
  'assignee_ids',
  'confidential',
  'created_at',
  'description',
  'discussion_locked',
  'due_date',
  'labels',
  'add_labels',
  'remove_labels',
  'milestone_id',
  'state_event',
  'title',
  'issue_type',
  'weight',
] as const;

registerStatistic('issues', async (db) => {
  const { count } = await db
    .selectFrom('issues')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
});
registerUserCount('assigned_issues', async (db, userId) => {
  const { count } = await db
    .selectFrom('issues')
    .innerJoin('issue_assignees', 'issue_assignees.issue_id', 'issues.id')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('issue_assignees.user_id', '=', userId)
    .where('issues.state', '=', 'opened')
    .executeTakeFirstOrThrow();
  return count;
});
registerAssociationCount('issues_count', async (db, userId) => {
  const { count } = await db
    .selectFrom('issues')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('author_id', '=', userId)
    .executeTakeFirstOrThrow();
  return count;
});
registerProjectCount('open_issues_count', async (db, projectIds) => {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('issues')
    .select(['project_id', sql<number>`count(*)::int`.as('count')])
    .where('project_id', 'in', projectIds)
    .where('state', '=', 'opened')
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((row) => [row.project_id, row.count]));
});

/** The query string of issue lists. */
interface IssueListQuery extends PaginationQuery {
  state?: 'opened' | 'closed' | 'all';
  labels?: string | string[];
  milestone?: string;
  milestone_id?: string;
  search?: string;
  in?: string;
  author_id?: number;
  author_username?: string;
  assignee_id?: string;
  assignee_username?: string | string[];
  scope?: (typeof ISSUE_SCOPES)[number];
  order_by?: (typeof ISSUE_ORDER_BY)[number];
  sort?: 'asc' | 'desc';
  confidential?: boolean;
  iids?: number[];
  'iids[]'?: number[];
  created_after?: string;
  created_before?: string;
  updated_after?: string;
  updated_before?: string;
  issue_type?: IssueType;
  my_reaction_emoji?: string;
  with_labels_details?: boolean;
}

const IID_LIST = { type: 'array', items: ID_SCHEMA } as const;
const DATE_TIME = { type: 'string', format: 'date-time' } as const;

/** The query string of the routes that answer one issue (get, create, update). */
const ONE_ISSUE_QUERY = { type: 'object', properties: { with_labels_details: BOOLEAN_SCHEMA } } as const;

const LIST_QUERY = {
  type: 'object',
  properties: {
    ...PAGINATION_QUERY,
    state: { type: 'string', enum: ['opened', 'closed', 'all'] },
    labels: LIST_SCHEMA,
    milestone: { type: 'string', maxLength: 255 },
    milestone_id: { type: 'string', maxLength: 255 },
    search: SEARCH_SCHEMA,
    in: { type: 'string', pattern: '^(title|description)(,(title|description))?$' },
    author_id: ID_SCHEMA,
    author_username: { type: 'string', maxLength: 255 },
    assignee_id: { type: 'string', pattern: `^(\\d{1,10}|${FILTER_NONE}|${FILTER_ANY}|none|any)$` },
    assignee_username: LIST_SCHEMA,
    scope: { type: 'string', enum: ISSUE_SCOPES },
    order_by: { type: 'string', enum: ISSUE_ORDER_BY },
    sort: SORT_SCHEMA,
    confidential: BOOLEAN_SCHEMA,
    iids: IID_LIST,
    'iids[]': IID_LIST,
    created_after: DATE_TIME,
    created_before: DATE_TIME,
    updated_after: DATE_TIME,
    updated_before: DATE_TIME,
    issue_type: { type: 'string', enum: ISSUE_TYPES },
    my_reaction_emoji: { type: 'string', maxLength: 255 },
    with_labels_details: BOOLEAN_SCHEMA,
    non_archived: BOOLEAN_SCHEMA,
  },
} as const;

const ISSUE_PARAMS = {
  type: 'object',
  required: ['id', 'issue_iid'],
  properties: { id: ID_OR_PATH_SCHEMA, issue_iid: ID_SCHEMA },
} as const;

const NULLABLE_DATE = {
  anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }, { type: 'string', maxLength: 0 }],
};
const NULLABLE_ID = {
  anyOf: [ID_SCHEMA, { type: 'integer', enum: [0] }, { type: 'null' }, { type: 'string', maxLength: 0 }],
};

/** Properties shared by create and update bodies. */
const ISSUE_BODY = {
  title: { type: 'string' },
  description: { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_LENGTH },
  confidential: BOOLEAN_SCHEMA,
  discussion_locked: BOOLEAN_SCHEMA,
  assignee_id: NULLABLE_ID,
  assignee_ids: {
    anyOf: [
      { type: 'array', items: { type: 'integer', minimum: 0, maximum: MAX_ID } },
      { type: 'integer', minimum: 0, maximum: MAX_ID },
      { type: 'null' },
      { type: 'string', maxLength: 0 },
    ],
  },
  milestone_id: NULLABLE_ID,
  labels: LIST_SCHEMA,
  due_date: NULLABLE_DATE,
  issue_type: { type: 'string', enum: ISSUE_TYPES },
  weight: { type: ['integer', 'null'], minimum: 0, maximum: MAX_ID },
  created_at: DATE_TIME,
} as const;

interface IssueBody {
  title?: string;
  description?: string | null;
  confidential?: boolean;
  discussion_locked?: boolean;
  assignee_id?: number | string | null;
  assignee_ids?: number[] | number | string | null;
  milestone_id?: number | string | null;
  labels?: string | string[];
  add_labels?: string | string[];
  remove_labels?: string | string[];
  due_date?: string | null;
  issue_type?: IssueType;
  weight?: number | null;
  created_at?: string;
  updated_at?: string;
  state_event?: StateEvent;
}

type IssueQuery = SelectQueryBuilder<Tables, 'issues' | 'projects', IssueRow>;
type IssueEb = ExpressionBuilder<Tables, 'issues' | 'projects'>;

function hasLabel(title: string) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM label_links ll JOIN labels l ON l.id = ll.label_id
    WHERE ll.target_type = 'Issue' AND ll.target_id = issues.id AND l.title = ${title})`;
}
const ANY_LABEL = sql<SqlBool>`EXISTS (SELECT 1 FROM label_links ll WHERE ll.target_type = 'Issue' AND ll.target_id = issues.id)`;
const ANY_ASSIGNEE = sql<SqlBool>`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = issues.id)`;

function assignedTo(userId: number) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = issues.id AND ia.user_id = ${userId})`;
}

function milestoneFilter(value: string): Expression<SqlBool> {
  const lower = value.toLowerCase();
  if (lower === FILTER_NONE.toLowerCase()) return sql<SqlBool>`issues.milestone_id IS NULL`;
  if (lower === FILTER_ANY.toLowerCase()) return sql<SqlBool>`issues.milestone_id IS NOT NULL`;
  const milestone = (condition: Expression<SqlBool>) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM milestones m WHERE m.id = issues.milestone_id AND ${condition})`;
  if (lower === MILESTONE_UPCOMING.toLowerCase()) return milestone(sql<SqlBool>`m.due_date >= current_date`);
  if (lower === MILESTONE_STARTED.toLowerCase())
    return milestone(sql<SqlBool>`m.start_date <= current_date AND (m.due_date IS NULL OR m.due_date >= current_date)`);
  return milestone(sql<SqlBool>`m.title = ${value}`);
}

const ORDER_COLUMNS: Record<(typeof ISSUE_ORDER_BY)[number], Expression<unknown>> = {
  created_at: sql`issues.created_at`,
  updated_at: sql`issues.updated_at`,
  title: sql`issues.title`,
  due_date: sql`issues.due_date`,
  popularity: sql`(SELECT count(*) FROM award_emoji a WHERE a.awardable_type = 'Issue' AND a.awardable_id = issues.id AND a.name = 'thumbsup')`,
  milestone_due: sql`(SELECT m.due_date FROM milestones m WHERE m.id = issues.milestone_id)`,
  relative_position: sql`issues.id`,
  weight: sql`issues.weight`,
};

/** Applies the filters every issue list shares. */
function filterIssues(request: FastifyRequest, base: IssueQuery, defaultScope: 'all' | 'created_by_me'): IssueQuery {
  const q = request.query as IssueListQuery;
  const user = actorOf(request);
  let query = base
    .where(projectsReadableBy(user) as unknown as (eb: IssueEb) => Expression<SqlBool>)
    .where(issuesReadableBy(user))
    .where('projects.issues_enabled', '=', true);
  const scope = (q.scope ?? defaultScope).replace(/-/g, '_');
  if (scope === 'created_by_me') query = query.where('issues.author_id', '=', user?.id ?? 0);
  if (scope === 'assigned_to_me') query = query.where(assignedTo(user?.id ?? 0));
  if (q.state && q.state !== 'all') query = query.where('issues.state', '=', q.state);
  const labels = toList(q.labels);
  for (const label of labels) {
    if (label.toLowerCase() === FILTER_NONE.toLowerCase()) query = query.where(sql<SqlBool>`NOT ${ANY_LABEL}`);
    else if (label.toLowerCase() === FILTER_ANY.toLowerCase()) query = query.where(ANY_LABEL);
    else query = query.where(hasLabel(label));
  }
  if (q.milestone) query = query.where(milestoneFilter(q.milestone));
  if (q.search) {
    const pattern = containsPattern(q.search);
    const fields = (q.in ?? 'title,description').split(',') as ('title' | 'description')[];
    query = query.where((eb) => eb.or(fields.map((field) => eb(`issues.${field}`, 'ilike', pattern))));
  }
  if (q.author_id) query = query.where('issues.author_id', '=', q.author_id);
  if (q.author_username)
    query = query.where(
      sql<SqlBool>`EXISTS (SELECT 1 FROM users u WHERE u.id = issues.author_id AND lower(u.username) = ${q.author_username.toLowerCase()})`,
    );
  if (q.assignee_id) {
    const value = q.assignee_id.toLowerCase();
    if (value === 'none') query = query.where(sql<SqlBool>`NOT ${ANY_ASSIGNEE}`);
    else if (value === 'any') query = query.where(ANY_ASSIGNEE);
    else query = query.where(isId(value) ? assignedTo(Number(value)) : sql<SqlBool>`false`);
  }
  for (const username of toList(q.assignee_username)) {
    query = query.where(
      sql<SqlBool>`EXISTS (SELECT 1 FROM issue_assignees ia JOIN users u ON u.id = ia.user_id
        WHERE ia.issue_id = issues.id AND lower(u.username) = ${username.toLowerCase()})`,
    );
  }
  if (q.confidential !== undefined) query = query.where('issues.confidential', '=', q.confidential);
  const iids = q.iids ?? q['iids[]'];
  if (iids?.length) query = query.where('issues.iid', 'in', iids);
  if (q.created_after) query = query.where('issues.created_at', '>=', new Date(q.created_after));
  if (q.created_before) query = query.where('issues.created_at', '<=', new Date(q.created_before));
  if (q.updated_after) query = query.where('issues.updated_at', '>=', new Date(q.updated_after));
  if (q.updated_before) query = query.where('issues.updated_at', '<=', new Date(q.updated_before));
  if (q.issue_type) query = query.where('issues.issue_type', '=', q.issue_type);
  if (q.my_reaction_emoji && user) {
    const emoji = q.my_reaction_emoji;
    const mine = (condition: Expression<SqlBool>) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM award_emoji a WHERE a.awardable_type = 'Issue' AND a.awardable_id = issues.id
        AND a.user_id = ${user.id} AND ${condition})`;
    if (emoji.toLowerCase() === FILTER_NONE.toLowerCase()) query = query.where(sql<SqlBool>`NOT ${mine(sql`true`)}`);
    else if (emoji.toLowerCase() === FILTER_ANY.toLowerCase()) query = query.where(mine(sql<SqlBool>`true`));
    else query = query.where(mine(sql<SqlBool>`a.name = ${emoji}`));
  }
  const direction = q.sort ?? 'desc';
  return query
    .orderBy(sql`${ORDER_COLUMNS[q.order_by ?? 'created_at']} ${sql.raw(direction)} NULLS LAST`)
    .orderBy('issues.id', direction);
}

function baseQuery(request: FastifyRequest): IssueQuery {
  return request.server.db
    .selectFrom('issues')
    .innerJoin('projects', 'projects.id', 'issues.project_id')
    .selectAll('issues');
}

/** A parameter given as `""`, `0` or `null` clears the value (Grape's convention for ids). */
function isCleared(value: unknown): boolean {
  return value === null || value === '' || value === 0;
}

/** The assignee ids of a body: `assignee_ids` wins over `assignee_id`; clearing gives `[]`. */
function assigneeIdsOf(body: IssueBody): number[] | undefined {
  const value = body.assignee_ids !== undefined ? body.assignee_ids : body.assignee_id;
  if (value === undefined) return undefined;
  if (isCleared(value)) return [];
  const ids = (Array.isArray(value) ? value : [value]).map(Number).filter((id) => id > 0);
  return [...new Set(ids)];
}

/** Issues' router. */
export async function issues(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function readableIssue(request: FastifyRequest, scope: ProjectScope, iid: number): Promise<IssueWithAssignees> {
    const issue = await findIssue(db, scope.project.id, iid);
    if (!issue || !scope.project.issues_enabled || !canReadIssue(actorOf(request), scope.level, issue))
      throw notFound('Issue');
    return issue;
  }

  /** Assignees who may read the project (others are dropped, as GitLab does). */
  async function allowedAssignees(scope: ProjectScope, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const users = await db.selectFrom('users').select(['id', 'admin', 'external']).where('id', 'in', ids).execute();
    const allowed: number[] = [];
    for (const user of users) if (await canReadProject(db, user, scope.project)) allowed.push(user.id);
    return allowed.sort((a, b) => a - b);
  }

  async function milestoneFor(scope: ProjectScope, value: unknown): Promise<MilestoneRow | null | undefined> {
    if (value === undefined) return undefined;
    if (isCleared(value)) return null;
    const groupIds = scope.namespace.type === 'Group' ? scope.namespace.traversal_ids : [];
    const milestone = await db
      .selectFrom('milestones')
      .selectAll()
      .where('id', '=', Number(value))
      .where((eb) =>
        eb.or([eb('project_id', '=', scope.project.id), ...(groupIds.length ? [eb('group_id', 'in', groupIds)] : [])]),
      )
      .executeTakeFirst();
    return milestone ?? null;
  }

  /** The label rows of `titles`, creating missing project labels (Reporter and above). */
  async function findOrCreateLabels(scope: ProjectScope, titles: string[]): Promise<LabelRow[]> {
    const project = {
      id: scope.project.id,
      traversalIds: scope.namespace.type === 'Group' ? scope.namespace.traversal_ids : [],
    };
    const found = await labelsByTitle(db, project, titles);
    const missing = titles.filter((title) => !found.some((label) => label.title === title));
    if (missing.length) {
      await db
        .insertInto('labels')
        .values(
          missing.map((title) => ({
            type: 'ProjectLabel' as const,
            project_id: scope.project.id,
            title,
            color: DEFAULT_LABEL_COLOR,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      return labelsByTitle(db, project, titles);
    }
    return found;
  }

  async function fieldsOf(scope: ProjectScope, body: IssueBody, current?: IssueWithAssignees) {
    const mayMeta = canSetIssueMetadata(scope.level);
    const fields: IssueFields = {
      title: body.title,
      description: body.description,
      confidential: body.confidential,
      issueType: body.issue_type,
    };
    if (mayMeta) {
      fields.discussionLocked = body.discussion_locked;
      fields.weight = body.weight;
      if (body.due_date !== undefined) fields.dueDate = isCleared(body.due_date) ? null : body.due_date;
      const assigneeIds = assigneeIdsOf(body);
      if (assigneeIds) fields.assigneeIds = await allowedAssignees(scope, assigneeIds);
      fields.milestone = await milestoneFor(scope, body.milestone_id);
      if (body.labels !== undefined || body.add_labels !== undefined || body.remove_labels !== undefined) {
        let titles = body.labels !== undefined ? toList(body.labels) : await currentLabelTitles(current);
        titles = [...titles, ...toList(body.add_labels)];
        const removed = new Set(toList(body.remove_labels));
        fields.labels = await findOrCreateLabels(scope, [...new Set(titles.filter((title) => !removed.has(title)))]);
      }
    }
    // Backdating is for administrators and project owners (imports).
    if (body.created_at && scope.level >= ACCESS_LEVEL.OWNER) fields.createdAt = new Date(body.created_at);
    return fields;
  }

  async function currentLabelTitles(issue: IssueWithAssignees | undefined): Promise<string[]> {
    if (!issue) return [];
    const rows = await db
      .selectFrom('labels')
      .innerJoin('label_links', 'label_links.label_id', 'labels.id')
      .select('labels.title')
      .where('label_links.target_type', '=', 'Issue')
      .where('label_links.target_id', '=', issue.id)
      .execute();
    return rows.map((row) => row.title);
  }

  /** Reads `ONE_ISSUE_QUERY`: the routes that answer one issue declare it. */
  async function presentOne(request: FastifyRequest, scope: ProjectScope, issue: IssueRow) {
    const q = request.query as { with_labels_details?: boolean } | undefined;
    const [entity] = await presentIssues(request, [issue], {
      from: { projectId: scope.project.id },
      withLabelsDetails: q?.with_labels_details,
    });
    return entity;
  }

  async function list(
    request: FastifyRequest,
    reply: FastifyReply,
    query: IssueQuery,
    options: Parameters<typeof presentIssues>[2],
  ) {
    const rows: VersionedIssueRow[] = await paginate(request, reply, query.select(ISSUE_CACHE_VERSION));
    const { json, fromCache } = await presentIssueList(request, app.issueEntityCache, rows, {
      ...options,
      withLabelsDetails: (request.query as IssueListQuery).with_labels_details,
    });
    if (fromCache) reply.header(FROM_CACHE_HEADER, 'true');
    return reply.type('application/json').send(json);
  }

  app.get<{ Querystring: IssueListQuery }>(
    '/issues',
    { schema: { querystring: LIST_QUERY } },
    async (request, reply) => {
      // GitLab: only `scope=all` may be listed without signing in.
      if (request.query.scope !== 'all') requireUser(request);
      cacheResponseIn(request, allProjectsCacheScope());
      return list(request, reply, filterIssues(request, baseQuery(request), 'created_by_me'), {});
    },
  );

  app.get<{ Params: { id: string }; Querystring: IssueListQuery }>(
    '/groups/:id/issues',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: LIST_QUERY,
      },
    },
    async (request, reply) => {
      const { group } = await groupScope(request, request.params.id);
      cacheResponseIn(request, groupCacheScope(group.id));
      const inGroup = sql<SqlBool>`EXISTS (SELECT 1 FROM namespaces pn WHERE pn.id = projects.namespace_id
        AND ${group.id} = ANY(pn.traversal_ids))`;
      return list(request, reply, filterIssues(request, baseQuery(request).where(inGroup), 'all'), {
        from: { groupId: group.id },
      });
    },
  );

  app.get<{ Params: { id: string }; Querystring: IssueListQuery }>(
    '/projects/:id/issues',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: LIST_QUERY,
      },
    },
    async (request, reply) => {
      const scope = await projectScope(request, request.params.id);
      cacheResponseIn(request, projectCacheScope(scope.project.id));
      const query = baseQuery(request).where('issues.project_id', '=', scope.project.id);
      return list(request, reply, filterIssues(request, query, 'all'), { from: { projectId: scope.project.id } });
    },
  );

  app.get<{ Params: { id: string; issue_iid: number } }>(
    '/projects/:id/issues/:issue_iid',
    {
      schema: {
        params: ISSUE_PARAMS,
        querystring: ONE_ISSUE_QUERY,
      },
    },
    async (request) => {
      const scope = await projectScope(request, request.params.id);
      return presentOne(request, scope, await readableIssue(request, scope, request.params.issue_iid));
    },
  );

  app.post<{ Params: { id: string }; Body: IssueBody }>(
    '/projects/:id/issues',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        body: { type: 'object', required: ['title'], properties: ISSUE_BODY },
        querystring: ONE_ISSUE_QUERY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await projectScope(request, request.params.id);
      if (!scope.project.issues_enabled || !canCreateIssue(user)) throw forbidden();
      const fields = await fieldsOf(scope, request.body);
      const issue = await createIssue(db, scope.project, user.id, fields, scope.markdown);
      return reply.code(201).send(await presentOne(request, scope, issue));
    },
  );

  app.put<{ Params: { id: string; issue_iid: number }; Body: IssueBody }>(
    '/projects/:id/issues/:issue_iid',
    {
      schema: {
        params: ISSUE_PARAMS,
        body: {
          type: 'object',
          properties: {
            ...ISSUE_BODY,
            add_labels: LIST_SCHEMA,
            remove_labels: LIST_SCHEMA,
            state_event: { type: 'string', enum: ['close', 'reopen'] },
            updated_at: DATE_TIME,
          },
        },
        querystring: ONE_ISSUE_QUERY,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body ?? {};
      if (!UPDATE_PARAMS.some((name) => name in body)) {
        throw new ApiError(400, {
          error: `${UPDATE_PARAMS.join(', ')} are missing, at least one parameter must be provided`,
        });
      }
      const scope = await projectScope(request, request.params.id);
      const issue = await readableIssue(request, scope, request.params.issue_iid);
      if (!canUpdateIssue(user, scope.level, issue)) throw forbidden();
      const fields = await fieldsOf(scope, body, issue);
      const updated = await updateIssue(
        db,
        scope.project,
        issue,
        user.id,
        {
          ...fields,
          stateEvent: body.state_event,
          ...(body.updated_at && scope.level >= ACCESS_LEVEL.OWNER ? { updatedAt: new Date(body.updated_at) } : {}),
        },
        scope.markdown,
      );
      return presentOne(request, scope, updated);
    },
  );

  app.delete<{ Params: { id: string; issue_iid: number } }>(
    '/projects/:id/issues/:issue_iid',
    { schema: { params: ISSUE_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      requireUser(request);
      const scope = await projectScope(request, request.params.id);
      const issue = await readableIssue(request, scope, request.params.issue_iid);
      if (!canDeleteIssue(scope.level)) throw forbidden();
      await db.deleteFrom('issues').where('id', '=', issue.id).execute();
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string; issue_iid: number } }>(
    '/projects/:id/issues/:issue_iid/todo',
    { schema: { params: ISSUE_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await projectScope(request, request.params.id);
      const issue = await readableIssue(request, scope, request.params.issue_iid);
      const id = await createTodo(db, {
        userId: user.id,
        authorId: user.id,
        projectId: scope.project.id,
        targetType: 'Issue',
        targetId: issue.id,
        action: 'marked',
      });
      // GitLab answers 304 Not Modified when the user already has this todo.
      if (id === null) return reply.code(304).send();
      const todo = await db.selectFrom('todos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return reply.code(201).send(await presentTodo(request, todo));
    },
  );
}
