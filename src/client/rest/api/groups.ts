/** Groups (spec section 7, "REST, groups"). */
import type { QueryParams, RestResponse } from '../request';
import type {
  EntityId,
  Group,
  InvitationInput,
  InvitationResult,
  Label,
  LabelInput,
  Member,
  Milestone,
  NamespaceLocation,
  NotificationSettings,
  Package,
  ShareInput,
} from '../types';
import { DEFAULT_PER_PAGE, api, clientOf, type ApiOptions, type PageParams } from './shared';

type ListParams = PageParams & QueryParams;

/** GET groups.json: groups matching `search` (20 per page unless given), plus any extra filters. */
export function listGroups(
  params: { search?: string } & ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Group[]>> {
  return clientOf(options).get(api`/groups.json`, { ...options, params: { per_page: DEFAULT_PER_PAGE, ...params } });
}

/** GET groups/{id}. */
export function getGroup(id: EntityId, params: QueryParams = {}, options?: ApiOptions): Promise<RestResponse<Group>> {
  return clientOf(options).get(api`/groups/${id}`, { ...options, params });
}

/** GET groups/{id}/descendant_groups. */
export function listDescendantGroups(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Group[]>> {
  return clientOf(options).get(api`/groups/${id}/descendant_groups`, { ...options, params });
}

/** PUT groups/{id} with the fields to change. */
export function updateGroup(
  id: EntityId,
  changes: Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<Group>> {
  return clientOf(options).put(api`/groups/${id}`, changes, options);
}

/** GET groups/{id}/transfer_locations (`per_page`, `search`). */
export function listGroupTransferLocations(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<NamespaceLocation[]>> {
  return clientOf(options).get(api`/groups/${id}/transfer_locations`, { ...options, params });
}

/** GET groups/{id}/members. */
export function listGroupMembers(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Member[]>> {
  return clientOf(options).get(api`/groups/${id}/members`, { ...options, params });
}

/** GET groups/{id}/milestones. */
export function listGroupMilestones(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Milestone[]>> {
  return clientOf(options).get(api`/groups/${id}/milestones`, { ...options, params });
}

/** GET groups/{id}/subgroups. */
export function listGroupSubgroups(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Group[]>> {
  return clientOf(options).get(api`/groups/${id}/subgroups`, { ...options, params });
}

/** GET groups/{id}/packages. */
export function listGroupPackages(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Package[]>> {
  return clientOf(options).get(api`/groups/${id}/packages`, { ...options, params });
}

/** POST groups/{id}/invitations. */
export function inviteGroupMembers(
  id: EntityId,
  invitation: InvitationInput,
  options?: ApiOptions,
): Promise<RestResponse<InvitationResult>> {
  return clientOf(options).post(api`/groups/${id}/invitations`, invitation, options);
}

/** POST groups/{id}/share (`group_id`, `group_access`, `expires_at`). */
export function shareGroup(id: EntityId, share: ShareInput, options?: ApiOptions): Promise<RestResponse<Group>> {
  return clientOf(options).post(api`/groups/${id}/share`, share, options);
}

/** GET groups/{id}/notification_settings. */
export function getGroupNotificationSettings(
  id: EntityId,
  options?: ApiOptions,
): Promise<RestResponse<NotificationSettings>> {
  return clientOf(options).get(api`/groups/${id}/notification_settings`, options);
}

/** PUT groups/{id}/notification_settings. */
export function updateGroupNotificationSettings(
  id: EntityId,
  settings: Partial<NotificationSettings> & Readonly<Record<string, unknown>>,
  options?: ApiOptions,
): Promise<RestResponse<NotificationSettings>> {
  return clientOf(options).put(api`/groups/${id}/notification_settings`, settings, options);
}

/** DELETE groups/{id}/dependency_proxy/cache. */
export function clearDependencyProxyCache(id: EntityId, options?: ApiOptions): Promise<RestResponse<null>> {
  return clientOf(options).delete(api`/groups/${id}/dependency_proxy/cache`, options);
}

/** GET groups/{id}/labels. */
export function listGroupLabels(
  id: EntityId,
  params: ListParams = {},
  options?: ApiOptions,
): Promise<RestResponse<Label[]>> {
  return clientOf(options).get(api`/groups/${id}/labels`, { ...options, params });
}

/** POST groups/{id}/labels (`name`, `color`); a failure carries the server's error body. */
export function createGroupLabel(id: EntityId, label: LabelInput, options?: ApiOptions): Promise<RestResponse<Label>> {
  return clientOf(options).post(api`/groups/${id}/labels`, label, options);
}
