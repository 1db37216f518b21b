/**
 * Jobs (`lib/api/ci/jobs.rb`): a project's jobs (newest first, `scope` by status), one job,
 * cancel, and play (a manual job becomes `pending`). No runner picks jobs up.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compositeStatus, COMPLETED_STATUSES } from '../../domain/gitPipelines.ts';
import { canUpdatePipeline } from '../../domain/gitPermissions.ts';
import type { BuildRow, CiStatus } from '../../domain/gitTables.ts';
import { inTransaction } from '../../domain/transaction.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { paginate } from './pagination.ts';
import { ID_OR_PATH_SCHEMA, ID_SCHEMA, NO_BODY, NO_QUERY } from './params.ts';
import { ciScope, JOB_SCOPE_QUERY, jobStatuses, presentJobs, type JobScopeQuery } from './pipelines.ts';
import type { RepositoryScope } from './repository.ts';

/** GitLab's answers for jobs that cannot change state. */
export const JOB_MESSAGES = {
  notPlayable: '400 Bad request - Unplayable Job',
  notCancelable: '400 Bad request - Job is not cancelable',
} as const;

const JOB_PARAMS = {
  type: 'object',
  required: ['id', 'job_id'],
  properties: { id: ID_OR_PATH_SCHEMA, job_id: ID_SCHEMA },
} as const;

/** Jobs' routes. */
export async function jobs(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function findJob(request: FastifyRequest, scope: RepositoryScope, id: number): Promise<BuildRow> {
    const job = await db
      .selectFrom('ci_builds')
      .selectAll()
      .where('project_id', '=', scope.project.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!job) throw notFound();
    return job;
  }

  /** Moves a job to `status` and recomputes its pipeline's status. */
  async function transition(job: BuildRow, status: CiStatus): Promise<BuildRow> {
    return inTransaction(db, async (trx) => {
      const now = new Date();
      const updated = await trx
        .updateTable('ci_builds')
        .set({ status, updated_at: now, ...(COMPLETED_STATUSES.includes(status) ? { finished_at: now } : {}) })
        .where('id', '=', job.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const siblings = await trx
        .selectFrom('ci_builds')
        .select(['status', 'allow_failure'])
        .where('pipeline_id', '=', job.pipeline_id)
        .execute();
      await trx
        .updateTable('ci_pipelines')
        .set({ status: compositeStatus(siblings), updated_at: now })
        .where('id', '=', job.pipeline_id)
        .execute();
      return updated;
    });
  }

  app.get<{ Params: { id: string }; Querystring: JobScopeQuery }>(
    '/projects/:id/jobs',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: JOB_SCOPE_QUERY,
      },
    },
    async (request, reply) => {
      const scope = await ciScope(request, request.params.id);
      let query = db.selectFrom('ci_builds').selectAll().where('project_id', '=', scope.project.id);
      const statuses = jobStatuses(request.query);
      if (statuses.length) query = query.where('status', 'in', statuses);
      return presentJobs(request, scope, await paginate(request, reply, query.orderBy('id', 'desc')));
    },
  );

  app.get<{ Params: { id: string; job_id: number } }>(
    '/projects/:id/jobs/:job_id',
    { schema: { params: JOB_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await ciScope(request, request.params.id);
      const [job] = await presentJobs(request, scope, [await findJob(request, scope, request.params.job_id)]);
      return job;
    },
  );

  /** A job action: the asker may update pipelines, the job is in a state it applies to. */
  function jobAction(action: string, applies: (job: BuildRow) => boolean, refusal: string, status: CiStatus) {
    app.post<{ Params: { id: string; job_id: number } }>(
      `/projects/:id/jobs/:job_id/${action}`,
      { schema: { params: JOB_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
      async (request, reply) => {
        const user = requireUser(request);
        const scope = await ciScope(request, request.params.id);
        if (!canUpdatePipeline(user, scope.level)) throw forbidden();
        const job = await findJob(request, scope, request.params.job_id);
        if (!applies(job)) throw new ApiError(400, { message: refusal });
        const [presented] = await presentJobs(request, scope, [await transition(job, status)]);
        return reply.code(201).send(presented);
      },
    );
  }
  jobAction('cancel', (job) => !COMPLETED_STATUSES.includes(job.status), JOB_MESSAGES.notCancelable, 'canceled');
  jobAction('play', (job) => job.status === 'manual', JOB_MESSAGES.notPlayable, 'pending');
}
