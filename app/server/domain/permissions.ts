/**
 * Who may do what: one function per question, used by REST, GraphQL and pages alike (never
 * re-derived in a route). Roles follow GitLab: a group membership is inherited by subgroups and
 * their projects; a personal namespace's owner owns its projects; administrators may do
 * everything; anonymous users see public content only; external users see no internal content.
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { DbOrTx, Tables } from '../db/schema.ts';
import { ACCESS_LEVEL, VISIBILITY_LEVEL } from './access.ts';

/** The signed-in user a question is asked for (`null` is anonymous). */
export interface Actor {
  id: number;
  admin: boolean;
  external: boolean;
}

/** The columns of a project that permissions read. */
export interface ProjectAuthz {
  id: number;
  namespace_id: number;
  visibility_level: number;
}

/** The columns of a namespace (group or personal) that permissions read. */
export interface NamespaceAuthz {
  id: number;
  traversal_ids: number[];
  visibility_level: number;
  owner_id: number | null;
  type: 'User' | 'Group';
}

/** A membership counts while it has not expired. */
const LIVE_MEMBER = sql<SqlBool>`(m.expires_at IS NULL OR m.expires_at > current_date)`;

/**
 * SQL: the role of the signed-in `user` in a project (direct, inherited from groups, or as
 * namespace owner), given its id and namespace id as SQL (values or column references).
 */
function projectAccessLevelSql(user: Actor, projectId: Expression<number>, namespaceId: Expression<number>) {
  if (user.admin) return sql<number>`${ACCESS_LEVEL.OWNER}::int`;
  return sql<number>`COALESCE(GREATEST(
      (SELECT max(m.access_level) FROM members m
        WHERE m.source_type = 'Project' AND m.source_id = ${projectId} AND m.user_id = ${user.id} AND ${LIVE_MEMBER}),
      (SELECT max(m.access_level) FROM members m JOIN namespaces n ON n.id = ${namespaceId}
        WHERE m.source_type = 'Namespace' AND m.source_id = ANY(n.traversal_ids) AND m.user_id = ${user.id}
          AND ${LIVE_MEMBER}),
      (SELECT ${ACCESS_LEVEL.OWNER}::int FROM namespaces n
        WHERE n.id = ${namespaceId} AND n.type = 'User' AND n.owner_id = ${user.id})
    ), ${ACCESS_LEVEL.NO_ACCESS})`;
}

/**
 * SQL: the role `user` has in the project `projects` of the query, to select beside the row
 * (so one query finds a project and the asker's role in it).
 */
export function projectAccessLevelColumn(user: Actor | null) {
  if (!user) return sql<number>`${ACCESS_LEVEL.NO_ACCESS}::int`;
  return projectAccessLevelSql(user, sql.ref('projects.id'), sql.ref('projects.namespace_id'));
}

/** The role `user` has in `project` (direct, inherited from groups, or as namespace owner). */
export async function projectAccessLevel(db: DbOrTx, user: Actor | null, project: ProjectAuthz): Promise<number> {
  if (!user) return ACCESS_LEVEL.NO_ACCESS;
  if (user.admin) return ACCESS_LEVEL.OWNER;
  const { rows } = await sql<{ level: number }>`SELECT ${projectAccessLevelSql(
    user,
    sql.val(project.id),
    sql.val(project.namespace_id),
  )} AS level`.execute(db);
  return rows[0]?.level ?? ACCESS_LEVEL.NO_ACCESS;
}

/** The role `user` has in a group (direct or inherited from an ancestor group). */
export async function groupAccessLevel(db: DbOrTx, user: Actor | null, group: NamespaceAuthz): Promise<number> {
  if (!user) return ACCESS_LEVEL.NO_ACCESS;
  if (user.admin) return ACCESS_LEVEL.OWNER;
  if (group.type === 'User') return group.owner_id === user.id ? ACCESS_LEVEL.OWNER : ACCESS_LEVEL.NO_ACCESS;
  const { rows } = await sql<{ level: number | null }>`
    SELECT max(m.access_level) AS level FROM members m
    WHERE m.source_type = 'Namespace' AND m.source_id = ANY(${group.traversal_ids}::int[])
      AND m.user_id = ${user.id} AND ${LIVE_MEMBER}`.execute(db);
  return rows[0]?.level ?? ACCESS_LEVEL.NO_ACCESS;
}

/** Visibility alone: public for everyone, internal for signed-in users who are not external. */
function visibleByLevel(user: Actor | null, visibilityLevel: number): boolean {
  if (visibilityLevel === VISIBILITY_LEVEL.public) return true;
  return visibilityLevel === VISIBILITY_LEVEL.internal && user !== null && !user.external;
}

/** May `user`, whose role in the project is `level` ({@link projectAccessLevel}), see it at all? */
export function canReadProjectAt(user: Actor | null, project: ProjectAuthz, level: number): boolean {
  return visibleByLevel(user, project.visibility_level) || level >= ACCESS_LEVEL.GUEST;
}

/** May `user` see the project at all? */
export async function canReadProject(db: DbOrTx, user: Actor | null, project: ProjectAuthz): Promise<boolean> {
  if (visibleByLevel(user, project.visibility_level)) return true;
  return canReadProjectAt(user, project, await projectAccessLevel(db, user, project));
}

/** May `user` change the project's settings (Maintainer and above)? */
export async function canUpdateProject(db: DbOrTx, user: Actor | null, project: ProjectAuthz): Promise<boolean> {
  return (await projectAccessLevel(db, user, project)) >= ACCESS_LEVEL.MAINTAINER;
}

/** May `user` delete the project (Owner)? */
export async function canDeleteProject(db: DbOrTx, user: Actor | null, project: ProjectAuthz): Promise<boolean> {
  return (await projectAccessLevel(db, user, project)) >= ACCESS_LEVEL.OWNER;
}

/** May `user` add, change and remove the project's members (Maintainer and above)? */
export async function canManageProjectMembers(db: DbOrTx, user: Actor | null, project: ProjectAuthz): Promise<boolean> {
  return (await projectAccessLevel(db, user, project)) >= ACCESS_LEVEL.MAINTAINER;
}

/**
 * May `user` see an issue? Confidential issues: only Reporter and above, the author and the
 * assignees (spec §6). `level` is {@link projectAccessLevel} for the issue's project, which the
 * caller has already checked readable.
 */
export function canReadIssue(
  user: Actor | null,
  level: number,
  issue: { confidential: boolean; author_id: number | null; assignee_ids: readonly number[] },
): boolean {
  if (!issue.confidential) return true;
  if (!user) return false;
  return level >= ACCESS_LEVEL.REPORTER || issue.author_id === user.id || issue.assignee_ids.includes(user.id);
}

/** May `user` see the group? Also true for members of its subgroups and of their projects. */
export async function canReadGroup(db: DbOrTx, user: Actor | null, group: NamespaceAuthz): Promise<boolean> {
  if (visibleByLevel(user, group.visibility_level)) return true;
  if (!user) return false;
  if ((await groupAccessLevel(db, user, group)) >= ACCESS_LEVEL.GUEST) return true;
  const { rows } =
    await sql`SELECT 1 FROM namespaces g WHERE g.id = ${group.id} AND ${memberBelowGroup(user.id)}`.execute(db);
  return rows.length > 0;
}

/** May `user` change or delete the group, and manage its members (Owner)? */
export async function canAdminGroup(db: DbOrTx, user: Actor | null, group: NamespaceAuthz): Promise<boolean> {
  return (await groupAccessLevel(db, user, group)) >= ACCESS_LEVEL.OWNER;
}

/** May `user` create a project in the namespace (own namespace, or Developer in the group)? */
export async function canCreateProjectIn(db: DbOrTx, user: Actor | null, namespace: NamespaceAuthz): Promise<boolean> {
  return (await groupAccessLevel(db, user, namespace)) >= ACCESS_LEVEL.DEVELOPER;
}

/** May `user` create a subgroup of the group (Maintainer and above)? */
export async function canCreateSubgroup(db: DbOrTx, user: Actor | null, group: NamespaceAuthz): Promise<boolean> {
  return (await groupAccessLevel(db, user, group)) >= ACCESS_LEVEL.MAINTAINER;
}

/** SQL: the user is a member of a subgroup of `g`, or of a project below `g`. */
function memberBelowGroup(userId: number) {
  return sql<SqlBool>`(
    EXISTS (SELECT 1 FROM members m JOIN namespaces d ON d.id = m.source_id
      WHERE m.source_type = 'Namespace' AND m.user_id = ${userId} AND g.id = ANY(d.traversal_ids)
        AND m.access_level >= ${ACCESS_LEVEL.GUEST} AND ${LIVE_MEMBER})
    OR EXISTS (SELECT 1 FROM members m JOIN projects p ON p.id = m.source_id JOIN namespaces d ON d.id = p.namespace_id
      WHERE m.source_type = 'Project' AND m.user_id = ${userId} AND g.id = ANY(d.traversal_ids)
        AND m.access_level >= ${ACCESS_LEVEL.GUEST} AND ${LIVE_MEMBER}))`;
}

/** SQL filter for lists: the projects (`projects` in scope) that `user` may read. */
export function projectsReadableBy(user: Actor | null) {
  return (eb: ExpressionBuilder<Tables, 'projects'>): Expression<SqlBool> => {
    if (user?.admin) return sql<SqlBool>`true`;
    if (!user) return eb('projects.visibility_level', '=', VISIBILITY_LEVEL.public);
    const byLevel = user.external ? VISIBILITY_LEVEL.public : VISIBILITY_LEVEL.internal;
    return eb.or([eb('projects.visibility_level', '>=', byLevel), projectMemberOf(user.id)]);
  };
}

/** SQL: `user` has at least `minLevel` in the project `projects` (direct, inherited, owner). */
export function projectMemberOf(userId: number, minLevel: number = ACCESS_LEVEL.GUEST) {
  return sql<SqlBool>`(
    EXISTS (SELECT 1 FROM members m WHERE m.source_type = 'Project' AND m.source_id = projects.id
      AND m.user_id = ${userId} AND m.access_level >= ${minLevel} AND ${LIVE_MEMBER})
    OR EXISTS (SELECT 1 FROM members m JOIN namespaces n ON n.id = projects.namespace_id
      WHERE m.source_type = 'Namespace' AND m.source_id = ANY(n.traversal_ids) AND m.user_id = ${userId}
        AND m.access_level >= ${minLevel} AND ${LIVE_MEMBER})
    OR EXISTS (SELECT 1 FROM namespaces n WHERE n.id = projects.namespace_id AND n.type = 'User'
      AND n.owner_id = ${userId}))`;
}

/** SQL filter for lists: the groups (`namespaces` aliased `g`) that `user` may read. */
export function groupsReadableBy(user: Actor | null) {
  if (user?.admin) return sql<SqlBool>`true`;
  if (!user) return sql<SqlBool>`g.visibility_level = ${VISIBILITY_LEVEL.public}`;
  const byLevel = user.external ? VISIBILITY_LEVEL.public : VISIBILITY_LEVEL.internal;
  return sql<SqlBool>`(g.visibility_level >= ${byLevel} OR ${groupMemberOf(user.id)} OR ${memberBelowGroup(user.id)})`;
}

/** SQL: `user` belongs to the group `g`: a member of it, an ancestor, a subgroup or a project below. */
export function groupsWithMembershipOf(userId: number) {
  return sql<SqlBool>`(${groupMemberOf(userId)} OR ${memberBelowGroup(userId)})`;
}

/** SQL: `user` is a member (at least `minLevel`) of the group `g` or one of its ancestors. */
export function groupMemberOf(userId: number, minLevel: number = ACCESS_LEVEL.GUEST) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM members m WHERE m.source_type = 'Namespace'
    AND m.source_id = ANY(g.traversal_ids) AND m.user_id = ${userId} AND m.access_level >= ${minLevel}
    AND ${LIVE_MEMBER})`;
}
