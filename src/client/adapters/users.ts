// Default adapters for users: popover data, follow, status and project lists (spec section 7,
// "REST, users"). Types of the components' adapter interfaces are imported as types only: the
// client layer stays free of component code at runtime.
import type { UserProject, UserProjectsQuery } from '../../components/DataProvider/DataProvider';
import type { InvitableUser, MemberInvitation } from '../../components/InviteMembersModal/InviteMembersModal';
import type { UpdateUserStatusAdapter, UserStatusUpdate } from '../../components/UserStatusForm/UserStatusForm';
import type { MentionedUser, UserPopoverData } from '../../markdown/pipeline/enhancers/mentions';
import {
  followUser as postFollow,
  getUser,
  getUserStatus,
  listUserProjects,
  listUsers,
  unfollowUser as postUnfollow,
  updateUserStatus as patchUserStatus,
} from '../rest/api/users';
import { api, clientOf, DEFAULT_PER_PAGE, type ApiOptions } from '../rest/api/shared';
import type { User, UserStatus, UserStatusInput } from '../rest/types';

/** Spec section 5: a username that matches no user. */
export const userNotFoundMessage = (username: string): string => `User "${username}" could not be found!`;
/** Spec section 5: a username that matches more than one user. */
export const userNotUniqueMessage = (username: string): string => `Expected username "${username}" to be unique!`;
/** Spec section 8: the alert of a failed user project list. */
export const USER_PROJECTS_FETCH_ERROR = 'Something went wrong while fetching projects';

/** The id of the user named `username`: searched, then matched exactly (case-insensitively). */
export async function findUserId(username: string, options?: ApiOptions): Promise<number> {
  const { data } = await listUsers({ search: username }, options);
  const matches = data.filter((user) => user.username.toLowerCase() === username.toLowerCase());
  if (matches.length === 0) throw new Error(userNotFoundMessage(username));
  if (matches.length > 1) throw new Error(userNotUniqueMessage(username));
  return matches[0]!.id;
}

const orUndefined = (value: string | null | undefined) => value || undefined;

/** GitLab's User and UserStatus entities as the user popover reads them. */
export function toUserPopoverData(user: User, status: UserStatus | null): UserPopoverData {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatarUrl: orUndefined(user.avatar_url),
    email: orUndefined(user.public_email),
    bot: user.bot,
    location: orUndefined(user.location),
    bio: orUndefined(user.bio),
    workInformation: orUndefined(user.work_information),
    websiteUrl: orUndefined(user.website_url),
    pronouns: orUndefined(user.pronouns),
    localTime: orUndefined(user.local_time),
    isFollowed: user.is_followed,
    state: user.state,
    status: status && {
      emoji: orUndefined(status.emoji),
      message_html: orUndefined(status.message_html),
      availability: status.availability,
    },
    loaded: true,
  };
}

/**
 * A mention's popover data: GET users/{id} (the id found by username when the mention has none)
 * and GET users/{id}/status, side by side. A status that fails to load leaves the popover without
 * one.
 */
export async function fetchPopoverUser(mention: MentionedUser, options?: ApiOptions): Promise<UserPopoverData> {
  const id = mention.id ? Number(mention.id) : await findUserId(mention.username ?? '', options);
  const [user, status] = await Promise.all([
    getUser(id, options),
    getUserStatus(id, options).then(
      (response) => response.data,
      () => null,
    ),
  ]);
  return toUserPopoverData(user.data, status);
}

/**
 * POST users/{id}/follow or unfollow. A failure rejects with the client's `HttpError` as it is: the
 * user popover shows the server's `message` from its body when there is one, else the spec's text.
 */
export async function setFollowing(userId: number | string, follow: boolean, options?: ApiOptions): Promise<void> {
  await (follow ? postFollow : postUnfollow)(Number(userId), options);
}

/** The form's partial update in the API's names; Never (no automatic clearing) is sent as null. */
export function toUserStatusInput(update: UserStatusUpdate): UserStatusInput {
  const input: UserStatusInput = {};
  if (update.emoji !== undefined) input.emoji = update.emoji;
  if (update.message !== undefined) input.message = update.message;
  if (update.availability !== undefined) input.availability = update.availability;
  if (update.clearStatusAfter !== undefined) {
    input.clear_status_after = update.clearStatusAfter === 'never' ? null : update.clearStatusAfter;
  }
  return input;
}

/** PATCH user/status with only the changed fields (PATCH leaves the others as they are). */
export function saveUserStatus(options?: ApiOptions): UpdateUserStatusAdapter {
  return (update) => patchUserStatus(toUserStatusInput(update), { ...options, method: 'PATCH' });
}

/**
 * GET users/{id}/projects (`search`, `per_page`). Any failure rejects with
 * 'Something went wrong while fetching projects' (the original error as its `cause`) for the
 * page's alert.
 */
export async function fetchUserProjects(
  userId: number | string,
  query: UserProjectsQuery = {},
  options?: ApiOptions,
): Promise<UserProject[]> {
  try {
    const { data } = await listUserProjects(
      Number(userId),
      { search: query.search, per_page: query.perPage ?? DEFAULT_PER_PAGE },
      options,
    );
    return data;
  } catch (error) {
    throw new Error(USER_PROJECTS_FETCH_ERROR, { cause: error });
  }
}

/** The invite-members search: GET users.json (`search`, `per_page`), as the modal lists them. */
export async function searchInvitableUsers(search: string, options?: ApiOptions): Promise<InvitableUser[]> {
  const { data } = await listUsers({ search }, options);
  return data.map((user) => ({
    id: user.id,
    username: user.username,
    name: user.name,
    avatarUrl: orUndefined(user.avatar_url),
  }));
}

/** Where members are added: a project or a group, by id or full path. */
export interface MemberSource {
  type: 'project' | 'group';
  id: number | string;
}

/**
 * Adds the invited users as members: POST projects/{id}/members or groups/{id}/members
 * (`user_id`, `access_level`, `expires_at`), one user after the other; the first refusal rejects
 * with the client's `HttpError` (its body carries the server's message).
 */
export async function addMembers(
  source: MemberSource,
  invitation: MemberInvitation,
  options?: ApiOptions,
): Promise<void> {
  const url = source.type === 'project' ? api`/projects/${source.id}/members` : api`/groups/${source.id}/members`;
  for (const userId of invitation.userIds) {
    await clientOf(options).post(
      url,
      { user_id: userId, access_level: invitation.accessLevel, expires_at: invitation.expiresAt },
      options,
    );
  }
}
