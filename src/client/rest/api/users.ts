/** Users (spec section 7, "REST, users"). */
import type { QueryParams, RestResponse } from '../request';
import type {
  ProjectBasic,
  User,
  UserAssociationsCount,
  UserBasic,
  UserCounts,
  UserStatus,
  UserStatusInput,
} from '../types';
import { DEFAULT_PER_PAGE, api, clientOf, type ApiOptions, type PageParams } from './shared';

/** GET users.json: users matching `search`, `per_page` 20 unless given. */
export function listUsers(
  params: { search?: string } & PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<UserBasic[]>> {
  return clientOf(options).get(api`/users.json`, { ...options, params: { per_page: DEFAULT_PER_PAGE, ...params } });
}

/** GET users/{id}. */
export function getUser(id: number, options?: ApiOptions): Promise<RestResponse<User>> {
  return clientOf(options).get(api`/users/${id}`, options);
}

/** GET user_counts: the signed-in user's counters. */
export function getUserCounts(options?: ApiOptions): Promise<RestResponse<UserCounts>> {
  return clientOf(options).get(api`/user_counts`, options);
}

/** GET users/{id}/status. */
export function getUserStatus(id: number, options?: ApiOptions): Promise<RestResponse<UserStatus>> {
  return clientOf(options).get(api`/users/${id}/status`, options);
}

/** GET users/{id}/projects. */
export function listUserProjects(
  id: number,
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<ProjectBasic[]>> {
  return clientOf(options).get(api`/users/${id}/projects`, { ...options, params });
}

/**
 * PATCH (default) or PUT user/status. PATCH changes only the fields given; PUT clears the ones
 * left out (GitLab 15.8+). The spec shows both, so the caller may pick.
 */
export function updateUserStatus(
  status: UserStatusInput,
  options?: ApiOptions & { method?: 'PATCH' | 'PUT' },
): Promise<RestResponse<UserStatus>> {
  return clientOf(options).request(options?.method ?? 'PATCH', api`/user/status`, { ...options, body: status });
}

/** POST users/{id}/follow. */
export function followUser(id: number, options?: ApiOptions): Promise<RestResponse<User>> {
  return clientOf(options).post(api`/users/${id}/follow`, undefined, options);
}

/** POST users/{id}/unfollow. */
export function unfollowUser(id: number, options?: ApiOptions): Promise<RestResponse<User>> {
  return clientOf(options).post(api`/users/${id}/unfollow`, undefined, options);
}

/** GET users/{id}/followers. */
export function listUserFollowers(
  id: number,
  params: PageParams = {},
  options?: ApiOptions,
): Promise<RestResponse<UserBasic[]>> {
  return clientOf(options).get(api`/users/${id}/followers`, { ...options, params: { ...params } });
}

/** GET users/{id}/following. */
export function listUserFollowing(
  id: number,
  params: PageParams = {},
  options?: ApiOptions,
): Promise<RestResponse<UserBasic[]>> {
  return clientOf(options).get(api`/users/${id}/following`, { ...options, params: { ...params } });
}

/** GET users/{id}/associations_count. */
export function getUserAssociationsCount(
  id: number,
  options?: ApiOptions,
): Promise<RestResponse<UserAssociationsCount>> {
  return clientOf(options).get(api`/users/${id}/associations_count`, options);
}
