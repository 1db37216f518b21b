/** Pipelines and jobs (spec section 7). */
import type { QueryParams, RestResponse } from '../request';
import type { EntityId, Job, Pipeline, PipelineInput } from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

type ListParams = PageParams & QueryParams;

/** GET projects/{id}/pipelines. */
export function listPipelines(
  projectId: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Pipeline[]>> {
  return clientOf(options).get(api`/projects/${projectId}/pipelines`, { ...options, params });
}

/** GET projects/{id}/pipelines/{pipeline_id}. */
export function getPipeline(
  projectId: EntityId,
  pipelineId: number,
  options?: ApiOptions,
): Promise<RestResponse<Pipeline>> {
  return clientOf(options).get(api`/projects/${projectId}/pipelines/${pipelineId}`, options);
}

/** GET projects/{id}/pipelines/{pipeline_id}/jobs. */
export function listPipelineJobs(
  projectId: EntityId,
  pipelineId: number,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Job[]>> {
  return clientOf(options).get(api`/projects/${projectId}/pipelines/${pipelineId}/jobs`, { ...options, params });
}

/** POST projects/{id}/pipeline (`ref`, `variables`): runs a pipeline. */
export function createPipeline(
  projectId: EntityId,
  pipeline: PipelineInput,
  options?: ApiOptions,
): Promise<RestResponse<Pipeline>> {
  return clientOf(options).post(api`/projects/${projectId}/pipeline`, pipeline, options);
}
