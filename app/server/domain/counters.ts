/**
 * Counts that GitLab reports from several resources (`/user_counts`,
 * `/users/:id/associations_count`, `/application/statistics`). Each resource module registers
 * the counts it owns at import time; a count nobody registered reads 0. This keeps each
 * resource's tables private to its module.
 */
import type { DbOrTx } from '../db/schema.ts';

/** A count for one user (`/user_counts`, `/associations_count`). */
export type UserCounter = (db: DbOrTx, userId: number) => Promise<number>;
/** An instance-wide count (`/application/statistics`). */
export type InstanceCounter = (db: DbOrTx) => Promise<number>;

/** The keys of `GET /user_counts`, in GitLab's order. */
export const USER_COUNT_KEYS = [
  'merge_requests',
  'assigned_issues',
  'assigned_merge_requests',
  'review_requested_merge_requests',
  'todos',
] as const;
/** The keys of `GET /users/:id/associations_count`. */
export const ASSOCIATION_COUNT_KEYS = [
  'groups_count',
  'projects_count',
  'issues_count',
  'merge_requests_count',
] as const;
/** The keys of `GET /application/statistics`, in GitLab's order. */
export const STATISTICS_KEYS = [
  'forks',
  'issues',
  'merge_requests',
  'notes',
  'snippets',
  'ssh_keys',
  'milestones',
  'users',
  'groups',
  'projects',
  'active_users',
] as const;

export type UserCountKey = (typeof USER_COUNT_KEYS)[number];
export type AssociationCountKey = (typeof ASSOCIATION_COUNT_KEYS)[number];
export type StatisticsKey = (typeof STATISTICS_KEYS)[number];

const userCounters = new Map<UserCountKey, UserCounter>();
const associationCounters = new Map<AssociationCountKey, UserCounter>();
const statisticsCounters = new Map<StatisticsKey, InstanceCounter>();

/** Registers how `/user_counts` computes `key` (e.g. issues registers `assigned_issues`). */
export function registerUserCount(key: UserCountKey, counter: UserCounter): void {
  userCounters.set(key, counter);
}

/** Registers how `/users/:id/associations_count` computes `key`. */
export function registerAssociationCount(key: AssociationCountKey, counter: UserCounter): void {
  associationCounters.set(key, counter);
}

/** Registers how `/application/statistics` computes `key`. */
export function registerStatistic(key: StatisticsKey, counter: InstanceCounter): void {
  statisticsCounters.set(key, counter);
}

async function countAll<K extends string, A extends unknown[]>(
  keys: readonly K[],
  counters: Map<K, (db: DbOrTx, ...args: A) => Promise<number>>,
  db: DbOrTx,
  ...args: A
): Promise<Record<K, number>> {
  const values = await Promise.all(keys.map((key) => counters.get(key)?.(db, ...args) ?? 0));
  return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as Record<K, number>;
}

/** Every `/user_counts` value for a user. */
export function userCounts(db: DbOrTx, userId: number) {
  return countAll(USER_COUNT_KEYS, userCounters, db, userId);
}

/** Every `/associations_count` value for a user. */
export function associationCounts(db: DbOrTx, userId: number) {
  return countAll(ASSOCIATION_COUNT_KEYS, associationCounters, db, userId);
}

/** Every `/application/statistics` value. */
export function instanceStatistics(db: DbOrTx) {
  return countAll(STATISTICS_KEYS, statisticsCounters, db);
}

/** Per-project counts a project entity shows, computed for a whole page of projects at once. */
export type ProjectsCounter = (db: DbOrTx, projectIds: readonly number[]) => Promise<Map<number, number>>;
/** The keys of per-project counts. */
export const PROJECT_COUNT_KEYS = ['open_issues_count'] as const;
export type ProjectCountKey = (typeof PROJECT_COUNT_KEYS)[number];

const projectCounters = new Map<ProjectCountKey, ProjectsCounter>();

/** Registers how a project's `key` is counted (issues registers `open_issues_count`). */
export function registerProjectCount(key: ProjectCountKey, counter: ProjectsCounter): void {
  projectCounters.set(key, counter);
}

/** Every per-project count for `projectIds`: `id → { key: n }` (0 when unregistered). */
export async function projectCounts(
  db: DbOrTx,
  projectIds: readonly number[],
): Promise<Map<number, Record<ProjectCountKey, number>>> {
  const byKey = await Promise.all(
    PROJECT_COUNT_KEYS.map(async (key) => [key, await projectCounters.get(key)?.(db, projectIds)] as const),
  );
  return new Map(
    projectIds.map((id) => [
      id,
      Object.fromEntries(byKey.map(([key, counts]) => [key, counts?.get(id) ?? 0])) as Record<ProjectCountKey, number>,
    ]),
  );
}
