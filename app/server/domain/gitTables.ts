/**
 * Kysely's view of the repository tables (migrations 020-022), merged into `Tables`:
 * protected branches, merge requests (assignees, reviewers, diff versions, context commits),
 * CI pipelines and jobs, releases (links, milestones).
 */
import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, Defaulted, NullableTimestamp } from '../db/schema.ts';
import './issuableTables.ts';

export interface ProtectedBranchesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  push_access_level: Defaulted<number>;
  merge_access_level: Defaulted<number>;
  unprotect_access_level: Defaulted<number>;
  allow_force_push: Defaulted<boolean>;
  code_owner_approval_required: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** States of a merge request. */
export const MERGE_REQUEST_STATES = ['opened', 'closed', 'merged', 'locked'] as const;
export type MergeRequestState = (typeof MERGE_REQUEST_STATES)[number];

export interface MergeRequestsTable {
  id: Generated<number>;
  iid: number;
  project_id: number;
  source_project_id: number;
  source_branch: string;
  target_branch: string;
  title: string;
  description: string | null;
  state: Defaulted<MergeRequestState>;
  author_id: number | null;
  milestone_id: number | null;
  discussion_locked: boolean | null;
  squash: Defaulted<boolean>;
  force_remove_source_branch: Defaulted<boolean>;
  merge_commit_sha: string | null;
  squash_commit_sha: string | null;
  merged_by_id: number | null;
  merged_at: NullableTimestamp;
  closed_by_id: number | null;
  closed_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MergeRequestUsersTable {
  merge_request_id: number;
  user_id: number;
}

export interface MergeRequestDiffsTable {
  id: Generated<number>;
  merge_request_id: number;
  head_commit_sha: string;
  base_commit_sha: string | null;
  start_commit_sha: string;
  real_size: number;
  created_at: CreatedAt;
}

export interface MergeRequestContextCommitsTable {
  merge_request_id: number;
  sha: string;
  created_at: CreatedAt;
}

/** GitLab's job and pipeline statuses. */
export const CI_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'success',
  'failed',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const;
export type CiStatus = (typeof CI_STATUSES)[number];

export interface CiPipelinesTable {
  id: Generated<number>;
  iid: number;
  project_id: number;
  ref: string;
  tag: Defaulted<boolean>;
  sha: string;
  before_sha: string;
  source: string;
  status: CiStatus;
  user_id: number | null;
  merge_request_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export interface CiBuildsTable {
  id: Generated<number>;
  pipeline_id: number;
  project_id: number;
  name: string;
  stage: string;
  stage_idx: number;
  status: CiStatus;
  when: string;
  allow_failure: Defaulted<boolean>;
  tag_list: Defaulted<string[]>;
  user_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

/** Kinds of release asset links. */
export const RELEASE_LINK_TYPES = ['other', 'runbook', 'image', 'package'] as const;
export type ReleaseLinkType = (typeof RELEASE_LINK_TYPES)[number];

export interface ReleasesTable {
  id: Generated<number>;
  project_id: number;
  tag: string;
  name: string;
  description: Defaulted<string>;
  author_id: number | null;
  sha: string;
  released_at: CreatedAt;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ReleaseLinksTable {
  id: Generated<number>;
  release_id: number;
  name: string;
  url: string;
  filepath: string | null;
  link_type: Defaulted<ReleaseLinkType>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MilestoneReleasesTable {
  milestone_id: number;
  release_id: number;
}

declare module '../db/schema.ts' {
  interface Tables {
    protected_branches: ProtectedBranchesTable;
    merge_requests: MergeRequestsTable;
    merge_request_assignees: MergeRequestUsersTable;
    merge_request_reviewers: MergeRequestUsersTable;
    merge_request_diffs: MergeRequestDiffsTable;
    merge_request_context_commits: MergeRequestContextCommitsTable;
    ci_pipelines: CiPipelinesTable;
    ci_builds: CiBuildsTable;
    releases: ReleasesTable;
    release_links: ReleaseLinksTable;
    milestone_releases: MilestoneReleasesTable;
  }
}

export type ProtectedBranchRow = Selectable<ProtectedBranchesTable>;
export type MergeRequestRow = Selectable<MergeRequestsTable>;
export type MergeRequestDiffRow = Selectable<MergeRequestDiffsTable>;
export type PipelineRow = Selectable<CiPipelinesTable>;
export type BuildRow = Selectable<CiBuildsTable>;
export type ReleaseRow = Selectable<ReleasesTable>;
export type ReleaseLinkRow = Selectable<ReleaseLinksTable>;
