/**
 * GitLab's user entities (`lib/api/entities/user*.rb`): UserSafe ⊂ UserBasic ⊂ User ⊂
 * UserPublic (the signed-in user's own view) ⊂ UserWithAdmin; and UserStatus.
 */
import type { Selectable } from 'kysely';
import type { UserStatusesTable } from '../../../db/schema.ts';
import type { UserRow } from '../../../domain/users.ts';
import { isoDate, isoTime, type EntityContext } from './context.ts';

/** The columns of a user that {@link UserBasic} shows. */
export type UserBasicFields = Pick<UserRow, 'id' | 'username' | 'name' | 'state' | 'locked' | 'avatar_url'>;

/** `id, username, name`. */
export function UserSafe(user: Pick<UserRow, 'id' | 'username' | 'name'>) {
  return { id: user.id, username: user.username, name: user.name };
}

/** UserSafe plus `state, locked, avatar_url, web_url`: the shape embedded everywhere. */
export function UserBasic(user: UserBasicFields, ctx: EntityContext) {
  return {
    ...UserSafe(user),
    state: user.state,
    locked: user.locked,
    avatar_url: user.avatar_url,
    web_url: `${ctx.baseUrl}/${user.username}`,
  };
}

/** "Job title at Organization", or whichever is set, or null (GitLab's `work_information`). */
function workInformation(user: UserRow): string | null {
  if (user.job_title && user.organization) return `${user.job_title} at ${user.organization}`;
  return user.job_title || user.organization || null;
}

/** Counts and relations the full User entity shows. */
export interface UserExtras {
  followers: number;
  following: number;
  /** Whether the signed-in user follows this one (absent for anonymous requests). */
  is_followed?: boolean;
}

/** GET /users/:id. A private profile hides the details (GitLab shows only the basics). */
export function User(user: UserRow, extras: UserExtras, ctx: EntityContext) {
  return {
    ...UserBasic(user, ctx),
    created_at: isoTime(user.created_at),
    bio: user.bio,
    location: user.location,
    public_email: user.public_email,
    skype: user.skype,
    linkedin: user.linkedin,
    twitter: user.twitter,
    discord: user.discord,
    website_url: user.website_url,
    organization: user.organization,
    job_title: user.job_title,
    pronouns: user.pronouns,
    bot: user.bot,
    work_information: workInformation(user),
    followers: extras.followers,
    following: extras.following,
    ...(extras.is_followed === undefined ? {} : { is_followed: extras.is_followed }),
    local_time: null,
  };
}

/** GET /user: the user's own view, with private fields. */
export function UserPublic(user: UserRow, extras: UserExtras, ctx: EntityContext) {
  return {
    ...User(user, extras, ctx),
    last_sign_in_at: isoTime(user.last_sign_in_at),
    confirmed_at: isoTime(user.confirmed_at),
    last_activity_on: isoDate(user.last_activity_on),
    email: user.email,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: user.projects_limit,
    current_sign_in_at: isoTime(user.current_sign_in_at),
    identities: [],
    can_create_group: user.can_create_group,
    can_create_project: user.projects_limit > 0,
    two_factor_enabled: false,
    external: user.external,
    private_profile: user.private_profile,
    commit_email: user.email,
  };
}

/** UserPublic plus `is_admin` (an administrator's view). */
export function UserWithAdmin(user: UserRow, extras: UserExtras, ctx: EntityContext) {
  return { ...UserPublic(user, extras, ctx), is_admin: user.admin, note: null };
}

/** GET /users/:id/status, GET /user/status. */
export function UserStatus(status: Selectable<UserStatusesTable> | undefined) {
  return {
    emoji: status?.emoji ?? null,
    message: status?.message ?? null,
    availability: status?.availability ?? 'not_set',
    message_html: status?.message_html ?? '',
    clear_status_at: isoTime(status?.clear_status_at),
  };
}
