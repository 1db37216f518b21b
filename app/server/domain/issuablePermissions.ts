/**
 * Who may do what with issues, notes, labels and milestones: one function per question, in
 * `permissions.ts` style, given the asker's role in the project (`projectAccessLevel`) once the
 * project itself is known to be readable. GitLab's rules: any signed-in reader may open issues,
 * comment and award emoji; Reporters manage labels, milestones and others' issues; authors and
 * assignees update their own issues; only Owners delete issues. Reading confidential issues:
 * `canReadIssue` in permissions.ts.
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Tables } from '../db/schema.ts';
import { ACCESS_LEVEL } from './access.ts';
import './issuableTables.ts';
import { projectMemberOf, type Actor } from './permissions.ts';

/** The issue columns these questions read. */
export interface IssueAuthz {
  author_id: number | null;
  assignee_ids: readonly number[];
  discussion_locked: boolean | null;
}

/** May `user` open an issue in a project it can read? */
export function canCreateIssue(user: Actor | null): boolean {
  return user !== null;
}

/** May `user` set an issue's labels, assignees, milestone and due date (Reporter and above)? */
export function canSetIssueMetadata(level: number): boolean {
  return level >= ACCESS_LEVEL.REPORTER;
}

/** May `user` edit, close or reopen the issue (Reporter and above, its author or an assignee)? */
export function canUpdateIssue(user: Actor | null, level: number, issue: IssueAuthz): boolean {
  if (!user) return false;
  return level >= ACCESS_LEVEL.REPORTER || issue.author_id === user.id || issue.assignee_ids.includes(user.id);
}

/** May `user` delete the issue (the project's Owner)? */
export function canDeleteIssue(level: number): boolean {
  return level >= ACCESS_LEVEL.OWNER;
}

/** May `user` comment (signed in; a locked discussion only for Reporter and above)? */
export function canCreateNote(user: Actor | null, level: number, issue: IssueAuthz): boolean {
  if (!user) return false;
  return !issue.discussion_locked || level >= ACCESS_LEVEL.REPORTER;
}

/** May `user` edit the note (its author only; system notes never)? */
export function canUpdateNote(user: Actor | null, note: { author_id: number | null; system: boolean }): boolean {
  return user !== null && !note.system && note.author_id === user.id;
}

/** May `user` delete the note (its author, or a Maintainer and above)? */
export function canDeleteNote(
  user: Actor | null,
  level: number,
  note: { author_id: number | null; system: boolean },
): boolean {
  return canUpdateNote(user, note) || (user !== null && level >= ACCESS_LEVEL.MAINTAINER);
}

/** May `user` award or remove emoji (any signed-in reader; removal of their own only)? */
export function canAwardEmoji(user: Actor | null): boolean {
  return user !== null;
}

/** May `user` create, edit and delete the project's or group's labels (Reporter and above)? */
export function canAdminLabels(level: number): boolean {
  return level >= ACCESS_LEVEL.REPORTER;
}

/** May `user` create, edit, close and delete milestones (Reporter and above)? */
export function canAdminMilestones(level: number): boolean {
  return level >= ACCESS_LEVEL.REPORTER;
}

/**
 * SQL filter for issue lists (`issues` joined with `projects`, whose readability is filtered
 * separately): confidential issues only for Reporter and above, their author and assignees.
 */
export function issuesReadableBy(user: Actor | null) {
  return (eb: ExpressionBuilder<Tables, 'issues' | 'projects'>): Expression<SqlBool> => {
    if (user?.admin) return sql<SqlBool>`true`;
    if (!user) return eb('issues.confidential', '=', false);
    return eb.or([
      eb('issues.confidential', '=', false),
      eb('issues.author_id', '=', user.id),
      sql<SqlBool>`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = issues.id AND ia.user_id = ${user.id})`,
      projectMemberOf(user.id, ACCESS_LEVEL.REPORTER),
    ]);
  };
}
