/**
 * Kysely's view of the tables. Each resource module that adds tables (in its own numbered
 * migration) declares them by merging into {@link Tables} from its own file:
 *
 * ```ts
 * declare module '../db/schema.ts' {
 *   interface Tables { issues: IssuesTable }
 * }
 * ```
 *
 * so that no two engineers edit the same interface.
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/** A timestamp column with a database default: optional on insert, a `Date` when read. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamp column. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A column that has a database default. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string;
  encrypted_password: string | null;
  state: Defaulted<'active' | 'blocked' | 'deactivated'>;
  admin: Defaulted<boolean>;
  bot: Defaulted<boolean>;
  external: Defaulted<boolean>;
  locked: Defaulted<boolean>;
  avatar_url: string | null;
  bio: Defaulted<string>;
  location: Defaulted<string>;
  public_email: string | null;
  skype: Defaulted<string>;
  linkedin: Defaulted<string>;
  twitter: Defaulted<string>;
  discord: Defaulted<string>;
  website_url: Defaulted<string>;
  organization: Defaulted<string>;
  job_title: Defaulted<string>;
  pronouns: string | null;
  projects_limit: Defaulted<number>;
  can_create_group: Defaulted<boolean>;
  private_profile: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  last_sign_in_at: NullableTimestamp;
  current_sign_in_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  last_activity_on: NullableTimestamp;
}

export interface UserStatusesTable {
  user_id: number;
  emoji: string | null;
  message: string | null;
  message_html: string | null;
  availability: Defaulted<'not_set' | 'busy'>;
  clear_status_at: NullableTimestamp;
}

export interface UserFollowUsersTable {
  follower_id: number;
  followee_id: number;
  created_at: CreatedAt;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_digest: string;
  scopes: string[];
  revoked: Defaulted<boolean>;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id_digest: string;
  user_id: number;
  csrf_token: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  count: number;
}

export interface NamespacesTable {
  id: Generated<number>;
  name: string;
  path: string;
  full_path: string;
  full_name: string;
  type: 'User' | 'Group';
  parent_id: number | null;
  traversal_ids: Defaulted<number[]>;
  owner_id: number | null;
  description: Defaulted<string>;
  visibility_level: Defaulted<number>;
  avatar_url: string | null;
  share_with_group_lock: Defaulted<boolean>;
  require_two_factor_authentication: Defaulted<boolean>;
  project_creation_level: Defaulted<string>;
  subgroup_creation_level: Defaulted<string>;
  request_access_enabled: Defaulted<boolean>;
  lfs_enabled: Defaulted<boolean>;
  default_branch: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  path: string;
  namespace_id: number;
  creator_id: number | null;
  description: Defaulted<string>;
  visibility_level: Defaulted<number>;
  default_branch: string | null;
  topics: Defaulted<string[]>;
  archived: Defaulted<boolean>;
  issues_enabled: Defaulted<boolean>;
  merge_requests_enabled: Defaulted<boolean>;
  wiki_enabled: Defaulted<boolean>;
  jobs_enabled: Defaulted<boolean>;
  snippets_enabled: Defaulted<boolean>;
  request_access_enabled: Defaulted<boolean>;
  star_count: Defaulted<number>;
  forks_count: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  last_activity_at: CreatedAt;
}

export interface MembersTable {
  id: Generated<number>;
  source_type: 'Namespace' | 'Project';
  source_id: number;
  user_id: number;
  access_level: number;
  created_by_id: number | null;
  expires_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface InternalIdsTable {
  project_id: number;
  usage: string;
  last_value: number;
}

export interface ApplicationSettingsTable {
  id: number;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: CreatedAt;
}

/** Every table, merged by declaration from the modules that own them. */
export interface Tables {
  users: UsersTable;
  user_statuses: UserStatusesTable;
  user_follow_users: UserFollowUsersTable;
  personal_access_tokens: PersonalAccessTokensTable;
  sessions: SessionsTable;
  rate_limit_counters: RateLimitCountersTable;
  namespaces: NamespacesTable;
  projects: ProjectsTable;
  members: MembersTable;
  internal_ids: InternalIdsTable;
  application_settings: ApplicationSettingsTable;
}

/** The typed query builder every module uses, on either database. */
export type Db = Kysely<Tables>;
/** A query builder inside a transaction (or the plain one): what domain functions accept. */
export type DbOrTx = Db | Transaction<Tables>;

/** Ids are PostgreSQL `integer`: a larger number names nothing (and must not reach SQL). */
export const MAX_ID = 2 ** 31 - 1;

/** True when `value` is a decimal id that can exist. */
export function isId(value: string | number): boolean {
  const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}
