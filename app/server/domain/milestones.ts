/** Milestones: GitLab's `expired` rule and group milestone iids. */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';
import type { MilestoneRow } from './issuableTables.ts';
import { nextIid } from './iids.ts';

/** `expired`: the due date has passed (false without one). */
export function isMilestoneExpired(milestone: Pick<MilestoneRow, 'due_date'>, now = new Date()): boolean {
  if (!milestone.due_date) return false;
  return new Date(milestone.due_date).toISOString().slice(0, 10) < now.toISOString().slice(0, 10);
}

/**
 * The next iid of a milestone: per project through `internal_ids`, per group by locking the
 * group's row for the rest of the transaction (group milestones are rare and never concurrent
 * in bulk). Call inside the inserting transaction.
 */
export async function nextMilestoneIid(
  trx: DbOrTx,
  owner: { projectId: number } | { groupId: number },
): Promise<number> {
  if ('projectId' in owner) return nextIid(trx, owner.projectId, 'milestones');
  await sql`SELECT 1 FROM namespaces WHERE id = ${owner.groupId} FOR UPDATE`.execute(trx);
  const { last } = await trx
    .selectFrom('milestones')
    .select(sql<number>`coalesce(max(iid), 0)::int`.as('last'))
    .where('group_id', '=', owner.groupId)
    .executeTakeFirstOrThrow();
  return last + 1;
}
