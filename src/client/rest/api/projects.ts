/** Projects (spec section 7, "REST, projects"). */
import { isSignedIn } from '../../config';
import type { QueryParams, RestResponse } from '../request';
import type {
  EntityId,
  Environment,
  Group,
  Member,
  Milestone,
  NamespaceLocation,
  NotificationSettings,
  Project,
  ProjectBasic,
  Runner,
  ShareInput,
  StopStaleEnvironmentsResult,
  UserBasic,
} from '../types';
import { DEFAULT_PER_PAGE, api, clientOf, type ApiOptions, type PageParams } from './shared';

type ListParams = PageParams & QueryParams;

/** What marks a search text as a path: with it, namespaces are searched too. */
export const NAMESPACE_SEPARATOR = '/';

/** Spec section 3, project search fields. */
export interface ProjectSearchParams extends PageParams {
  search?: string;
  simple?: boolean;
  membership?: boolean;
  search_namespaces?: boolean;
}

/**
 * GET projects.json for a search box: `search`, `per_page` 20, `simple=true`, `membership=true`
 * only when signed in and `search_namespaces=true` only when the text has a slash (spec sections
 * 6 and 7). `params` win over these defaults.
 */
export function searchProjects(
  search: string,
  params: ProjectSearchParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<ProjectBasic[]>> {
  const client = clientOf(options);
  const defaults: ProjectSearchParams = { search, per_page: DEFAULT_PER_PAGE, simple: true };
  if (isSignedIn(client.pageConfig())) defaults.membership = true;
  if (search.includes(NAMESPACE_SEPARATOR)) defaults.search_namespaces = true;
  return client.get(api`/projects.json`, { ...options, params: { ...defaults, ...params } });
}

/** POST projects.json; resolves with the created project. */
export function createProject(
  project: Readonly<Record<string, unknown>> & { name?: string; path?: string },
  options?: ApiOptions,
): Promise<RestResponse<Project>> {
  return clientOf(options).post(api`/projects.json`, project, options);
}

/** GET projects/{id} (an id or a full path). */
export function getProject(
  id: EntityId,
  params: QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Project>> {
  return clientOf(options).get(api`/projects/${id}`, { ...options, params });
}

/** PUT projects/{id} with the fields to change. */
export function updateProject(
  id: EntityId,
  changes: Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<Project>> {
  return clientOf(options).put(api`/projects/${id}`, changes, options);
}

/** DELETE projects/{id}, with optional query parameters (`full_path`, `permanently_remove`). */
export function deleteProject(
  id: EntityId,
  params: QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<{ message: string } | null>> {
  return clientOf(options).delete(api`/projects/${id}`, { ...options, params });
}

/** POST projects/{id}/import_project_members/{project_id}: copies the members of another project. */
export function importProjectMembers(
  id: EntityId,
  sourceProjectId: EntityId,
  options?: ApiOptions,
): Promise<RestResponse<{ status: string; message?: unknown }>> {
  return clientOf(options).post(api`/projects/${id}/import_project_members/${sourceProjectId}`, undefined, options);
}

/** POST projects/{id}/repository_size: asks for the repository size to be recalculated. */
export function refreshRepositorySize(id: EntityId, options?: ApiOptions): Promise<RestResponse<unknown>> {
  return clientOf(options).post(api`/projects/${id}/repository_size`, undefined, options);
}

/** GET projects/{id}/transfer_locations. */
export function listProjectTransferLocations(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<NamespaceLocation[]>> {
  return clientOf(options).get(api`/projects/${id}/transfer_locations`, { ...options, params });
}

/** GET projects/{id}/share_locations. */
export function listProjectShareLocations(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<NamespaceLocation[]>> {
  return clientOf(options).get(api`/projects/${id}/share_locations`, { ...options, params });
}

/** GET projects/{id}/users. */
export function listProjectUsers(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<UserBasic[]>> {
  return clientOf(options).get(api`/projects/${id}/users`, { ...options, params });
}

/** GET projects/{id}/members. */
export function listProjectMembers(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Member[]>> {
  return clientOf(options).get(api`/projects/${id}/members`, { ...options, params });
}

/** GET projects/{id}/forks. */
export function listProjectForks(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<ProjectBasic[]>> {
  return clientOf(options).get(api`/projects/${id}/forks`, { ...options, params });
}

/** GET projects/{id}/runners. */
export function listProjectRunners(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Runner[]>> {
  return clientOf(options).get(api`/projects/${id}/runners`, { ...options, params });
}

/** POST projects/{id}/share (`group_id`, `group_access`, `expires_at`). */
export function shareProject(id: EntityId, share: ShareInput, options?: ApiOptions): Promise<RestResponse<unknown>> {
  return clientOf(options).post(api`/projects/${id}/share`, share, options);
}

/** GET projects/{id}/milestones. */
export function listProjectMilestones(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Milestone[]>> {
  return clientOf(options).get(api`/projects/${id}/milestones`, { ...options, params });
}

/** GET projects/{id}/search (`search`, `scope`). */
export function searchInProject<T = unknown>(
  id: EntityId,
  params: { search: string; scope: string } & ListParams,
  options?: ApiOptions,
): Promise<RestResponse<T[]>> {
  return clientOf(options).get(api`/projects/${id}/search`, { ...options, params });
}

/** GET projects/{id}/groups: the groups a project's members may come from. */
export function listProjectGroups(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Group[]>> {
  return clientOf(options).get(api`/projects/${id}/groups`, { ...options, params });
}

/** GET projects/{id}/notification_settings. */
export function getProjectNotificationSettings(
  id: EntityId,
  options?: ApiOptions,
): Promise<RestResponse<NotificationSettings>> {
  return clientOf(options).get(api`/projects/${id}/notification_settings`, options);
}

/** PUT projects/{id}/notification_settings. */
export function updateProjectNotificationSettings(
  id: EntityId,
  settings: Partial<NotificationSettings> & Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<NotificationSettings>> {
  return clientOf(options).put(api`/projects/${id}/notification_settings`, settings, options);
}

/** GET projects/{id}/environments. */
export function listEnvironments(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Environment[]>> {
  return clientOf(options).get(api`/projects/${id}/environments`, { ...options, params });
}

/**
 * POST projects/{id}/environments/stop_stale with the query parameter `before` (an ISO timestamp)
 * plus any extras (spec sections 3 and 7).
 */
export function stopStaleEnvironments(
  id: EntityId,
  before: Date | string,
  params: QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<StopStaleEnvironmentsResult>> {
  const iso = before instanceof Date ? before.toISOString() : before;
  return clientOf(options).post(api`/projects/${id}/environments/stop_stale`, undefined, {
    ...options,
    params: { before: iso, ...params },
  });
}
