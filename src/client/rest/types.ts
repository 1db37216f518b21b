/**
 * GitLab REST v4 entity shapes (`lib/api/entities/*.rb`, `doc/api/*.md`), the fields this product
 * reads. One place for the browser client and the product server. Timestamps are ISO 8601 strings.
 */

/** A project or group id: the number, or the URL-encoded full path (`group/sub/project`). */
export type EntityId = number | string;

/** `UserBasic`. */
export interface UserBasic {
  id: number;
  username: string;
  name: string;
  state: 'active' | 'blocked' | 'deactivated' | string;
  locked?: boolean;
  avatar_url: string | null;
  web_url: string;
}

/** `User` (GET /users/:id). */
export interface User extends UserBasic {
  created_at: string;
  bio: string;
  location: string;
  public_email: string | null;
  skype: string;
  linkedin: string;
  twitter: string;
  website_url: string;
  organization: string;
  job_title: string;
  pronouns: string | null;
  bot: boolean;
  work_information: string | null;
  followers: number;
  following: number;
  is_followed?: boolean;
  local_time?: string | null;
  bio_html?: string;
}

/** Availability of a user status (spec section 3: busy or not_set). */
export type UserAvailability = 'busy' | 'not_set';

/** `UserStatus`. */
export interface UserStatus {
  emoji: string | null;
  message: string | null;
  availability: UserAvailability;
  message_html: string | null;
  clear_status_at: string | null;
}

/** Values of `clear_status_after` (spec section 9 time ranges); omitted means never. */
export type ClearStatusAfter = '30_minutes' | '3_hours' | '8_hours' | '1_day' | '3_days' | '7_days' | '30_days';

/** Input of PATCH/PUT /user/status. */
export interface UserStatusInput {
  emoji?: string | null;
  message?: string | null;
  availability?: UserAvailability;
  clear_status_after?: ClearStatusAfter | null;
}

/** GET /user_counts. */
export interface UserCounts {
  assigned_issues: number;
  assigned_merge_requests: number;
  merge_requests: number;
  review_requested_merge_requests: number;
  todos: number;
}

/** GET /users/:id/associations_count. */
export interface UserAssociationsCount {
  groups_count: number;
  projects_count: number;
  issues_count: number;
  merge_requests_count: number;
}

/** A namespace as embedded in projects and listed by GET /namespaces. */
export interface Namespace {
  id: number;
  name: string;
  path: string;
  kind: 'user' | 'group';
  full_path: string;
  parent_id: number | null;
  avatar_url: string | null;
  web_url: string;
}

/** GET /namespaces/:id/exists. */
export interface NamespaceExists {
  exists: boolean;
  suggests: string[];
}

/** `BasicProjectDetails` (what `simple=true` returns). */
export interface ProjectBasic {
  id: number;
  description: string | null;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
  created_at: string;
  default_branch: string | null;
  tag_list: string[];
  topics: string[];
  ssh_url_to_repo: string;
  http_url_to_repo: string;
  web_url: string;
  readme_url: string | null;
  forks_count: number;
  avatar_url: string | null;
  star_count: number;
  last_activity_at: string;
  namespace: Namespace;
}

export type Visibility = 'private' | 'internal' | 'public';

/** `Project` (the full entity; the fields this product reads). */
export interface Project extends ProjectBasic {
  _links?: Record<'self' | 'issues' | 'merge_requests' | 'repo_branches' | 'labels' | 'events' | 'members', string>;
  empty_repo: boolean;
  archived: boolean;
  visibility: Visibility;
  owner?: UserBasic;
  issues_enabled: boolean;
  merge_requests_enabled: boolean;
  open_issues_count?: number;
  creator_id: number;
  forked_from_project?: ProjectBasic;
  import_status: string;
}

/** `Group`. */
export interface Group {
  id: number;
  web_url: string;
  name: string;
  path: string;
  description: string;
  visibility: Visibility;
  avatar_url: string | null;
  full_name: string;
  full_path: string;
  created_at: string;
  parent_id: number | null;
  default_branch?: string | null;
  archived?: boolean;
}

/** `Member` (group and project members). */
export interface Member extends UserBasic {
  access_level: number;
  expires_at: string | null;
  created_at: string;
}

/** A transfer or share location (a group the project or group may move to or be shared with). */
export interface NamespaceLocation {
  id: number;
  name: string;
  full_name?: string;
  full_path?: string;
  web_url: string;
  avatar_url: string | null;
}

/** Spec section 3, share payload: `expires_at, group_access, group_id`. */
export interface ShareInput {
  group_id: number;
  group_access: number;
  expires_at?: string | null;
}

/** POST invitations: by user ids or emails. */
export interface InvitationInput {
  access_level: number;
  user_id?: number | string;
  email?: string;
  expires_at?: string | null;
  member_role_id?: number;
}

/** Reply of POST invitations. */
export interface InvitationResult {
  status: 'success' | 'error';
  message?: string | Record<string, string>;
}

/** `NotificationSetting`. */
export interface NotificationSettings {
  level: 'disabled' | 'participating' | 'watch' | 'global' | 'mention' | 'custom';
  events?: Record<string, boolean>;
}

/** `Label`. */
export interface Label {
  id: number;
  name: string;
  color: string;
  text_color: string;
  description: string | null;
  description_html?: string;
  subscribed?: boolean;
}

/** Spec section 3: "A group label is posted as name and color." */
export interface LabelInput {
  name: string;
  color: string;
  description?: string;
}

/** `Milestone`. */
export interface Milestone {
  id: number;
  iid: number;
  project_id?: number;
  group_id?: number;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  created_at: string;
  updated_at: string;
  due_date: string | null;
  start_date: string | null;
  expired: boolean;
  web_url: string;
}

export interface TimeStats {
  time_estimate: number;
  total_time_spent: number;
  human_time_estimate: string | null;
  human_total_time_spent: string | null;
}

export interface IssuableReferences {
  short: string;
  relative: string;
  full: string;
}

/** Fields issues and merge requests share. */
export interface Issuable {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by: UserBasic | null;
  labels: string[];
  milestone: Milestone | null;
  author: UserBasic;
  assignees: UserBasic[];
  assignee: UserBasic | null;
  user_notes_count: number;
  upvotes: number;
  downvotes: number;
  discussion_locked: boolean | null;
  web_url: string;
  references: IssuableReferences;
  time_stats: TimeStats;
  task_completion_status: { count: number; completed_count: number };
}

/** `Issue`. */
export interface Issue extends Issuable {
  state: 'opened' | 'closed';
  type: string;
  issue_type: string;
  merge_requests_count: number;
  due_date: string | null;
  confidential: boolean;
  has_tasks?: boolean;
  severity?: string;
  subscribed?: boolean;
  moved_to_id: number | null;
}

/** `MergeRequest`. */
export interface MergeRequest extends Issuable {
  state: 'opened' | 'closed' | 'merged' | 'locked';
  merged_by: UserBasic | null;
  merge_user: UserBasic | null;
  merged_at: string | null;
  target_branch: string;
  source_branch: string;
  reviewers: UserBasic[];
  source_project_id: number;
  target_project_id: number;
  draft: boolean;
  merge_when_pipeline_succeeds: boolean;
  merge_status: string;
  detailed_merge_status: string;
  sha: string;
  merge_commit_sha: string | null;
  squash_commit_sha: string | null;
  should_remove_source_branch: boolean | null;
  force_remove_source_branch: boolean | null;
  reference: string;
  squash: boolean;
  has_conflicts: boolean;
  blocking_discussions_resolved: boolean;
}

/** One file change of GET merge_requests/:iid/changes. */
export interface Diff {
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  diff: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
}

/** GET merge_requests/:iid/changes. */
export interface MergeRequestChanges extends MergeRequest {
  changes: Diff[];
}

/** One entry of GET merge_requests/:iid/versions. */
export interface MergeRequestVersion {
  id: number;
  head_commit_sha: string;
  base_commit_sha: string;
  start_commit_sha: string;
  created_at: string;
  merge_request_id: number;
  state: string;
  real_size: string;
}

/** `Todo`. */
export interface Todo {
  id: number;
  project: Pick<ProjectBasic, 'id' | 'name' | 'name_with_namespace' | 'path' | 'path_with_namespace'> | null;
  author: UserBasic;
  action_name: string;
  target_type: string;
  target: Issue | MergeRequest | Record<string, unknown>;
  target_url: string;
  body: string;
  state: 'pending' | 'done';
  created_at: string;
  updated_at?: string;
}

/** `Commit`. */
export interface Commit {
  id: string;
  short_id: string;
  title: string;
  message: string;
  author_name: string;
  author_email: string;
  authored_date: string;
  committer_name: string;
  committer_email: string;
  committed_date: string;
  created_at: string;
  parent_ids: string[];
  web_url: string;
}

/** One action of POST repository/commits. */
export interface CommitAction {
  action: 'create' | 'delete' | 'move' | 'update' | 'chmod';
  file_path: string;
  previous_path?: string;
  content?: string;
  encoding?: 'text' | 'base64';
  last_commit_id?: string;
  execute_filemode?: boolean;
}

/** Input of POST repository/commits. */
export interface CommitInput {
  branch: string;
  commit_message: string;
  actions: CommitAction[];
  start_branch?: string;
  start_sha?: string;
  author_email?: string;
  author_name?: string;
  force?: boolean;
}

/** `Branch`. */
export interface Branch {
  name: string;
  merged: boolean;
  protected: boolean;
  default: boolean;
  developers_can_push: boolean;
  developers_can_merge: boolean;
  can_push: boolean;
  web_url: string;
  commit: Commit;
}

/** `Tag`. */
export interface Tag {
  name: string;
  message: string | null;
  target: string;
  commit: Commit;
  release: { tag_name: string; description: string } | null;
  protected: boolean;
}

/** `ProtectedBranch`. */
export interface ProtectedBranch {
  id: number;
  name: string;
  push_access_levels: { access_level: number; access_level_description: string }[];
  merge_access_levels: { access_level: number; access_level_description: string }[];
  allow_force_push: boolean;
  code_owner_approval_required?: boolean;
}

/** A template of GET projects/:id/templates/:type (list entry and single template). */
export interface Template {
  key: string;
  name: string;
  content?: string;
}

/** `Releases::Link`. */
export interface ReleaseLink {
  id: number;
  name: string;
  url: string;
  direct_asset_url: string;
  link_type: 'other' | 'runbook' | 'image' | 'package';
}

/** Input of POST releases/:tag_name/assets/links. */
export interface ReleaseLinkInput {
  name: string;
  url: string;
  direct_asset_path?: string;
  link_type?: ReleaseLink['link_type'];
}

/** `Release`. */
export interface Release {
  name: string;
  tag_name: string;
  description: string | null;
  description_html?: string;
  created_at: string;
  released_at: string;
  author: UserBasic;
  commit: Commit;
  upcoming_release: boolean;
  milestones?: Milestone[];
  commit_path: string;
  tag_path: string;
  assets: {
    count: number;
    sources: { format: string; url: string }[];
    links: ReleaseLink[];
  };
  _links: { self: string; edit_url?: string };
}

/** Input of POST/PUT releases (spec section 3: release `tag_name`). */
export interface ReleaseInput {
  tag_name?: string;
  name?: string;
  description?: string;
  ref?: string;
  milestones?: string[];
  released_at?: string;
  assets?: { links: ReleaseLinkInput[] };
}

/** `PipelineBasic`. */
export interface Pipeline {
  id: number;
  iid: number;
  project_id: number;
  sha: string;
  ref: string;
  status: string;
  source: string;
  created_at: string;
  updated_at: string;
  web_url: string;
}

/** `Job`. */
export interface Job {
  id: number;
  name: string;
  stage: string;
  status: string;
  ref: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration: number | null;
  web_url: string;
  pipeline: Pipeline;
}

/** Input of POST projects/:id/pipeline. */
export interface PipelineInput {
  ref: string;
  variables?: { key: string; value: string; variable_type?: 'env_var' | 'file' }[];
}

/** `FreezePeriod`. */
export interface FreezePeriod {
  id: number;
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
  created_at: string;
  updated_at: string;
}

export type FreezePeriodInput = Pick<FreezePeriod, 'freeze_start' | 'freeze_end'> & { cron_timezone?: string };

/** `FeatureFlag::UserList`. */
export interface FeatureFlagUserList {
  id: number;
  iid: number;
  project_id: number;
  name: string;
  user_xids: string;
  created_at: string;
  updated_at: string;
}

export type FeatureFlagUserListInput = Pick<FeatureFlagUserList, 'name' | 'user_xids'>;

/** `Ci::SecureFile`. */
export interface SecureFile {
  id: number;
  name: string;
  checksum: string;
  checksum_algorithm: string;
  created_at: string;
  expires_at: string | null;
}

/** `Package`. */
export interface Package {
  id: number;
  name: string;
  version: string;
  package_type: string;
  status: string;
  created_at: string;
  _links?: { web_path: string; delete_api_path?: string };
}

/** `ContainerRegistry::Repository` (GET registry/repositories/:id). */
export interface ContainerRepository {
  id: number;
  name: string;
  path: string;
  project_id: number;
  location: string;
  created_at: string;
  cleanup_policy_started_at: string | null;
  tags_count?: number;
  size?: number;
}

/** Spec section 3: "Container repository listing: limit, page, search, sort" (the Harbor listings). */
export interface RegistryListParams {
  limit?: number;
  page?: number;
  search?: string;
  sort?: string;
}

/** `Environment`. */
export interface Environment {
  id: number;
  name: string;
  slug: string;
  external_url: string | null;
  state: 'available' | 'stopping' | 'stopped';
  tier: string;
  created_at: string;
  updated_at: string;
}

/** Reply of POST environments/stop_stale. */
export interface StopStaleEnvironmentsResult {
  message: string;
}

/** `MetricImage` (spec section 3: file, url, url_text, id). */
export interface AlertMetricImage {
  id: number;
  created_at: string;
  filename: string;
  file_path: string;
  url: string | null;
  url_text: string | null;
}

/** POST /markdown. */
export interface MarkdownInput {
  text: string;
  gfm?: boolean;
  project?: string;
}

/** Reply of POST /markdown. */
export interface MarkdownResult {
  html: string;
}

/** Reply of a preview URL (spec section 3: body, references.users, references.commands). */
export interface MarkdownPreviewResponse {
  body: string;
  references?: {
    users?: string[];
    suggestions?: unknown[];
    commands?: string;
  };
}

/** `BulkImports::Entity`. */
export interface BulkImportEntity {
  id: number;
  bulk_import_id: number;
  status: string;
  entity_type: 'group' | 'project';
  source_full_path: string;
  destination_full_path: string;
  destination_name: string;
  destination_slug: string;
  destination_namespace: string;
  parent_id: number | null;
  namespace_id: number | null;
  project_id: number | null;
  created_at: string;
  updated_at: string;
  failures?: BulkImportFailure[];
  has_failures?: boolean;
}

/** `BulkImports::Failure`. */
export interface BulkImportFailure {
  relation: string;
  exception_message: string;
  exception_class: string;
  correlation_id_value: string;
  source_url: string | null;
  source_title: string | null;
  created_at?: string;
}

/** GET application/statistics (counts as strings, GitLab formats them with delimiters). */
export interface ApplicationStatistics {
  forks: string;
  issues: string;
  merge_requests: string;
  notes: string;
  snippets: string;
  ssh_keys: string;
  milestones: string;
  users: string;
  groups: string;
  projects: string;
  active_users: string;
}

/** `DeployKey` (GET /deploy_keys). */
export interface DeployKey {
  id: number;
  title: string;
  key: string;
  fingerprint?: string;
  fingerprint_sha256: string;
  created_at: string;
  expires_at: string | null;
  projects_with_write_access?: ProjectBasic[];
}

/** `Runner`. */
export interface Runner {
  id: number;
  description: string;
  paused: boolean;
  is_shared: boolean;
  runner_type: 'instance_type' | 'group_type' | 'project_type';
  online: boolean;
  status: string;
  name?: string | null;
}

/** `Suggestion`. */
export interface Suggestion {
  id: number;
  from_line: number;
  to_line: number;
  appliable: boolean;
  applied: boolean;
  from_content: string;
  to_content: string;
}

/** Spec section 3, internal tracking event: event, project_id, namespace_id, additional_properties. */
export interface InternalEventInput {
  event: string;
  project_id?: number;
  namespace_id?: number;
  additional_properties?: Record<string, string | number | boolean>;
}

/** Spec section 3, broadcast message dismissal payload. */
export interface BroadcastMessageDismissalInput {
  broadcast_message_id: number | string;
  /** The message's expire date, ISO 8601; left out when it has none. */
  expires_at?: string;
}

/** Spec section 7, callout dismissal: feature_name, group_id, namespace_id, project_id. */
export interface CalloutDismissalInput {
  feature_name: string;
  group_id?: number | string;
  namespace_id?: number | string;
  project_id?: number | string;
}

/** One entry of `/-/emojis/{version}/emojis.json` (spec section 3: e, d, c, u, n). */
export interface EmojiJsonEntry {
  /** Name. */
  n: string;
  /** Category. */
  c: string;
  /** The emoji characters. */
  e: string;
  /** Description (the Unicode name). */
  d: string;
  /** Unicode version, as a string. */
  u: string;
}
