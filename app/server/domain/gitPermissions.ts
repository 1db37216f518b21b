/**
 * Who may do what with repositories, merge requests, pipelines and releases: one function per
 * question, in `permissions.ts` style, given the asker's role in the project
 * (`projectAccessLevel`) once the project itself is known to be readable (`projectScope`).
 * GitLab's rules: code, merge requests and pipelines of a private project need Reporter; public
 * and internal ones are open to every reader. Developers push, open merge requests, run
 * pipelines and write releases; protected branches take their own push level; Maintainers
 * manage protections.
 */
import { ACCESS_LEVEL, VISIBILITY_LEVEL } from './access.ts';
import type { Actor } from './permissions.ts';

/** GitLab's protected-branch levels (`0` no one, `60` administrators only). */
export const PROTECTED_ACCESS_LEVEL = {
  NO_ACCESS: ACCESS_LEVEL.NO_ACCESS,
  DEVELOPER: ACCESS_LEVEL.DEVELOPER,
  MAINTAINER: ACCESS_LEVEL.MAINTAINER,
  ADMIN: 60,
} as const;

/** The project columns these questions read. */
export interface RepositoryProjectAuthz {
  visibility_level: number;
  merge_requests_enabled: boolean;
  jobs_enabled: boolean;
}

/** May the reader see the repository (tree, files, commits, branches, tags)? */
export function canReadCode(level: number, project: RepositoryProjectAuthz): boolean {
  return project.visibility_level > VISIBILITY_LEVEL.private || level >= ACCESS_LEVEL.REPORTER;
}

/** May the reader see merge requests (feature on, and the code readable)? */
export function canReadMergeRequests(level: number, project: RepositoryProjectAuthz): boolean {
  return project.merge_requests_enabled && canReadCode(level, project);
}

/** May the reader see pipelines and jobs (CI on, and the code readable)? */
export function canReadPipelines(level: number, project: RepositoryProjectAuthz): boolean {
  return project.jobs_enabled && canReadCode(level, project);
}

/** May `user` create branches, tags and commits (Developer and above)? */
export function canPushCode(user: Actor | null, level: number): boolean {
  return user !== null && level >= ACCESS_LEVEL.DEVELOPER;
}

/** May `user` push to (or delete) `branch`, given its protection if any? */
export function canPushToBranch(
  user: Actor | null,
  level: number,
  protection: { push_access_level: number } | undefined,
): boolean {
  if (!canPushCode(user, level)) return false;
  if (!protection) return true;
  if (user?.admin) return protection.push_access_level !== PROTECTED_ACCESS_LEVEL.NO_ACCESS;
  return protection.push_access_level !== PROTECTED_ACCESS_LEVEL.NO_ACCESS && level >= protection.push_access_level;
}

/** May `user` protect and unprotect branches (Maintainer and above)? */
export function canAdminProtectedBranches(user: Actor | null, level: number): boolean {
  return user !== null && level >= ACCESS_LEVEL.MAINTAINER;
}

/** May `user` open a merge request (Developer and above)? */
export function canCreateMergeRequest(user: Actor | null, level: number): boolean {
  return canPushCode(user, level);
}

/** May `user` edit, close or reopen the merge request (Developer and above, or its author)? */
export function canUpdateMergeRequest(
  user: Actor | null,
  level: number,
  mergeRequest: { author_id: number | null },
): boolean {
  if (!user) return false;
  return level >= ACCESS_LEVEL.DEVELOPER || mergeRequest.author_id === user.id;
}

/** May `user` run a pipeline (Developer and above)? */
export function canCreatePipeline(user: Actor | null, level: number): boolean {
  return canPushCode(user, level);
}

/** May `user` cancel or retry jobs and pipelines (Developer and above)? */
export function canUpdatePipeline(user: Actor | null, level: number): boolean {
  return canPushCode(user, level);
}

/** May `user` create, edit and delete releases and their links (Developer and above)? */
export function canWriteReleases(user: Actor | null, level: number): boolean {
  return canPushCode(user, level);
}
