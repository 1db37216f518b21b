/**
 * The embedded database under many concurrent requests: its one connection is taken in arrival
 * order (every query answers, in the order asked), and a transaction holds it to the end (no
 * other request's query runs inside it).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { TurnQueue } from '../../server/db/pgliteDialect.ts';
import { inTransaction } from '../../server/domain/transaction.ts';

/** Far more waiters than fifty connections ever make. */
const CONCURRENT_QUERIES = 2000;
/** Generous for 2,000 one-row queries even on a loaded machine (about 2 s idle). */
const ALL_ANSWERED_MS = 60_000;
/** Queries fired while a transaction is open. */
const CONCURRENT_READERS = 200;
/** Rows the transaction writes, with pauses between them. */
const TRANSACTION_ROWS = 5;

describe('TurnQueue', () => {
  it('hands the resource out once per turn, in arrival order', async () => {
    const turns = new TurnQueue();
    const order: number[] = [];
    await turns.take();
    const waiters = [1, 2, 3].map((n) => turns.take().then(() => order.push(n)));
    turns.pass();
    await waiters[0];
    expect(order).toEqual([1]);
    turns.pass();
    turns.pass();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    turns.pass();
    // Free again: the next caller gets it at once.
    await turns.take();
  });
});

describe('PGlite under concurrency', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await sql`CREATE SEQUENCE turn_order`.execute(database.db);
    await sql`CREATE TABLE transaction_rows (n int NOT NULL)`.execute(database.db);
  });
  afterAll(() => database.close());

  it(
    `answers ${CONCURRENT_QUERIES} concurrent queries, each in the order asked`,
    async () => {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT_QUERIES }, (_, asked) =>
          sql<{ ran: string; asked: number }>`SELECT nextval('turn_order') AS ran, ${asked}::int AS asked`
            .execute(database.db)
            .then(({ rows }) => rows[0]!),
        ),
      );
      expect(performance.now() - started).toBeLessThan(ALL_ANSWERED_MS);
      // nextval numbers the queries in the order PGlite ran them: 1 for the first asked, and so on.
      expect(answers.map((row) => Number(row.ran) - 1)).toEqual(answers.map((row) => row.asked));
    },
    ALL_ANSWERED_MS,
  );

  it('runs no other query inside an open transaction', async () => {
    const pause = () => new Promise((resolve) => setImmediate(resolve));
    const transaction = inTransaction(database.db, async (trx) => {
      for (let n = 1; n <= TRANSACTION_ROWS; n += 1) {
        await trx
          .insertInto('transaction_rows' as never)
          .values({ n } as never)
          .execute();
        await pause(); // other requests' queries are waiting now
      }
    });
    await pause();
    const counts = await Promise.all(
      Array.from({ length: CONCURRENT_READERS }, () =>
        sql<{ count: number }>`SELECT count(*)::int AS count FROM transaction_rows`
          .execute(database.db)
          .then(({ rows }) => rows[0]!.count),
      ),
    );
    await transaction;
    // Inside the transaction a reader would see some of its rows; after it, all of them.
    expect(new Set(counts)).toEqual(new Set([TRANSACTION_ROWS]));
  });
});
