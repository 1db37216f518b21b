/**
 * Pipelines from `.gitlab-ci.yml` at a commit. There is no runner: a new pipeline's first stage
 * is `pending` (its manual jobs `manual`), later stages stay `created`, and nothing runs them on;
 * cancelling moves unfinished jobs to `canceled`. The pipeline's status is GitLab's composite of
 * its jobs' statuses.
 */
import type { DbOrTx } from '../db/schema.ts';
import { NULL_SHA, type Repository } from './git.ts';
import { CI_CONFIG_FILE, CI_MESSAGES, CiConfigError, readCiConfig } from './gitCiConfig.ts';
import { findBlob, readBlob } from './gitObjects.ts';
import type { BuildRow, CiStatus, PipelineRow } from './gitTables.ts';
import { nextIid } from './iids.ts';
import { inTransaction } from './transaction.ts';

/** Where a pipeline came from (GitLab's `source`). */
export type PipelineSource = 'api' | 'push' | 'web' | 'merge_request_event';

/** Statuses that are final. */
export const COMPLETED_STATUSES: readonly CiStatus[] = ['success', 'failed', 'canceled', 'skipped'];

/** A pipeline to create. */
export interface NewPipeline {
  projectId: number;
  ref: string;
  tag: boolean;
  sha: string;
  source: PipelineSource;
  userId: number | null;
  mergeRequestId?: number;
}

/**
 * GitLab's composite status (`Ci::HasStatus`): from the jobs that count (manual jobs that may
 * fail do not block), the most pressing state wins.
 */
export function compositeStatus(jobs: ReadonlyArray<Pick<BuildRow, 'status' | 'allow_failure'>>): CiStatus {
  const statuses = jobs.map((job) => job.status);
  if (statuses.length === 0) return 'skipped';
  const all = (status: CiStatus) => statuses.every((s) => s === status);
  const any = (status: CiStatus) => statuses.includes(status);
  if (all('created')) return 'created';
  if (all('manual')) return 'manual';
  if (statuses.every((s) => s === 'success' || s === 'skipped' || s === 'manual')) return 'success';
  if (any('running')) return 'running';
  if (any('pending')) return 'pending';
  if (any('failed') && jobs.some((job) => job.status === 'failed' && !job.allow_failure)) return 'failed';
  if (any('created')) return 'created';
  if (any('manual')) return 'manual';
  if (any('canceled')) return 'canceled';
  return 'success';
}

/** Reads the CI file at `sha`; throws {@link CiConfigError} with GitLab's message. */
export async function ciConfigAt(repository: Repository, sha: string) {
  const blob = await findBlob(repository, sha, CI_CONFIG_FILE);
  if (!blob) throw new CiConfigError(CI_MESSAGES.missing);
  const content = await readBlob(repository, blob.id);
  return readCiConfig(content?.toString('utf8') ?? '');
}

/** Creates a pipeline and its jobs from the CI file at `input.sha`. */
export async function createPipeline(db: DbOrTx, repository: Repository, input: NewPipeline): Promise<PipelineRow> {
  const config = await ciConfigAt(repository, input.sha);
  const firstStage = config.stages[0];
  const jobs = config.jobs.map((job) => ({
    ...job,
    status: (job.when === 'manual' ? 'manual' : job.stage === firstStage ? 'pending' : 'created') as CiStatus,
  }));
  const status = compositeStatus(jobs.map((job) => ({ status: job.status, allow_failure: job.allowFailure })));
  const previous = await db
    .selectFrom('ci_pipelines')
    .select('sha')
    .where('project_id', '=', input.projectId)
    .where('ref', '=', input.ref)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return inTransaction(db, async (trx) => {
    const iid = await nextIid(trx, input.projectId, 'ci_pipelines');
    const pipeline = await trx
      .insertInto('ci_pipelines')
      .values({
        iid,
        project_id: input.projectId,
        ref: input.ref,
        tag: input.tag,
        sha: input.sha,
        before_sha: previous?.sha ?? NULL_SHA,
        source: input.source,
        status,
        user_id: input.userId,
        merge_request_id: input.mergeRequestId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ci_builds')
      .values(
        jobs.map((job) => ({
          pipeline_id: pipeline.id,
          project_id: input.projectId,
          name: job.name,
          stage: job.stage,
          stage_idx: job.stageIndex,
          status: job.status,
          when: job.when,
          allow_failure: job.allowFailure,
          tag_list: job.tags,
          user_id: input.userId,
        })),
      )
      .execute();
    return pipeline;
  });
}

/** Cancels a pipeline's unfinished jobs and recomputes its status; returns the pipeline. */
export async function cancelPipeline(db: DbOrTx, pipeline: PipelineRow): Promise<PipelineRow> {
  return inTransaction(db, async (trx) => {
    const now = new Date();
    await trx
      .updateTable('ci_builds')
      .set({ status: 'canceled', finished_at: now, updated_at: now })
      .where('pipeline_id', '=', pipeline.id)
      .where('status', 'not in', COMPLETED_STATUSES)
      .execute();
    const jobs = await trx
      .selectFrom('ci_builds')
      .select(['status', 'allow_failure'])
      .where('pipeline_id', '=', pipeline.id)
      .execute();
    return trx
      .updateTable('ci_pipelines')
      .set({ status: compositeStatus(jobs), finished_at: now, updated_at: now })
      .where('id', '=', pipeline.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
