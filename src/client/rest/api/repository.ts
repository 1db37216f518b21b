/** A project's repository: commits, branches, tags, raw files (spec section 7). */
import type { QueryParams, RestResponse } from '../request';
import type { Branch, Commit, CommitInput, EntityId, Tag } from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

type ListParams = PageParams & QueryParams;

/** GET projects/{id}/repository/commits (`ref_name`, `path`, `since`, ...). */
export function listCommits(
  projectId: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Commit[]>> {
  return clientOf(options).get(api`/projects/${projectId}/repository/commits`, { ...options, params });
}

/** POST projects/{id}/repository/commits, as JSON (branch, message, actions). */
export function createCommit(
  projectId: EntityId,
  commit: CommitInput,
  options?: ApiOptions,
): Promise<RestResponse<Commit>> {
  return clientOf(options).post(api`/projects/${projectId}/repository/commits`, commit, options);
}

/** GET projects/{id}/repository/commits/{sha}. */
export function getCommit(projectId: EntityId, sha: string, options?: ApiOptions): Promise<RestResponse<Commit>> {
  return clientOf(options).get(api`/projects/${projectId}/repository/commits/${sha}`, options);
}

/** GET projects/{id}/repository/branches (`search`, ...). */
export function listBranches(
  projectId: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Branch[]>> {
  return clientOf(options).get(api`/projects/${projectId}/repository/branches`, { ...options, params });
}

/** POST projects/{id}/repository/branches (`branch`, `ref`). */
export function createBranch(
  projectId: EntityId,
  branch: { branch: string; ref: string },
  options?: ApiOptions,
): Promise<RestResponse<Branch>> {
  return clientOf(options).post(api`/projects/${projectId}/repository/branches`, branch, options);
}

/** GET projects/{id}/repository/branches/{branch}. */
export function getBranch(projectId: EntityId, branch: string, options?: ApiOptions): Promise<RestResponse<Branch>> {
  return clientOf(options).get(api`/projects/${projectId}/repository/branches/${branch}`, options);
}

/** GET projects/{id}/repository/tags. */
export function listTags(
  projectId: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Tag[]>> {
  return clientOf(options).get(api`/projects/${projectId}/repository/tags`, { ...options, params });
}

/** GET projects/{id}/repository/tags/{tag_name}. */
export function getTag(projectId: EntityId, tagName: string, options?: ApiOptions): Promise<RestResponse<Tag>> {
  return clientOf(options).get(api`/projects/${projectId}/repository/tags/${tagName}`, options);
}

/** GET projects/{id}/repository/files/{path}/raw (`ref`): the file's content as text. */
export function getRawFile(
  projectId: EntityId,
  filePath: string,
  params: { ref?: string } & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<string>> {
  return clientOf(options).get(api`/projects/${projectId}/repository/files/${filePath}/raw`, {
    ...options,
    params,
    responseType: 'text',
  });
}
