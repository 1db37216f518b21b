/** CI/CD settings of a project: freeze periods, feature flag user lists, secure files (spec section 7). */
import type { QueryParams, RestResponse } from '../request';
import type {
  EntityId,
  FeatureFlagUserList,
  FeatureFlagUserListInput,
  FreezePeriod,
  FreezePeriodInput,
  SecureFile,
} from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

/** GET projects/{id}/freeze_periods. */
export function listFreezePeriods(
  projectId: EntityId,
  params: PageParams = {},
  options?: ApiOptions,
): Promise<RestResponse<FreezePeriod[]>> {
  return clientOf(options).get(api`/projects/${projectId}/freeze_periods`, { ...options, params: { ...params } });
}

/** POST projects/{id}/freeze_periods. */
export function createFreezePeriod(
  projectId: EntityId,
  period: FreezePeriodInput,
  options?: ApiOptions,
): Promise<RestResponse<FreezePeriod>> {
  return clientOf(options).post(api`/projects/${projectId}/freeze_periods`, period, options);
}

/** PUT projects/{id}/freeze_periods/{freeze_period_id}. */
export function updateFreezePeriod(
  projectId: EntityId,
  freezePeriodId: number,
  changes: Partial<FreezePeriodInput>,
  options?: ApiOptions,
): Promise<RestResponse<FreezePeriod>> {
  return clientOf(options).put(api`/projects/${projectId}/freeze_periods/${freezePeriodId}`, changes, options);
}

/** DELETE projects/{id}/freeze_periods/{freeze_period_id}. */
export function deleteFreezePeriod(
  projectId: EntityId,
  freezePeriodId: number,
  options?: ApiOptions,
): Promise<RestResponse<null>> {
  return clientOf(options).delete(api`/projects/${projectId}/freeze_periods/${freezePeriodId}`, options);
}

/** GET projects/{id}/feature_flags_user_lists (`page`, `search`). */
export function listFeatureFlagUserLists(
  projectId: EntityId,
  params: { page?: number; search?: string } & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<FeatureFlagUserList[]>> {
  return clientOf(options).get(api`/projects/${projectId}/feature_flags_user_lists`, { ...options, params });
}

/** GET projects/{id}/feature_flags_user_lists/{iid}. */
export function getFeatureFlagUserList(
  projectId: EntityId,
  listIid: number,
  options?: ApiOptions,
): Promise<RestResponse<FeatureFlagUserList>> {
  return clientOf(options).get(api`/projects/${projectId}/feature_flags_user_lists/${listIid}`, options);
}

/** POST projects/{id}/feature_flags_user_lists. */
export function createFeatureFlagUserList(
  projectId: EntityId,
  list: FeatureFlagUserListInput,
  options?: ApiOptions,
): Promise<RestResponse<FeatureFlagUserList>> {
  return clientOf(options).post(api`/projects/${projectId}/feature_flags_user_lists`, list, options);
}

/** PUT projects/{id}/feature_flags_user_lists/{iid}. */
export function updateFeatureFlagUserList(
  projectId: EntityId,
  listIid: number,
  changes: Partial<FeatureFlagUserListInput>,
  options?: ApiOptions,
): Promise<RestResponse<FeatureFlagUserList>> {
  return clientOf(options).put(api`/projects/${projectId}/feature_flags_user_lists/${listIid}`, changes, options);
}

/** DELETE projects/{id}/feature_flags_user_lists/{iid}. */
export function deleteFeatureFlagUserList(
  projectId: EntityId,
  listIid: number,
  options?: ApiOptions,
): Promise<RestResponse<null>> {
  return clientOf(options).delete(api`/projects/${projectId}/feature_flags_user_lists/${listIid}`, options);
}

/** GET projects/{id}/secure_files. */
export function listSecureFiles(
  projectId: EntityId,
  params: PageParams = {},
  options?: ApiOptions,
): Promise<RestResponse<SecureFile[]>> {
  return clientOf(options).get(api`/projects/${projectId}/secure_files`, { ...options, params: { ...params } });
}

/** POST projects/{id}/secure_files as multipart (`name`, `file`). */
export function uploadSecureFile(
  projectId: EntityId,
  name: string,
  file: Blob,
  options?: ApiOptions,
): Promise<RestResponse<SecureFile>> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, name);
  return clientOf(options).post(api`/projects/${projectId}/secure_files`, form, options);
}

/** DELETE projects/{id}/secure_files/{secure_file_id}. */
export function deleteSecureFile(
  projectId: EntityId,
  fileId: number,
  options?: ApiOptions,
): Promise<RestResponse<null>> {
  return clientOf(options).delete(api`/projects/${projectId}/secure_files/${fileId}`, options);
}
