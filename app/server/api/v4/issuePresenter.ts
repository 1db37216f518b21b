/**
 * Loads what the issue entity shows for a whole page of issues in a fixed number of queries
 * (projects, people, labels, milestones, note and award counts), then serializes.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/schema.ts';
import type { IssueRow } from '../../domain/issuableTables.ts';
import { entityContext } from './entities/context.ts';
import { Issue, type IssueOptions, type IssueView } from './entities/Issue.ts';

/** Award names that count as `upvotes` and `downvotes`. */
export const UPVOTE = 'thumbsup';
export const DOWNVOTE = 'thumbsdown';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

/** The labels on `ids` of `targetType` (`Issue`, `MergeRequest`), each with its `target_id`. */
export function loadLabelLinks(db: DbOrTx, targetType: string, ids: readonly number[]) {
  return db
    .selectFrom('label_links')
    .innerJoin('labels', 'labels.id', 'label_links.label_id')
    .selectAll('labels')
    .select('label_links.target_id')
    .where('label_links.target_type', '=', targetType)
    .where('label_links.target_id', 'in', ids)
    .execute();
}

/** The milestones `ids`, each with the full path of its project or group (`owner_path`). */
export async function loadMilestones(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('milestones')
    .leftJoin('projects as mp', 'mp.id', 'milestones.project_id')
    .leftJoin('namespaces as pn', 'pn.id', 'mp.namespace_id')
    .leftJoin('namespaces as gn', 'gn.id', 'milestones.group_id')
    .selectAll('milestones')
    .select(sql<string>`coalesce(pn.full_path || '/' || mp.path, gn.full_path)`.as('owner_path'))
    .where('milestones.id', 'in', ids)
    .execute();
}

/** How many user (not system) notes each of `ids` of `noteableType` has. */
export function countUserNotes(db: DbOrTx, noteableType: string, ids: readonly number[]) {
  return db
    .selectFrom('notes')
    .select(['noteable_id', sql<number>`count(*)::int`.as('count')])
    .where('noteable_type', '=', noteableType)
    .where('noteable_id', 'in', ids)
    .where('system', '=', false)
    .groupBy('noteable_id')
    .execute();
}

/** The views of `issues` (same order). */
export async function loadIssueViews(db: DbOrTx, issues: readonly IssueRow[], viewerId?: number): Promise<IssueView[]> {
  if (issues.length === 0) return [];
  const ids = issues.map((issue) => issue.id);
  const projectIds = [...new Set(issues.map((issue) => issue.project_id))];
  const milestoneIds = [...new Set(issues.flatMap((issue) => (issue.milestone_id ? [issue.milestone_id] : [])))];
  const [projects, assignees, labels, milestones, notes, awards, participants] = await Promise.all([
    db
      .selectFrom('projects')
      .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
      .select(['projects.id', 'projects.path', 'projects.namespace_id', 'namespaces.full_path'])
      .where('projects.id', 'in', projectIds)
      .execute(),
    db
      .selectFrom('issue_assignees')
      .innerJoin('users', 'users.id', 'issue_assignees.user_id')
      .selectAll('users')
      .select('issue_assignees.issue_id')
      .where('issue_assignees.issue_id', 'in', ids)
      .orderBy('users.id')
      .execute(),
    loadLabelLinks(db, 'Issue', ids),
    loadMilestones(db, milestoneIds),
    countUserNotes(db, 'Issue', ids),
    db
      .selectFrom('award_emoji')
      .select(['awardable_id', 'name', sql<number>`count(*)::int`.as('count')])
      .where('awardable_type', '=', 'Issue')
      .where('awardable_id', 'in', ids)
      .where('name', 'in', [UPVOTE, DOWNVOTE])
      .groupBy(['awardable_id', 'name'])
      .execute(),
    viewerId === undefined
      ? []
      : db
          .selectFrom('notes')
          .select('noteable_id')
          .distinct()
          .where('noteable_type', '=', 'Issue')
          .where('noteable_id', 'in', ids)
          .where('author_id', '=', viewerId)
          .execute(),
  ]);
  const userIds = [
    ...new Set(issues.flatMap((issue) => [issue.author_id, issue.closed_by_id].filter((id) => id !== null))),
  ];
  const users = userIds.length ? await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute() : [];
  const userById = new Map(users.map((user) => [user.id, user]));
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const assigneesByIssue = groupBy(assignees, (row) => row.issue_id);
  const labelsByIssue = groupBy(labels, (row) => row.target_id);
  const milestoneById = new Map(milestones.map((row) => [row.id, row]));
  const notesByIssue = new Map(notes.map((row) => [row.noteable_id, row.count]));
  const votes = (issueId: number, name: string) =>
    awards.find((row) => row.awardable_id === issueId && row.name === name)?.count ?? 0;
  const commented = new Set(participants.map((row) => row.noteable_id));

  return issues.map((issue) => {
    const project = projectById.get(issue.project_id)!;
    const milestone = issue.milestone_id ? milestoneById.get(issue.milestone_id) : undefined;
    const issueAssignees = assigneesByIssue.get(issue.id) ?? [];
    return {
      issue,
      project: {
        id: project.id,
        path: project.path,
        namespaceId: project.namespace_id,
        fullPath: `${project.full_path}/${project.path}`,
      },
      author: issue.author_id ? (userById.get(issue.author_id) ?? null) : null,
      closedBy: issue.closed_by_id ? (userById.get(issue.closed_by_id) ?? null) : null,
      assignees: issueAssignees,
      labels: labelsByIssue.get(issue.id) ?? [],
      milestone: milestone ? { row: milestone, ownerPath: milestone.owner_path } : null,
      userNotesCount: notesByIssue.get(issue.id) ?? 0,
      upvotes: votes(issue.id, UPVOTE),
      downvotes: votes(issue.id, DOWNVOTE),
      // Participants are subscribed, as in GitLab: the author, assignees and commenters.
      ...(viewerId === undefined
        ? {}
        : {
            subscribed:
              issue.author_id === viewerId ||
              issueAssignees.some((user) => user.id === viewerId) ||
              commented.has(issue.id),
          }),
    };
  });
}

/** Serializes `issues` for `request` (entities in the same order). */
export async function presentIssues(request: FastifyRequest, issues: readonly IssueRow[], options: IssueOptions = {}) {
  const views = await loadIssueViews(request.server.db, issues, request.auth.user?.id);
  const ctx = entityContext(request);
  return views.map((view) => Issue(view, ctx, options));
}
