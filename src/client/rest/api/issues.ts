/** Issues, todos, protected branches and templates of a project (spec section 7). */
import type { QueryParams, RestResponse } from '../request';
import type { EntityId, Issue, ProtectedBranch, Template, Todo } from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

/** GET projects/{id}/issues/{iid}. */
export function getIssue(projectId: EntityId, iid: number, options?: ApiOptions): Promise<RestResponse<Issue>> {
  return clientOf(options).get(api`/projects/${projectId}/issues/${iid}`, options);
}

/** PUT projects/{id}/issues/{iid} (`state_event`, `title`, ...). */
export function updateIssue(
  projectId: EntityId,
  iid: number,
  changes: Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<Issue>> {
  return clientOf(options).put(api`/projects/${projectId}/issues/${iid}`, changes, options);
}

/** POST projects/{id}/issues/{iid}/todo: adds a to-do item for the signed-in user. */
export function createIssueTodo(projectId: EntityId, iid: number, options?: ApiOptions): Promise<RestResponse<Todo>> {
  return clientOf(options).post(api`/projects/${projectId}/issues/${iid}/todo`, undefined, options);
}

/** GET projects/{id}/protected_branches. */
export function listProtectedBranches(
  projectId: EntityId,
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<ProtectedBranch[]>> {
  return clientOf(options).get(api`/projects/${projectId}/protected_branches`, { ...options, params });
}

/** GET projects/{id}/protected_branches/{name}. */
export function getProtectedBranch(
  projectId: EntityId,
  name: string,
  options?: ApiOptions,
): Promise<RestResponse<ProtectedBranch>> {
  return clientOf(options).get(api`/projects/${projectId}/protected_branches/${name}`, options);
}

/** GET projects/{id}/templates/{type} (`issues`, `merge_requests`, `gitignores`, `licenses`, ...). */
export function listProjectTemplates(
  projectId: EntityId,
  type: string,
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Template[]>> {
  return clientOf(options).get(api`/projects/${projectId}/templates/${type}`, { ...options, params });
}

/** GET projects/{id}/templates/{type}/{key}. */
export function getProjectTemplate(
  projectId: EntityId,
  type: string,
  key: string,
  params: QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Template>> {
  return clientOf(options).get(api`/projects/${projectId}/templates/${type}/${key}`, { ...options, params });
}
