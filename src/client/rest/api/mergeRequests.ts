/** Merge requests (spec section 7). */
import type { QueryParams, RestResponse } from '../request';
import type { Commit, EntityId, MergeRequest, MergeRequestChanges, MergeRequestVersion, Pipeline } from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

type ListParams = PageParams & QueryParams;

/** GET merge_requests: merge requests across projects (`scope`, `state`, ...). */
export function listAllMergeRequests(
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<MergeRequest[]>> {
  return clientOf(options).get(api`/merge_requests`, { ...options, params });
}

/** GET projects/{id}/merge_requests. */
export function listMergeRequests(
  projectId: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<MergeRequest[]>> {
  return clientOf(options).get(api`/projects/${projectId}/merge_requests`, { ...options, params });
}

/** POST projects/{id}/merge_requests. */
export function createMergeRequest(
  projectId: EntityId,
  mergeRequest: { source_branch: string; target_branch: string; title: string } & Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<MergeRequest>> {
  return clientOf(options).post(api`/projects/${projectId}/merge_requests`, mergeRequest, options);
}

/** GET projects/{id}/merge_requests/{iid}. */
export function getMergeRequest(
  projectId: EntityId,
  iid: number,
  params: QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<MergeRequest>> {
  return clientOf(options).get(api`/projects/${projectId}/merge_requests/${iid}`, { ...options, params });
}

/** PUT projects/{id}/merge_requests/{iid}. */
export function updateMergeRequest(
  projectId: EntityId,
  iid: number,
  changes: Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<MergeRequest>> {
  return clientOf(options).put(api`/projects/${projectId}/merge_requests/${iid}`, changes, options);
}

/** GET projects/{id}/merge_requests/{iid}/changes. */
export function getMergeRequestChanges(
  projectId: EntityId,
  iid: number,
  options?: ApiOptions,
): Promise<RestResponse<MergeRequestChanges>> {
  return clientOf(options).get(api`/projects/${projectId}/merge_requests/${iid}/changes`, options);
}

/** GET projects/{id}/merge_requests/{iid}/versions. */
export function listMergeRequestVersions(
  projectId: EntityId,
  iid: number,
  options?: ApiOptions,
): Promise<RestResponse<MergeRequestVersion[]>> {
  return clientOf(options).get(api`/projects/${projectId}/merge_requests/${iid}/versions`, options);
}

/** GET projects/{id}/merge_requests/{iid}/pipelines. */
export function listMergeRequestPipelines(
  projectId: EntityId,
  iid: number,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Pipeline[]>> {
  return clientOf(options).get(api`/projects/${projectId}/merge_requests/${iid}/pipelines`, { ...options, params });
}

/** POST projects/{id}/merge_requests/{iid}/pipelines: runs a merge request pipeline. */
export function createMergeRequestPipeline(
  projectId: EntityId,
  iid: number,
  options?: ApiOptions,
): Promise<RestResponse<Pipeline>> {
  return clientOf(options).post(api`/projects/${projectId}/merge_requests/${iid}/pipelines`, undefined, options);
}

/** GET projects/{id}/merge_requests/{iid}/context_commits. */
export function listMergeRequestContextCommits(
  projectId: EntityId,
  iid: number,
  options?: ApiOptions,
): Promise<RestResponse<Commit[]>> {
  return clientOf(options).get(api`/projects/${projectId}/merge_requests/${iid}/context_commits`, options);
}

/** POST projects/{id}/merge_requests/{iid}/context_commits (`commits`: SHAs). */
export function addMergeRequestContextCommits(
  projectId: EntityId,
  iid: number,
  commits: readonly string[],
  options?: ApiOptions,
): Promise<RestResponse<Commit[]>> {
  return clientOf(options).post(
    api`/projects/${projectId}/merge_requests/${iid}/context_commits`,
    { commits },
    options,
  );
}

/** DELETE projects/{id}/merge_requests/{iid}/context_commits, the SHAs in the body. */
export function removeMergeRequestContextCommits(
  projectId: EntityId,
  iid: number,
  commits: readonly string[],
  options?: ApiOptions,
): Promise<RestResponse<null>> {
  return clientOf(options).delete(api`/projects/${projectId}/merge_requests/${iid}/context_commits`, {
    ...options,
    body: { commits },
  });
}
