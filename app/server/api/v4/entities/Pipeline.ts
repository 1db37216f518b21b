/**
 * GitLab's CI entities (`lib/api/entities/ci/pipeline*.rb`, `ci/job*.rb`): PipelineBasic ⊂
 * Pipeline with its `detailed_status`, and Job.
 */
import type { BuildRow, PipelineRow } from '../../../domain/gitTables.ts';
import type { UserRow } from '../../../domain/users.ts';
import type { GitCommit } from '../../../domain/gitObjects.ts';
import { isoTime } from './context.ts';
import { Commit, projectWebUrl, type RepositoryContext } from './Commit.ts';
import { UserBasic } from './User.ts';

/** Milliseconds per second (durations are in seconds). */
const MS_PER_SECOND = 1000;

/** Seconds between two times, or `null` while either is missing. */
function seconds(from: Date | null, to: Date | null): number | null {
  return from && to ? (to.getTime() - from.getTime()) / MS_PER_SECOND : null;
}

/** `id, iid, project_id, sha, ref, status, source, created_at, updated_at, web_url`. */
export function PipelineBasic(pipeline: PipelineRow, ctx: RepositoryContext) {
  return {
    id: pipeline.id,
    iid: pipeline.iid,
    project_id: pipeline.project_id,
    sha: pipeline.sha,
    ref: pipeline.ref,
    status: pipeline.status,
    source: pipeline.source,
    created_at: isoTime(pipeline.created_at),
    updated_at: isoTime(pipeline.updated_at),
    web_url: `${projectWebUrl(ctx)}/-/pipelines/${pipeline.id}`,
  };
}

/** GitLab's status presentation (`Gitlab::Ci::Status::*`): icon, text, label, group... */
export function DetailedStatus(status: string, detailsPath: string, ctx: RepositoryContext) {
  const root = new URL(ctx.baseUrl).pathname.replace(/\/$/, '');
  return {
    icon: `status_${status}`,
    text: status,
    label: status.replace(/_/g, ' '),
    group: status,
    tooltip: status.replace(/_/g, ' '),
    has_details: true,
    details_path: detailsPath,
    illustration: null,
    favicon: `${root}/assets/ci_favicons/favicon_status_${status}.png`,
  };
}

/** PipelineBasic plus `before_sha, tag, yaml_errors, user, times, coverage, detailed_status`. */
export function Pipeline(
  pipeline: PipelineRow,
  extras: { user: UserRow | undefined; committedAt: string | null },
  ctx: RepositoryContext,
) {
  const detailsPath = `${new URL(ctx.baseUrl).pathname.replace(/\/$/, '')}/${ctx.projectPath}/-/pipelines/${pipeline.id}`;
  return {
    ...PipelineBasic(pipeline, ctx),
    before_sha: pipeline.before_sha,
    tag: pipeline.tag,
    yaml_errors: null,
    user: extras.user ? UserBasic(extras.user, ctx) : null,
    started_at: isoTime(pipeline.started_at),
    finished_at: isoTime(pipeline.finished_at),
    committed_at: extras.committedAt,
    duration: seconds(pipeline.started_at, pipeline.finished_at),
    queued_duration: seconds(pipeline.created_at, pipeline.started_at),
    coverage: null,
    detailed_status: DetailedStatus(pipeline.status, detailsPath, ctx),
    archived: false,
  };
}

/** A job with its pipeline, commit and user. */
export interface JobContext {
  pipeline: PipelineRow;
  commit: GitCommit | null;
  user: UserRow | undefined;
}

/** `id, status, stage, name, ref, tag, allow_failure, times, user, commit, pipeline, web_url...`. */
export function Job(job: BuildRow, context: JobContext, ctx: RepositoryContext) {
  return {
    id: job.id,
    status: job.status,
    stage: job.stage,
    name: job.name,
    ref: context.pipeline.ref,
    tag: context.pipeline.tag,
    coverage: null,
    allow_failure: job.allow_failure,
    created_at: isoTime(job.created_at),
    started_at: isoTime(job.started_at),
    finished_at: isoTime(job.finished_at),
    erased_at: null,
    duration: seconds(job.started_at, job.finished_at),
    queued_duration: seconds(job.created_at, job.started_at),
    user: context.user ? UserBasic(context.user, ctx) : null,
    commit: context.commit ? Commit(context.commit, ctx) : null,
    pipeline: PipelineBasic(context.pipeline, ctx),
    web_url: `${projectWebUrl(ctx)}/-/jobs/${job.id}`,
    project: { ci_job_token_scope_enabled: false },
    artifacts: [],
    runner: null,
    runner_manager: null,
    artifacts_expire_at: null,
    archived: false,
    tag_list: job.tag_list,
  };
}
