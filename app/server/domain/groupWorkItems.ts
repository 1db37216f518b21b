/**
 * Group work items (GitLab's epics): `issues` rows without a project that live in a group
 * (`namespace_id`, migration 061), with iids counted per group. Who may read and create them
 * follows the group: its visibility and memberships, inherited from its ancestors.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTx, Tables } from '../db/schema.ts';
import { ACCESS_LEVEL } from './access.ts';
import './issuableTables.ts';
import type { Actor } from './permissions.ts';

export interface NamespaceInternalIdsTable {
  namespace_id: number;
  usage: string;
  last_value: number;
}

declare module './issuableTables.ts' {
  interface IssuesTable {
    /** The group of a group work item; null for a project's item (migration 061). */
    namespace_id: number | null;
  }
}

declare module '../db/schema.ts' {
  interface Tables {
    namespace_internal_ids: NamespaceInternalIdsTable;
  }
}

/** The only type a group work item has here (GitLab's group-level issues and tasks are not built). */
export const GROUP_WORK_ITEM_TYPE = 'epic';

/** Refusal of a child outside the parent's group and its subgroups (worded as GitLab's project rule). */
export const GROUP_HIERARCHY_ERROR = 'parent must be in the same group hierarchy as child.';

/**
 * The next iid of `usage` in group `namespaceId`. Call inside the inserting transaction: the counter
 * row stays locked until commit, so concurrent creations get distinct iids.
 */
export async function nextNamespaceIid(trx: DbOrTx, namespaceId: number, usage: string): Promise<number> {
  const { last_value } = await trx
    .insertInto('namespace_internal_ids')
    .values({ namespace_id: namespaceId, usage, last_value: 1 })
    .onConflict((oc) =>
      oc.columns(['namespace_id', 'usage']).doUpdateSet({ last_value: sql`namespace_internal_ids.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return last_value;
}

/** May a user with `level` in the group create its epics (Reporter and above, as GitLab's `create_epic`)? */
export function canCreateGroupWorkItem(level: number): boolean {
  return level >= ACCESS_LEVEL.REPORTER;
}

/**
 * Whether work item `child` (of a project or a group) lies in group `groupId` or one of its
 * subgroups: an epic's children come from its group's hierarchy.
 */
export async function inGroupHierarchy(
  db: DbOrTx,
  child: { project_id: number | null; namespace_id?: number | null },
  groupId: number,
): Promise<boolean> {
  const namespaceId =
    child.namespace_id ??
    (await db.selectFrom('projects').select('namespace_id').where('id', '=', child.project_id!).executeTakeFirst())
      ?.namespace_id;
  if (namespaceId === undefined) return false;
  const row = await db
    .selectFrom('namespaces')
    .select('id')
    .where('id', '=', namespaceId)
    .where(sql<boolean>`${groupId} = ANY(traversal_ids)`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * SQL filter of a readable group's items for `user` with `level` in it: confidential ones only for
 * Reporter and above (inherited), their author and assignees.
 */
export function groupWorkItemsReadableBy(user: Actor | null, level: number) {
  return (eb: ExpressionBuilder<Tables, 'issues'>): Expression<SqlBool> => {
    if (user?.admin || level >= ACCESS_LEVEL.REPORTER) return sql<SqlBool>`true`;
    if (!user) return eb('issues.confidential', '=', false);
    return eb.or([
      eb('issues.confidential', '=', false),
      eb('issues.author_id', '=', user.id),
      sql<SqlBool>`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = issues.id AND ia.user_id = ${user.id})`,
    ]);
  };
}
