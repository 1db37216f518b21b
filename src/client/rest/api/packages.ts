/** Packages and container registries (spec section 7). */
import type { QueryParams, RestResponse } from '../request';
import type { ContainerRepository, EntityId, Package, RegistryListParams } from '../types';
import { api, clientOf, path, type ApiOptions, type PageParams } from './shared';

/** GET projects/{id}/packages. */
export function listProjectPackages(
  projectId: EntityId,
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Package[]>> {
  return clientOf(options).get(api`/projects/${projectId}/packages`, { ...options, params });
}

/** DELETE projects/{id}/packages/{package_id}. */
export function deleteProjectPackage(
  projectId: EntityId,
  packageId: number,
  options?: ApiOptions,
): Promise<RestResponse<null>> {
  return clientOf(options).delete(api`/projects/${projectId}/packages/${packageId}`, options);
}

/** DELETE projects/{id}/packages/{package_id}/package_files/{package_file_id}. */
export function deletePackageFile(
  projectId: EntityId,
  packageId: number,
  fileId: number,
  options?: ApiOptions,
): Promise<RestResponse<null>> {
  return clientOf(options).delete(api`/projects/${projectId}/packages/${packageId}/package_files/${fileId}`, options);
}

/** GET registry/repositories/{id} (`tags`, `tags_count`, `size`). */
export function getContainerRepository(
  repositoryId: number,
  params: QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<ContainerRepository>> {
  return clientOf(options).get(api`/registry/repositories/${repositoryId}`, { ...options, params });
}

/**
 * GET /{request_path}.json: an external registry's repositories (`limit`, `page`, `search`,
 * `sort`). `requestPath` comes from the page, unencoded (`/group/-/harbor/repositories`).
 */
export function listRegistryRepositories<T = unknown>(
  requestPath: string,
  params: RegistryListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<T[]>> {
  return clientOf(options).get(`${requestPath}.json`, { ...options, params: { ...params } });
}

/** GET /{request_path}/{repo_name}/artifacts.json (`limit`, `page`, `search`, `sort`). */
export function listRegistryArtifacts<T = unknown>(
  requestPath: string,
  repositoryName: string,
  params: RegistryListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<T[]>> {
  return clientOf(options).get(`${requestPath}${path`/${repositoryName}/artifacts.json`}`, {
    ...options,
    params: { ...params },
  });
}

/** GET /{request_path}/{repo_name}/artifacts/{digest}/tags.json (`page`). */
export function listRegistryArtifactTags<T = unknown>(
  requestPath: string,
  repositoryName: string,
  digest: string,
  params: { page?: number } = {},
  options?: ApiOptions,
): Promise<RestResponse<T[]>> {
  return clientOf(options).get(`${requestPath}${path`/${repositoryName}/artifacts/${digest}/tags.json`}`, {
    ...options,
    params: { ...params },
  });
}
