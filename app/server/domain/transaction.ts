import type { DbOrTx, Tables } from '../db/schema.ts';
import type { Transaction } from 'kysely';

/** Runs `fn` in a transaction, joining the caller's when `db` already is one. */
export function inTransaction<T>(db: DbOrTx, fn: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Tables>) : db.transaction().execute(fn);
}
