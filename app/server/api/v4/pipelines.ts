/**
 * Pipelines (`lib/api/ci/pipelines.rb`): list (scope, status, source, ref, sha, username,
 * order), get, latest for a ref, create from `.gitlab-ci.yml` at a branch or tag
 * (`POST /projects/:id/pipeline?ref=`), cancel, delete, and a pipeline's jobs. No runner
 * exists: new pipelines wait (`pending`/`created`/`manual`) until cancelled; see gitPipelines.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { BRANCH_PREFIX, TAG_PREFIX } from '../../domain/git.ts';
import { CiConfigError } from '../../domain/gitCiConfig.ts';
import { readCommit, type GitCommit } from '../../domain/gitObjects.ts';
import { canCreatePipeline, canReadPipelines, canUpdatePipeline } from '../../domain/gitPermissions.ts';
import { cancelPipeline, COMPLETED_STATUSES, createPipeline } from '../../domain/gitPipelines.ts';
import { CI_STATUSES, type BuildRow, type PipelineRow } from '../../domain/gitTables.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { Job, Pipeline, PipelineBasic } from './entities/Pipeline.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { ID_OR_PATH_SCHEMA, ID_SCHEMA, NO_BODY, NO_QUERY, SORT_SCHEMA, toList } from './params.ts';
import { assertCanPush, REF_SCHEMA, repositoryScope, type RepositoryScope } from './repository.ts';

/** `scope` values of pipeline lists. */
export const PIPELINE_SCOPES = ['running', 'pending', 'finished', 'branches', 'tags'] as const;
/** `order_by` values of pipeline lists. */
export const PIPELINE_ORDER_BY = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const;
/** Pipeline sources a list may filter on. */
export const PIPELINE_SOURCES = [
  'push',
  'web',
  'api',
  'merge_request_event',
  'schedule',
  'trigger',
  'pipeline',
] as const;
/** GitLab's answer when the ref names no branch or tag. */
export const REFERENCE_NOT_FOUND = 'Reference not found';

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } } as const;
/** `{ id, pipeline_id }` params. */
export const PIPELINE_PARAMS = {
  type: 'object',
  required: ['id', 'pipeline_id'],
  properties: { id: ID_OR_PATH_SCHEMA, pipeline_id: ID_SCHEMA },
} as const;
const JOB_SCOPE_SCHEMA = { type: ['string', 'array'], items: { type: 'string', enum: CI_STATUSES } } as const;
/** A job `scope` filter: one status or several (`scope[]=pending&scope[]=manual` as Rails clients send it). */
export const JOB_SCOPE_QUERY = {
  type: 'object',
  properties: { ...PAGINATION_QUERY, scope: JOB_SCOPE_SCHEMA, 'scope[]': JOB_SCOPE_SCHEMA },
} as const;

/** The query of a job list. */
export interface JobScopeQuery {
  scope?: string | string[];
  'scope[]'?: string | string[];
}

/** The statuses a job list asks for (none: all). */
export function jobStatuses(query: JobScopeQuery): BuildRow['status'][] {
  return [...toList(query.scope), ...toList(query['scope[]'])] as BuildRow['status'][];
}

/** Creates a pipeline, or answers GitLab's 400 `{"message":{"base":[...]}}` for an unusable CI file. */
export async function runPipeline(run: () => Promise<PipelineRow>): Promise<PipelineRow> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CiConfigError) throw new ApiError(400, { message: { base: [error.message] } });
    throw error;
  }
}

/** The scope of a CI route: pipelines readable (CI on; Reporter in private projects), else 403. */
export async function ciScope(request: FastifyRequest, id: string): Promise<RepositoryScope> {
  const scope = await repositoryScope(request, id);
  if (!canReadPipelines(scope.level, scope.project)) throw forbidden();
  return scope;
}

/** The pipeline `:pipeline_id` of the scope's project, or 404. */
export async function findPipeline(request: FastifyRequest, scope: RepositoryScope, id: number): Promise<PipelineRow> {
  const pipeline = await request.server.db
    .selectFrom('ci_pipelines')
    .selectAll()
    .where('project_id', '=', scope.project.id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!pipeline) throw notFound();
  return pipeline;
}

/** A pipeline in full: its user and its commit's date. */
export async function presentPipeline(request: FastifyRequest, scope: RepositoryScope, pipeline: PipelineRow) {
  const [user, commit] = await Promise.all([
    pipeline.user_id
      ? request.server.db.selectFrom('users').selectAll().where('id', '=', pipeline.user_id).executeTakeFirst()
      : undefined,
    scope.repository.resolveCommit(pipeline.sha).then((sha) => (sha ? readCommit(scope.repository, sha) : null)),
  ]);
  return Pipeline(pipeline, { user, committedAt: commit ? commit.committedDate : null }, scope.ctx);
}

/** Serialises jobs with their pipelines, commits and users (loaded once per page). */
export async function presentJobs(request: FastifyRequest, scope: RepositoryScope, jobs: readonly BuildRow[]) {
  if (jobs.length === 0) return [];
  const { db } = request.server;
  const pipelineIds = [...new Set(jobs.map((job) => job.pipeline_id))];
  const userIds = [...new Set(jobs.flatMap((job) => (job.user_id ? [job.user_id] : [])))];
  const [pipelines, users] = await Promise.all([
    db.selectFrom('ci_pipelines').selectAll().where('id', 'in', pipelineIds).execute(),
    userIds.length ? db.selectFrom('users').selectAll().where('id', 'in', userIds).execute() : [],
  ]);
  const commits = new Map<string, GitCommit | null>();
  for (const sha of new Set(pipelines.map((p) => p.sha))) {
    const resolved = await scope.repository.resolveCommit(sha);
    commits.set(sha, resolved ? await readCommit(scope.repository, resolved) : null);
  }
  return jobs.map((job) => {
    const pipeline = pipelines.find((p) => p.id === job.pipeline_id)!;
    return Job(
      job,
      { pipeline, commit: commits.get(pipeline.sha) ?? null, user: users.find((u) => u.id === job.user_id) },
      scope.ctx,
    );
  });
}

interface PipelineListQuery {
  scope?: (typeof PIPELINE_SCOPES)[number];
  status?: (typeof CI_STATUSES)[number];
  source?: (typeof PIPELINE_SOURCES)[number];
  ref?: string;
  sha?: string;
  username?: string;
  order_by?: (typeof PIPELINE_ORDER_BY)[number];
  sort?: 'asc' | 'desc';
  updated_after?: string;
  updated_before?: string;
}

/** Pipelines' routes. */
export async function pipelines(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Params: { id: string }; Querystring: PipelineListQuery }>(
    '/projects/:id/pipelines',
    {
      schema: {
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            scope: { type: 'string', enum: PIPELINE_SCOPES },
            status: { type: 'string', enum: CI_STATUSES },
            source: { type: 'string', enum: PIPELINE_SOURCES },
            ref: REF_SCHEMA,
            sha: { type: 'string', maxLength: 64 },
            username: { type: 'string', maxLength: 255 },
            order_by: { type: 'string', enum: PIPELINE_ORDER_BY },
            sort: SORT_SCHEMA,
            updated_after: { type: 'string', format: 'date-time' },
            updated_before: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    async (request, reply) => {
      const scope = await ciScope(request, request.params.id);
      const q = request.query;
      let query = db.selectFrom('ci_pipelines').selectAll().where('project_id', '=', scope.project.id);
      if (q.scope === 'running' || q.scope === 'pending') query = query.where('status', '=', q.scope);
      if (q.scope === 'finished') query = query.where('status', 'in', COMPLETED_STATUSES);
      if (q.scope === 'branches' || q.scope === 'tags') query = query.where('tag', '=', q.scope === 'tags');
      if (q.status) query = query.where('status', '=', q.status);
      if (q.source) query = query.where('source', '=', q.source);
      if (q.ref) query = query.where('ref', '=', q.ref);
      if (q.sha) query = query.where('sha', '=', q.sha);
      if (q.updated_after) query = query.where('updated_at', '>', new Date(q.updated_after));
      if (q.updated_before) query = query.where('updated_at', '<', new Date(q.updated_before));
      if (q.username) {
        query = query.where('user_id', '=', (eb) =>
          eb.selectFrom('users').select('users.id').where('users.username', '=', q.username!),
        );
      }
      const sort = q.sort ?? 'desc';
      const rows = await paginate(request, reply, query.orderBy(q.order_by ?? 'id', sort).orderBy('id', sort));
      return rows.map((pipeline) => PipelineBasic(pipeline, scope.ctx));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { ref?: string } }>(
    '/projects/:id/pipelines/latest',
    { schema: { params: ID_PARAMS, querystring: { type: 'object', properties: { ref: REF_SCHEMA } } } },
    async (request) => {
      const scope = await ciScope(request, request.params.id);
      const ref = request.query.ref ?? scope.project.default_branch ?? '';
      const pipeline = await db
        .selectFrom('ci_pipelines')
        .selectAll()
        .where('project_id', '=', scope.project.id)
        .where('ref', '=', ref)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!pipeline) throw notFound();
      return presentPipeline(request, scope, pipeline);
    },
  );

  app.get<{ Params: { id: string; pipeline_id: number } }>(
    '/projects/:id/pipelines/:pipeline_id',
    { schema: { params: PIPELINE_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await ciScope(request, request.params.id);
      return presentPipeline(request, scope, await findPipeline(request, scope, request.params.pipeline_id));
    },
  );

  const createProperties = {
    ref: REF_SCHEMA,
    variables: {
      type: 'array',
      maxItems: 100,
      items: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } } },
    },
  } as const;
  app.post<{ Params: { id: string }; Querystring: { ref?: string }; Body: { ref?: string } | null }>(
    '/projects/:id/pipeline',
    {
      schema: {
        params: ID_PARAMS,
        querystring: { type: 'object', properties: { ref: REF_SCHEMA } },
        body: { type: ['object', 'null'], properties: createProperties },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await ciScope(request, request.params.id);
      if (!canCreatePipeline(user, scope.level)) throw forbidden();
      const ref = request.body?.ref ?? request.query.ref;
      if (!ref) throw new ApiError(400, { error: 'ref is missing' });
      const branchSha = await scope.repository.resolveCommit(`${BRANCH_PREFIX}${ref}`);
      const tagSha = branchSha ? null : await scope.repository.resolveCommit(`${TAG_PREFIX}${ref}`);
      const sha = branchSha ?? tagSha;
      if (!sha) throw new ApiError(400, { message: { base: [REFERENCE_NOT_FOUND] } });
      // Running a pipeline for a protected branch takes the right to push to it.
      if (branchSha) await assertCanPush(request, scope, ref);
      const pipeline = await runPipeline(() =>
        createPipeline(db, scope.repository, {
          projectId: scope.project.id,
          ref,
          tag: !branchSha,
          sha,
          source: 'api',
          userId: user.id,
        }),
      );
      return reply.code(201).send(await presentPipeline(request, scope, pipeline));
    },
  );

  app.post<{ Params: { id: string; pipeline_id: number } }>(
    '/projects/:id/pipelines/:pipeline_id/cancel',
    { schema: { params: PIPELINE_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await ciScope(request, request.params.id);
      if (!canUpdatePipeline(user, scope.level)) throw forbidden();
      const pipeline = await cancelPipeline(db, await findPipeline(request, scope, request.params.pipeline_id));
      return reply.code(201).send(await presentPipeline(request, scope, pipeline));
    },
  );

  app.delete<{ Params: { id: string; pipeline_id: number } }>(
    '/projects/:id/pipelines/:pipeline_id',
    { schema: { params: PIPELINE_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      requireUser(request);
      const scope = await ciScope(request, request.params.id);
      // GitLab lets only Owners delete pipelines.
      if (scope.level < ACCESS_LEVEL.OWNER) throw forbidden();
      const pipeline = await findPipeline(request, scope, request.params.pipeline_id);
      await db.deleteFrom('ci_pipelines').where('id', '=', pipeline.id).execute();
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string; pipeline_id: number }; Querystring: JobScopeQuery }>(
    '/projects/:id/pipelines/:pipeline_id/jobs',
    { schema: { params: PIPELINE_PARAMS, querystring: JOB_SCOPE_QUERY } },
    async (request, reply) => {
      const scope = await ciScope(request, request.params.id);
      const pipeline = await findPipeline(request, scope, request.params.pipeline_id);
      let query = db.selectFrom('ci_builds').selectAll().where('pipeline_id', '=', pipeline.id);
      const statuses = jobStatuses(request.query);
      if (statuses.length) query = query.where('status', 'in', statuses);
      return presentJobs(request, scope, await paginate(request, reply, query.orderBy('id', 'asc')));
    },
  );
}
