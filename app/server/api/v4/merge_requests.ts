/**
 * Merge requests (`lib/api/merge_requests.rb`, `merge_request_diffs.rb`,
 * `merge_requests/context_commits.rb`): project and global lists (state, scope, labels, author,
 * assignee, reviewer, branches, search, draft, iids, order), get, create, update (with
 * `state_event`), commits, changes and diffs, diff versions, pipelines (list and run) and
 * context commits. Diffs are computed by git between the merge base and the source head.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Tables } from '../../db/schema.ts';
import { ACCESS_LEVEL, VISIBILITY_LEVEL } from '../../domain/access.ts';
import { recordPushEvent } from '../../domain/events.ts';
import { BRANCH_PREFIX } from '../../domain/git.ts';
import { diffCommits } from '../../domain/gitDiffs.ts';
import {
  createMergeRequest,
  diffVersions,
  findOrCreateProjectLabels,
  isDraft,
  MERGE_REQUEST_TYPE,
  MergeRequestConflict,
  mergeRequestRef,
  mergeStatus,
  refreshDiff,
  sourceHead,
  updateMergeRequest,
  type MergeRequestFields,
} from '../../domain/gitMergeRequests.ts';
import { listCommits, readCommit } from '../../domain/gitObjects.ts';
import {
  canCreateMergeRequest,
  canCreatePipeline,
  canPushToBranch,
  canReadMergeRequests,
  canUpdateMergeRequest,
} from '../../domain/gitPermissions.ts';
import { createPipeline } from '../../domain/gitPipelines.ts';
import { deleteRef } from '../../domain/gitRefs.ts';
import {
  canMergeMergeRequest,
  defaultMergeCommitMessage,
  MERGE_REFUSALS,
  mergeMergeRequest,
  MergeRefused,
} from '../../domain/merging.ts';
import { createNote } from '../../domain/notes.ts';
import { projectRepository } from '../../domain/gitProjects.ts';
import type { MergeRequestRow } from '../../domain/gitTables.ts';
import { projectMemberOf, projectsReadableBy, type Actor } from '../../domain/permissions.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { ApiError, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { Commit, Diff } from './entities/Commit.ts';
import { entityContext } from './entities/context.ts';
import {
  MergeRequest,
  MergeRequestBasic,
  MergeRequestChanges,
  MergeRequestDiff,
  MergeRequestDiffFull,
  type MergeRequestOptions,
  type MergeRequestView,
} from './entities/MergeRequest.ts';
import { Pipeline, PipelineBasic } from './entities/Pipeline.ts';
import { runPipeline } from './pipelines.ts';
import { DOWNVOTE, UPVOTE, countUserNotes, loadLabelLinks, loadMilestones } from './issuePresenter.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
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
import { containsPattern } from './projects.ts';
import { paginateArray, protectionOf, REF_SCHEMA, repositoryScope, type RepositoryScope } from './repository.ts';

/** States a list may ask for. */
export const MERGE_REQUEST_LIST_STATES = ['opened', 'closed', 'locked', 'merged', 'all'] as const;
/** `scope` values of merge request lists (GitLab accepts both spellings). */
export const MERGE_REQUEST_SCOPES = [
  'created_by_me',
  'created-by-me',
  'assigned_to_me',
  'assigned-to-me',
  'reviews_for_me',
  'all',
] as const;
/** `order_by` values of merge request lists. */
export const MERGE_REQUEST_ORDER_BY = ['created_at', 'updated_at', 'title', 'merged_at'] as const;
/** Parameters of which an update must carry at least one (Grape's `at_least_one_of`). */
export const UPDATE_PARAMS = [
  'assignee_id',
  'assignee_ids',
  'reviewer_ids',
  'description',
  'labels',
  'add_labels',
  'remove_labels',
  'milestone_id',
  'remove_source_branch',
  'allow_collaboration',
  'allow_maintainer_to_push',
  'squash',
  'state_event',
  'target_branch',
  'title',
  'discussion_locked',
] as const;
/** GitLab's messages for context commits. */
export const CONTEXT_COMMIT_MESSAGES = {
  invalid: (shas: string[]) => `Context commits: ${JSON.stringify(shas)} are invalid commits`,
  duplicate: (shas: string[]) => `Context commits: ${JSON.stringify(shas)} are already created`,
} as const;

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } } as const;
const IID_PARAMS = {
  type: 'object',
  required: ['id', 'merge_request_iid'],
  properties: { id: ID_OR_PATH_SCHEMA, merge_request_iid: ID_SCHEMA },
} as const;
const USER_IDS_SCHEMA = { type: 'array', items: ID_SCHEMA, maxItems: 100 } as const;

interface ListQuery {
  state?: (typeof MERGE_REQUEST_LIST_STATES)[number];
  scope?: (typeof MERGE_REQUEST_SCOPES)[number];
  order_by?: (typeof MERGE_REQUEST_ORDER_BY)[number];
  sort?: 'asc' | 'desc';
  labels?: string | string[];
  author_id?: number;
  author_username?: string;
  assignee_id?: number;
  reviewer_id?: number;
  source_branch?: string;
  target_branch?: string;
  search?: string;
  draft?: boolean;
  wip?: 'yes' | 'no';
  iids?: number[];
  'iids[]'?: number[];
  with_labels_details?: boolean;
  view?: 'simple';
}

const LIST_QUERY = {
  type: 'object',
  properties: {
    ...PAGINATION_QUERY,
    state: { type: 'string', enum: MERGE_REQUEST_LIST_STATES },
    scope: { type: 'string', enum: MERGE_REQUEST_SCOPES },
    order_by: { type: 'string', enum: MERGE_REQUEST_ORDER_BY },
    sort: SORT_SCHEMA,
    labels: LIST_SCHEMA,
    author_id: ID_SCHEMA,
    author_username: { type: 'string', maxLength: 255 },
    assignee_id: ID_SCHEMA,
    reviewer_id: ID_SCHEMA,
    source_branch: REF_SCHEMA,
    target_branch: REF_SCHEMA,
    search: SEARCH_SCHEMA,
    draft: BOOLEAN_SCHEMA,
    wip: { type: 'string', enum: ['yes', 'no'] },
    iids: { type: 'array', items: ID_SCHEMA },
    // Rails-style clients send `iids[]=1&iids[]=2`.
    'iids[]': { type: 'array', items: ID_SCHEMA },
    with_labels_details: BOOLEAN_SCHEMA,
    view: { type: 'string', enum: ['simple'] },
  },
} as const;

interface MergeRequestBody {
  source_branch?: string;
  target_branch?: string;
  title?: string;
  description?: string | null;
  assignee_id?: number | null;
  assignee_ids?: number[];
  reviewer_ids?: number[];
  labels?: string | string[];
  add_labels?: string | string[];
  remove_labels?: string | string[];
  milestone_id?: number | null;
  remove_source_branch?: boolean;
  squash?: boolean;
  discussion_locked?: boolean;
  state_event?: 'close' | 'reopen';
  target_project_id?: number;
}

const BODY_PROPERTIES = {
  target_branch: REF_SCHEMA,
  title: { type: 'string', maxLength: 1024 },
  description: { type: ['string', 'null'], maxLength: 1_048_576 },
  assignee_id: { type: ['integer', 'null'], minimum: 0 },
  assignee_ids: USER_IDS_SCHEMA,
  reviewer_ids: USER_IDS_SCHEMA,
  labels: LIST_SCHEMA,
  add_labels: LIST_SCHEMA,
  remove_labels: LIST_SCHEMA,
  milestone_id: { type: ['integer', 'null'], minimum: 0 },
  remove_source_branch: BOOLEAN_SCHEMA,
  squash: BOOLEAN_SCHEMA,
  discussion_locked: BOOLEAN_SCHEMA,
  allow_collaboration: BOOLEAN_SCHEMA,
  allow_maintainer_to_push: BOOLEAN_SCHEMA,
} as const;

type MrQuery = SelectQueryBuilder<Tables, 'merge_requests' | 'projects', MergeRequestRow>;

/** SQL: the merge requests `user` may see (their project readable, its merge requests too). */
function mergeRequestsReadableBy(user: Actor | null) {
  return (eb: ExpressionBuilder<Tables, 'merge_requests' | 'projects'>): Expression<SqlBool> => {
    const visible = projectsReadableBy(user)(eb);
    if (user?.admin) return eb('projects.merge_requests_enabled', '=', true);
    const code = user
      ? eb.or([
          eb('projects.visibility_level', '>', VISIBILITY_LEVEL.private),
          projectMemberOf(user.id, ACCESS_LEVEL.REPORTER),
        ])
      : eb('projects.visibility_level', '>', VISIBILITY_LEVEL.private);
    return eb.and([visible, eb('projects.merge_requests_enabled', '=', true), code]);
  };
}

/** The list filters both lists share. */
function filterList(request: FastifyRequest, base: MrQuery, defaultScope: 'all' | 'created_by_me'): MrQuery {
  const q = request.query as ListQuery;
  const user = actorOf(request);
  let query = base.where(mergeRequestsReadableBy(user));
  const scope = (q.scope ?? defaultScope).replace(/-/g, '_');
  if (scope !== 'all') {
    if (!user) throw unauthorized();
    if (scope === 'created_by_me') query = query.where('merge_requests.author_id', '=', user.id);
    if (scope === 'assigned_to_me') query = query.where(assignedTo('merge_request_assignees', user.id));
    if (scope === 'reviews_for_me') query = query.where(assignedTo('merge_request_reviewers', user.id));
  }
  if (q.state && q.state !== 'all') query = query.where('merge_requests.state', '=', q.state);
  if (q.author_id) query = query.where('merge_requests.author_id', '=', q.author_id);
  if (q.author_username) {
    query = query.where('merge_requests.author_id', '=', (eb) =>
      eb.selectFrom('users').select('users.id').where('users.username', '=', q.author_username!),
    );
  }
  if (q.assignee_id) query = query.where(assignedTo('merge_request_assignees', q.assignee_id));
  if (q.reviewer_id) query = query.where(assignedTo('merge_request_reviewers', q.reviewer_id));
  if (q.source_branch) query = query.where('merge_requests.source_branch', '=', q.source_branch);
  if (q.target_branch) query = query.where('merge_requests.target_branch', '=', q.target_branch);
  const iids = [...(q.iids ?? []), ...(q['iids[]'] ?? [])];
  if (iids.length) query = query.where('merge_requests.iid', 'in', iids);
  if (q.search) {
    const pattern = containsPattern(q.search);
    query = query.where((eb) =>
      eb.or([eb('merge_requests.title', 'ilike', pattern), eb('merge_requests.description', 'ilike', pattern)]),
    );
  }
  const draft = q.draft ?? (q.wip ? q.wip === 'yes' : undefined);
  if (draft !== undefined) {
    const isDraftSql = sql<SqlBool>`merge_requests.title ~* '^\\s*(\\[draft\\]|\\(draft\\)|draft:)'`;
    query = query.where(draft ? isDraftSql : sql<SqlBool>`NOT ${isDraftSql}`);
  }
  for (const title of toList(q.labels)) {
    query = query.where(
      sql<SqlBool>`EXISTS (SELECT 1 FROM label_links ll JOIN labels l ON l.id = ll.label_id
        WHERE ll.target_type = ${MERGE_REQUEST_TYPE} AND ll.target_id = merge_requests.id AND l.title = ${title})`,
    );
  }
  return query;
}

function assignedTo(table: 'merge_request_assignees' | 'merge_request_reviewers', userId: number) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(table)} a
    WHERE a.merge_request_id = merge_requests.id AND a.user_id = ${userId})`;
}

/** Orders and pages a filtered list, then serialises it. */
async function listMergeRequests(
  request: FastifyRequest,
  reply: FastifyReply,
  query: MrQuery,
  options: MergeRequestOptions,
) {
  const q = request.query as ListQuery;
  const sort = q.sort ?? 'desc';
  const rows = await paginate(
    request,
    reply,
    query.orderBy(`merge_requests.${q.order_by ?? 'created_at'}`, sort).orderBy('merge_requests.id', sort),
  );
  const views = await loadViews(request, rows);
  if (q.view === 'simple') {
    return views.map((view) => {
      const entity = MergeRequestBasic(view, entityContext(request), options);
      const { id, iid, project_id, title, description, state, created_at, updated_at, web_url } = entity;
      return { id, iid, project_id, title, description, state, created_at, updated_at, web_url };
    });
  }
  const withLabelsDetails = q.with_labels_details ?? false;
  return views.map((view) => MergeRequestBasic(view, entityContext(request), { ...options, withLabelsDetails }));
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

/** Loads what the entity shows for a page of merge requests (a fixed number of queries, plus git). */
async function loadViews(request: FastifyRequest, rows: readonly MergeRequestRow[]): Promise<MergeRequestView[]> {
  if (rows.length === 0) return [];
  const { db, repositories } = request.server;
  const ids = rows.map((mr) => mr.id);
  const projectIds = [...new Set(rows.map((mr) => mr.project_id))];
  const userIds = [...new Set(rows.flatMap((mr) => [mr.author_id, mr.merged_by_id, mr.closed_by_id]))].filter(
    (id): id is number => id !== null,
  );
  const milestoneIds = [...new Set(rows.flatMap((mr) => (mr.milestone_id ? [mr.milestone_id] : [])))];
  const [projects, people, reviewers, labels, milestones, notes, awards] = await Promise.all([
    db
      .selectFrom('projects')
      .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
      .selectAll('projects')
      .select('namespaces.full_path')
      .where('projects.id', 'in', projectIds)
      .execute(),
    db
      .selectFrom('merge_request_assignees')
      .innerJoin('users', 'users.id', 'merge_request_assignees.user_id')
      .selectAll('users')
      .select('merge_request_assignees.merge_request_id')
      .where('merge_request_assignees.merge_request_id', 'in', ids)
      .orderBy('users.id')
      .execute(),
    db
      .selectFrom('merge_request_reviewers')
      .innerJoin('users', 'users.id', 'merge_request_reviewers.user_id')
      .selectAll('users')
      .select('merge_request_reviewers.merge_request_id')
      .where('merge_request_reviewers.merge_request_id', 'in', ids)
      .orderBy('users.id')
      .execute(),
    loadLabelLinks(db, MERGE_REQUEST_TYPE, ids),
    loadMilestones(db, milestoneIds),
    countUserNotes(db, MERGE_REQUEST_TYPE, ids),
    db
      .selectFrom('award_emoji')
      .select(['awardable_id', 'name', sql<number>`count(*)::int`.as('count')])
      .where('awardable_type', '=', MERGE_REQUEST_TYPE)
      .where('awardable_id', 'in', ids)
      .where('name', 'in', [UPVOTE, DOWNVOTE])
      .groupBy(['awardable_id', 'name'])
      .execute(),
  ]);
  const users = new Map(
    userIds.length
      ? (await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute()).map((u) => [u.id, u])
      : [],
  );
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const assigneesByMr = groupBy(people, (row) => row.merge_request_id);
  const reviewersByMr = groupBy(reviewers, (row) => row.merge_request_id);
  const labelsByMr = groupBy(labels, (row) => row.target_id);
  const milestoneById = new Map(milestones.map((m) => [m.id, m]));
  return Promise.all(
    rows.map(async (mr) => {
      const project = projectById.get(mr.project_id)!;
      const repository = await projectRepository(repositories, project);
      const sha = await sourceHead(repository, mr);
      const status = await mergeStatus(repository, mr, sha);
      const milestone = mr.milestone_id ? milestoneById.get(mr.milestone_id) : undefined;
      const count = (name: string) => awards.find((a) => a.awardable_id === mr.id && a.name === name)?.count ?? 0;
      return {
        mr,
        project: {
          id: project.id,
          path: project.path,
          namespaceId: project.namespace_id,
          fullPath: `${project.full_path}/${project.path}`,
        },
        author: (mr.author_id && users.get(mr.author_id)) || null,
        mergedBy: (mr.merged_by_id && users.get(mr.merged_by_id)) || null,
        closedBy: (mr.closed_by_id && users.get(mr.closed_by_id)) || null,
        assignees: assigneesByMr.get(mr.id) ?? [],
        reviewers: reviewersByMr.get(mr.id) ?? [],
        labels: labelsByMr.get(mr.id) ?? [],
        milestone: milestone ? { row: milestone, ownerPath: milestone.owner_path } : null,
        userNotesCount: notes.find((n) => n.noteable_id === mr.id)?.count ?? 0,
        upvotes: count(UPVOTE),
        downvotes: count(DOWNVOTE),
        sha,
        ...status,
      };
    }),
  );
}

/** The repository scope of a merge request route (merge requests readable, else 403). */
async function mergeRequestScope(request: FastifyRequest, id: string): Promise<RepositoryScope> {
  const scope = await repositoryScope(request, id);
  if (!canReadMergeRequests(scope.level, scope.project)) throw forbidden();
  return scope;
}

/** The merge request `:merge_request_iid` of the scope's project, or 404. */
async function findMergeRequest(request: FastifyRequest, scope: RepositoryScope, iid: number) {
  const mr = await request.server.db
    .selectFrom('merge_requests')
    .selectAll()
    .where('project_id', '=', scope.project.id)
    .where('iid', '=', iid)
    .executeTakeFirst();
  if (!mr) throw notFound('Merge Request');
  return mr;
}

/** The pipelines of a merge request: its own, and its source branch's for its commits. */
function pipelinesQuery(request: FastifyRequest, mr: MergeRequestRow, shas: readonly string[]) {
  return request.server.db
    .selectFrom('ci_pipelines')
    .selectAll()
    .where('project_id', '=', mr.project_id)
    .where((eb) =>
      eb.or([
        eb('merge_request_id', '=', mr.id),
        ...(shas.length ? [eb.and([eb('ref', '=', mr.source_branch), eb('sha', 'in', shas)])] : []),
      ]),
    );
}

/** The commits of the latest version, newest first. */
async function versionCommits(
  scope: RepositoryScope,
  version: { base_commit_sha: string | null; start_commit_sha: string; head_commit_sha: string },
) {
  return listCommits(scope.repository, {
    revisions: [`^${version.base_commit_sha ?? version.start_commit_sha}`, version.head_commit_sha],
  });
}

/** One merge request in full. */
async function presentOne(request: FastifyRequest, scope: RepositoryScope, mr: MergeRequestRow) {
  const version = await refreshDiff(request.server.db, scope.repository, mr);
  const [view] = await loadViews(request, [mr]);
  const commits = version ? await versionCommits(scope, version) : [];
  const pipelines = await pipelinesQuery(
    request,
    mr,
    commits.map((c) => c.id),
  )
    .orderBy('id', 'desc')
    .execute();
  const head = pipelines.find((p) => p.sha === view!.sha) ?? pipelines[0];
  const user = actorOf(request);
  const protection = await protectionOf(request, scope.project.id, mr.target_branch);
  return MergeRequest(
    view!,
    {
      changesCount: version?.real_size ?? null,
      diffRefs: version
        ? { base_sha: version.base_commit_sha, head_sha: version.head_commit_sha, start_sha: version.start_commit_sha }
        : null,
      pipeline: head ? PipelineBasic(head, scope.ctx) : null,
      headPipeline: head ? Pipeline(head, { user: undefined, committedAt: null }, scope.ctx) : null,
      canMerge: canMergeMergeRequest(user, scope.level, protection),
    },
    entityContext(request),
    { fromProjectId: scope.project.id },
  );
}

/** The users among `ids` that exist (GitLab ignores the others). */
async function existingUsers(request: FastifyRequest, ids: readonly number[] | undefined) {
  if (ids === undefined) return undefined;
  const wanted = ids.filter((id) => id > 0);
  if (wanted.length === 0) return [];
  const rows = await request.server.db.selectFrom('users').select('id').where('id', 'in', wanted).execute();
  return wanted.filter((id) => rows.some((row) => row.id === id));
}

/** A project's milestone (its own or an ancestor group's) by id, or `null`. */
async function milestoneOf(request: FastifyRequest, scope: RepositoryScope, id: number | null | undefined) {
  if (id === undefined) return undefined;
  if (!id) return null;
  const groups = scope.namespace.type === 'Group' ? scope.namespace.traversal_ids : [];
  const row = await request.server.db
    .selectFrom('milestones')
    .select('id')
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('project_id', '=', scope.project.id), ...(groups.length ? [eb('group_id', 'in', groups)] : [])]),
    )
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Fields of a create or update body. */
async function fieldsOf(
  request: FastifyRequest,
  scope: RepositoryScope,
  body: MergeRequestBody,
  current?: MergeRequestRow,
) {
  const labelsProject = {
    id: scope.project.id,
    traversalIds: scope.namespace.type === 'Group' ? scope.namespace.traversal_ids : [],
  };
  const fields: MergeRequestFields = {
    title: body.title,
    description: body.description,
    targetBranch: body.target_branch,
    squash: body.squash,
    removeSourceBranch: body.remove_source_branch,
    discussionLocked: body.discussion_locked,
    assigneeIds: await existingUsers(
      request,
      body.assignee_ids ?? (body.assignee_id === undefined ? undefined : body.assignee_id ? [body.assignee_id] : []),
    ),
    reviewerIds: await existingUsers(request, body.reviewer_ids),
    milestoneId: await milestoneOf(request, scope, body.milestone_id),
    actorId: actorOf(request)?.id,
  };
  if (body.state_event) fields.state = body.state_event === 'close' ? 'closed' : 'opened';
  if (body.labels !== undefined || body.add_labels !== undefined || body.remove_labels !== undefined) {
    const currentTitles = current
      ? (
          await request.server.db
            .selectFrom('label_links')
            .innerJoin('labels', 'labels.id', 'label_links.label_id')
            .select('labels.title')
            .where('label_links.target_type', '=', MERGE_REQUEST_TYPE)
            .where('label_links.target_id', '=', current.id)
            .execute()
        ).map((row) => row.title)
      : [];
    const removed = new Set(toList(body.remove_labels));
    const titles = [...(body.labels !== undefined ? toList(body.labels) : currentTitles), ...toList(body.add_labels)];
    fields.labels = await findOrCreateProjectLabels(request.server.db, labelsProject, [
      ...new Set(titles.filter((title) => !removed.has(title))),
    ]);
  }
  return fields;
}

/** Runs a merge request write, mapping its refusals to GitLab's answers. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof MergeRequestConflict) throw new ApiError(error.status, { message: [error.message] });
    throw error;
  }
}

interface MergeBody {
  merge_commit_message?: string;
  squash_commit_message?: string;
  squash?: boolean;
  should_remove_source_branch?: boolean;
  sha?: string;
}

const MERGE_BODY_PROPERTIES = {
  merge_commit_message: { type: 'string', maxLength: 1_000_000 },
  squash_commit_message: { type: 'string', maxLength: 1_000_000 },
  squash: BOOLEAN_SCHEMA,
  should_remove_source_branch: BOOLEAN_SCHEMA,
  // Merging when a pipeline succeeds needs runners; accepted, and the merge happens now.
  merge_when_pipeline_succeeds: BOOLEAN_SCHEMA,
  auto_merge: BOOLEAN_SCHEMA,
  sha: { type: 'string', maxLength: 64 },
} as const;

/**
 * After a merge asked to remove the source branch: removed when the merging user may push to
 * it and it is not the default branch (GitLab keeps those), with its push event.
 */
async function removeSourceBranch(request: FastifyRequest, scope: RepositoryScope, mr: MergeRequestRow) {
  const user = requireUser(request);
  const branch = mr.source_branch;
  if (branch === scope.project.default_branch) return;
  if (!canPushToBranch(user, scope.level, await protectionOf(request, scope.project.id, branch))) return;
  const sha = await scope.repository.refSha(`${BRANCH_PREFIX}${branch}`);
  if (!(await deleteRef(scope.repository, `${BRANCH_PREFIX}${branch}`))) return;
  await recordPushEvent(request.server.db, {
    projectId: scope.project.id,
    authorId: user.id,
    refType: 'branch',
    ref: branch,
    from: sha,
    to: null,
  });
}

/** Merge requests' routes. */
export async function mergeRequests(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const base = () =>
    db
      .selectFrom('merge_requests')
      .innerJoin('projects', 'projects.id', 'merge_requests.project_id')
      .selectAll('merge_requests');

  app.get('/merge_requests', { schema: { querystring: LIST_QUERY } }, async (request, reply) =>
    listMergeRequests(request, reply, filterList(request, base(), 'created_by_me'), {}),
  );

  app.get<{ Params: { id: string } }>(
    '/projects/:id/merge_requests',
    { schema: { params: ID_PARAMS, querystring: LIST_QUERY } },
    async (request, reply) => {
      const scope = await mergeRequestScope(request, request.params.id);
      const query = filterList(request, base().where('merge_requests.project_id', '=', scope.project.id), 'all');
      return listMergeRequests(request, reply, query, { fromProjectId: scope.project.id });
    },
  );

  app.post<{ Params: { id: string }; Body: MergeRequestBody }>(
    '/projects/:id/merge_requests',
    {
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          required: ['source_branch', 'target_branch', 'title'],
          properties: { ...BODY_PROPERTIES, source_branch: REF_SCHEMA, target_project_id: ID_SCHEMA },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await mergeRequestScope(request, request.params.id);
      if (!canCreateMergeRequest(user, scope.level)) throw forbidden();
      const body = request.body;
      if (body.target_project_id && body.target_project_id !== scope.project.id) {
        // Merge requests between forks need forks, which the product does not have yet.
        throw new ApiError(400, { message: { target_project_id: ['must be the source project'] } });
      }
      const fields = await fieldsOf(request, scope, body);
      const mr = await guarded(() =>
        createMergeRequest(db, scope.repository, scope.project.id, user.id, {
          ...fields,
          title: body.title!,
          sourceBranch: body.source_branch!,
          targetBranch: body.target_branch!,
        }),
      );
      return reply.code(201).send(await presentOne(request, scope, mr));
    },
  );

  app.get<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid',
    { schema: { params: IID_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await mergeRequestScope(request, request.params.id);
      return presentOne(request, scope, await findMergeRequest(request, scope, request.params.merge_request_iid));
    },
  );

  app.put<{ Params: { id: string; merge_request_iid: number }; Body: MergeRequestBody }>(
    '/projects/:id/merge_requests/:merge_request_iid',
    {
      schema: {
        params: IID_PARAMS,
        body: {
          type: 'object',
          properties: { ...BODY_PROPERTIES, state_event: { type: 'string', enum: ['close', 'reopen'] } },
        },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await mergeRequestScope(request, request.params.id);
      const mr = await findMergeRequest(request, scope, request.params.merge_request_iid);
      if (!canUpdateMergeRequest(user, scope.level, mr)) throw forbidden();
      if (!UPDATE_PARAMS.some((key) => request.body[key as keyof MergeRequestBody] !== undefined)) {
        throw new ApiError(400, {
          error: `${UPDATE_PARAMS.join(', ')} are missing, at least one parameter must be provided`,
        });
      }
      const fields = await fieldsOf(request, scope, request.body, mr);
      const updated = await guarded(() => updateMergeRequest(db, scope.repository, mr, fields));
      return presentOne(request, scope, updated);
    },
  );

  app.put<{ Params: { id: string; merge_request_iid: number }; Body: MergeBody | null }>(
    '/projects/:id/merge_requests/:merge_request_iid/merge',
    {
      schema: {
        params: IID_PARAMS,
        body: { type: ['object', 'null'], properties: MERGE_BODY_PROPERTIES },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body ?? {};
      const scope = await mergeRequestScope(request, request.params.id);
      const mr = await findMergeRequest(request, scope, request.params.merge_request_iid);
      // GitLab answers 401 to a user who may not merge into the target branch.
      if (!canMergeMergeRequest(user, scope.level, await protectionOf(request, scope.project.id, mr.target_branch))) {
        throw unauthorized();
      }
      if (mr.state !== 'opened' || isDraft(mr.title)) {
        throw new ApiError(MERGE_REFUSALS.notMergeable.status, { message: MERGE_REFUSALS.notMergeable.message });
      }
      const reference = `${scope.fullPath}!${mr.iid}`;
      let merged: MergeRequestRow;
      try {
        merged = await mergeMergeRequest(db, scope.repository, mr, {
          user,
          expectedHead: body.sha,
          mergeCommitMessage: body.merge_commit_message || defaultMergeCommitMessage(mr, reference),
          squash: body.squash ?? mr.squash,
          squashCommitMessage: body.squash_commit_message || mr.title,
        });
      } catch (error) {
        if (error instanceof MergeRefused) throw new ApiError(error.status, { message: error.message });
        throw error;
      }
      await createNote(
        db,
        {
          noteableType: 'MergeRequest',
          noteableId: mr.id,
          projectId: mr.project_id,
          authorId: user.id,
          body: 'merged',
          system: true,
        },
        scope.markdown,
      );
      if (body.should_remove_source_branch ?? mr.force_remove_source_branch)
        await removeSourceBranch(request, scope, merged);
      return presentOne(request, scope, merged);
    },
  );

  /** The merge request of a route and its latest diff version. */
  async function withVersion(request: FastifyRequest<{ Params: { id: string; merge_request_iid: number } }>) {
    const scope = await mergeRequestScope(request, request.params.id);
    const mr = await findMergeRequest(request, scope, request.params.merge_request_iid);
    const version = await refreshDiff(db, scope.repository, mr);
    return { scope, mr, version };
  }

  app.get<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/commits',
    { schema: { params: IID_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } } },
    async (request, reply) => {
      const { scope, version } = await withVersion(request);
      const commits = version ? await versionCommits(scope, version) : [];
      return paginateArray(request, reply, commits).map((commit) => Commit(commit, scope.ctx));
    },
  );

  app.get<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/changes',
    { schema: { params: IID_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const { scope, mr, version } = await withVersion(request);
      const diffs = version
        ? await diffCommits(
            scope.repository,
            version.base_commit_sha ?? version.start_commit_sha,
            version.head_commit_sha,
          )
        : [];
      return MergeRequestChanges(await presentOne(request, scope, mr), diffs);
    },
  );

  app.get<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/diffs',
    { schema: { params: IID_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } } },
    async (request, reply) => {
      const { scope, version } = await withVersion(request);
      const diffs = version
        ? await diffCommits(
            scope.repository,
            version.base_commit_sha ?? version.start_commit_sha,
            version.head_commit_sha,
          )
        : [];
      return paginateArray(request, reply, diffs).map(Diff);
    },
  );

  app.get<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/versions',
    { schema: { params: IID_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } } },
    async (request, reply) => {
      const { mr } = await withVersion(request);
      return paginateArray(request, reply, await diffVersions(db, mr.id)).map(MergeRequestDiff);
    },
  );

  app.get<{ Params: { id: string; merge_request_iid: number; version_id: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/versions/:version_id',
    {
      schema: {
        params: {
          ...IID_PARAMS,
          required: [...IID_PARAMS.required, 'version_id'],
          properties: { ...IID_PARAMS.properties, version_id: ID_SCHEMA },
        },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const { scope, mr } = await withVersion(request);
      const version = (await diffVersions(db, mr.id)).find((v) => v.id === request.params.version_id);
      if (!version) throw notFound('Merge Request Diff');
      const [commits, diffs] = await Promise.all([
        versionCommits(scope, version),
        diffCommits(scope.repository, version.base_commit_sha ?? version.start_commit_sha, version.head_commit_sha),
      ]);
      return MergeRequestDiffFull(version, commits, diffs, scope.ctx);
    },
  );

  app.get<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/pipelines',
    { schema: { params: IID_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } } },
    async (request, reply) => {
      const { scope, mr, version } = await withVersion(request);
      const commits = version ? await versionCommits(scope, version) : [];
      const query = pipelinesQuery(
        request,
        mr,
        commits.map((c) => c.id),
      ).orderBy('id', 'desc');
      return (await paginate(request, reply, query)).map((pipeline) => PipelineBasic(pipeline, scope.ctx));
    },
  );

  app.post<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/pipelines',
    { schema: { params: IID_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    async (request, reply) => {
      const user = requireUser(request);
      const { scope, mr } = await withVersion(request);
      if (!canCreatePipeline(user, scope.level)) throw forbidden();
      const head = await sourceHead(scope.repository, mr);
      if (!head) throw new ApiError(400, { message: { base: ['Source branch does not exist'] } });
      const pipeline = await runPipeline(() =>
        createPipeline(db, scope.repository, {
          projectId: scope.project.id,
          ref: mergeRequestRef(mr.iid),
          tag: false,
          sha: head,
          source: 'merge_request_event',
          userId: user.id,
          mergeRequestId: mr.id,
        }),
      );
      const committed = await readCommit(scope.repository, head);
      return reply.code(201).send(Pipeline(pipeline, { user, committedAt: committed.committedDate }, scope.ctx));
    },
  );

  const contextBody = {
    type: 'object',
    required: ['commits'],
    properties: { commits: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', maxLength: 64 } } },
  } as const;

  app.get<{ Params: { id: string; merge_request_iid: number } }>(
    '/projects/:id/merge_requests/:merge_request_iid/context_commits',
    { schema: { params: IID_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await mergeRequestScope(request, request.params.id);
      const mr = await findMergeRequest(request, scope, request.params.merge_request_iid);
      const rows = await db
        .selectFrom('merge_request_context_commits')
        .select('sha')
        .where('merge_request_id', '=', mr.id)
        .orderBy('created_at')
        .execute();
      const commits = await Promise.all(rows.map((row) => readCommit(scope.repository, row.sha)));
      return commits.map((commit) => Commit(commit, scope.ctx));
    },
  );

  /** The merge request of a context-commit write, the asker allowed to change it. */
  async function contextScope(request: FastifyRequest<{ Params: { id: string; merge_request_iid: number } }>) {
    const user = requireUser(request);
    const scope = await mergeRequestScope(request, request.params.id);
    const mr = await findMergeRequest(request, scope, request.params.merge_request_iid);
    if (!canUpdateMergeRequest(user, scope.level, mr)) throw forbidden();
    return { scope, mr };
  }

  app.post<{ Params: { id: string; merge_request_iid: number }; Body: { commits: string[] } }>(
    '/projects/:id/merge_requests/:merge_request_iid/context_commits',
    { schema: { params: IID_PARAMS, body: contextBody, querystring: NO_QUERY } },
    async (request, reply) => {
      const { scope, mr } = await contextScope(request);
      const resolved = await Promise.all(
        request.body.commits.map(async (sha) => ({
          sha,
          id: /^[0-9a-f]{7,40}$/i.test(sha) ? await scope.repository.resolveCommit(sha) : null,
        })),
      );
      const invalid = resolved.filter((entry) => !entry.id).map((entry) => entry.sha);
      if (invalid.length) throw new ApiError(400, { message: CONTEXT_COMMIT_MESSAGES.invalid(invalid) });
      const shas = [...new Set(resolved.map((entry) => entry.id!))];
      const existing = await db
        .selectFrom('merge_request_context_commits')
        .select('sha')
        .where('merge_request_id', '=', mr.id)
        .where('sha', 'in', shas)
        .execute();
      if (existing.length)
        throw new ApiError(400, { message: CONTEXT_COMMIT_MESSAGES.duplicate(existing.map((row) => row.sha)) });
      await db
        .insertInto('merge_request_context_commits')
        .values(shas.map((sha) => ({ merge_request_id: mr.id, sha })))
        .execute();
      const commits = await Promise.all(shas.map((sha) => readCommit(scope.repository, sha)));
      return reply.code(201).send(commits.map((commit) => Commit(commit, scope.ctx)));
    },
  );

  app.delete<{ Params: { id: string; merge_request_iid: number }; Body: { commits: string[] } }>(
    '/projects/:id/merge_requests/:merge_request_iid/context_commits',
    { schema: { params: IID_PARAMS, body: contextBody, querystring: NO_QUERY } },
    async (request, reply) => {
      const { scope, mr } = await contextScope(request);
      const shas = await Promise.all(request.body.commits.map((sha) => scope.repository.resolveCommit(sha)));
      const known = shas.filter((sha): sha is string => sha !== null);
      if (known.length) {
        await db
          .deleteFrom('merge_request_context_commits')
          .where('merge_request_id', '=', mr.id)
          .where('sha', 'in', known)
          .execute();
      }
      return reply.code(204).send();
    },
  );
}
