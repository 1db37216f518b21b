/** Namespaces, instance settings and statistics, deploy keys (spec section 7, "REST, other"). */
import type { QueryParams, RestResponse } from '../request';
import type { ApplicationStatistics, DeployKey, Namespace, NamespaceExists } from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

/** GET namespaces/{id}/exists (`parent_id` plus extras): is the path taken, and what is free. */
export function namespaceExists(
  namespace: string,
  params: { parent_id?: number } & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<NamespaceExists>> {
  return clientOf(options).get(api`/namespaces/${namespace}/exists`, { ...options, params });
}

/** GET namespaces.json. */
export function listNamespaces(
  params: { search?: string } & PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Namespace[]>> {
  return clientOf(options).get(api`/namespaces.json`, { ...options, params });
}

/** PUT application/settings with the settings to change; resolves with all settings. */
export function updateApplicationSettings(
  changes: Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<Record<string, unknown>>> {
  return clientOf(options).put(api`/application/settings`, changes, options);
}

/** GET application/statistics. */
export function getApplicationStatistics(options?: ApiOptions): Promise<RestResponse<ApplicationStatistics>> {
  return clientOf(options).get(api`/application/statistics`, options);
}

/** GET deploy_keys: every deploy key of the instance. */
export function listDeployKeys(
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<DeployKey[]>> {
  return clientOf(options).get(api`/deploy_keys`, { ...options, params });
}
