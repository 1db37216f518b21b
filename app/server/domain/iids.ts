/**
 * Internal ids (`iid`): per-project sequences for issues, merge requests, milestones,
 * pipelines... Call inside the transaction that inserts the row: the counter row stays locked
 * until commit, so concurrent creations get distinct, increasing iids on both databases.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';

/** The next iid of `usage` (e.g. 'issues') in project `projectId`. */
export async function nextIid(trx: DbOrTx, projectId: number, usage: string): Promise<number> {
  const { last_value } = await trx
    .insertInto('internal_ids')
    .values({ project_id: projectId, usage, last_value: 1 })
    .onConflict((oc) =>
      oc.columns(['project_id', 'usage']).doUpdateSet({ last_value: sql`internal_ids.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return last_value;
}
