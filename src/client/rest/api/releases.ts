/** Releases and their asset links (spec section 7). */
import type { QueryParams, RestResponse } from '../request';
import type { EntityId, Release, ReleaseInput, ReleaseLink, ReleaseLinkInput } from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

/** GET projects/{id}/releases. */
export function listReleases(
  projectId: EntityId,
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Release[]>> {
  return clientOf(options).get(api`/projects/${projectId}/releases`, { ...options, params });
}

/** POST projects/{id}/releases (`tag_name`, ...). */
export function createRelease(
  projectId: EntityId,
  release: ReleaseInput & { tag_name: string },
  options?: ApiOptions,
): Promise<RestResponse<Release>> {
  return clientOf(options).post(api`/projects/${projectId}/releases`, release, options);
}

/** GET projects/{id}/releases/{tag_name}. */
export function getRelease(projectId: EntityId, tagName: string, options?: ApiOptions): Promise<RestResponse<Release>> {
  return clientOf(options).get(api`/projects/${projectId}/releases/${tagName}`, options);
}

/** PUT projects/{id}/releases/{tag_name}. */
export function updateRelease(
  projectId: EntityId,
  tagName: string,
  changes: ReleaseInput,
  options?: ApiOptions,
): Promise<RestResponse<Release>> {
  return clientOf(options).put(api`/projects/${projectId}/releases/${tagName}`, changes, options);
}

/** POST projects/{id}/releases/{tag_name}/assets/links. */
export function createReleaseLink(
  projectId: EntityId,
  tagName: string,
  link: ReleaseLinkInput,
  options?: ApiOptions,
): Promise<RestResponse<ReleaseLink>> {
  return clientOf(options).post(api`/projects/${projectId}/releases/${tagName}/assets/links`, link, options);
}

/** DELETE projects/{id}/releases/{tag_name}/assets/links/{link_id}. */
export function deleteReleaseLink(
  projectId: EntityId,
  tagName: string,
  linkId: number,
  options?: ApiOptions,
): Promise<RestResponse<ReleaseLink>> {
  return clientOf(options).delete(api`/projects/${projectId}/releases/${tagName}/assets/links/${linkId}`, options);
}
