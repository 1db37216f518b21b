/**
 * Kysely's PGlite dialect with a first-come-first-served queue for the one connection. An
 * embedded PGlite is a single connection: every query and transaction of every request takes
 * turns at it. Kysely's own single-connection mutex wakes every waiter on each release (they all
 * await one promise and all but one go back to sleep), so fifty concurrent requests cost
 * thousands of wake-ups per second and late arrivals could overtake early ones: the slowest
 * requests timed out. Here each waiter is woken once, in arrival order, and a query of a request
 * whose client has gone is skipped when its turn comes (http/abandoned.ts). See
 * docs/decisions/015-server-performance.md.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  PGliteAdapter,
  PGliteDialect,
  PGliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
} from 'kysely';
import { checkAbandoned } from '../http/abandoned.ts';

/**
 * Turns at one resource, first come first served: `take()` resolves when it is the caller's
 * turn, `pass()` hands the resource to the next in line (or frees it). One wake-up per turn.
 */
export class TurnQueue {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  /** Resolves when the caller holds the resource. */
  take(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the resource on; the holder must call it exactly once per `take()`. */
  pass(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

/** Kysely's PGlite driver, its one connection handed out in queue order. */
class QueuedPGliteDriver extends PGliteDriver {
  readonly #turns: TurnQueue;

  constructor(pglite: PGlite, turns: TurnQueue) {
    super({ pglite });
    this.#turns = turns;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take();
    try {
      // A request abandoned while it waited runs nothing (http/abandoned.ts).
      checkAbandoned();
      return await super.acquireConnection();
    } catch (error) {
      this.#turns.pass();
      throw error;
    }
  }

  override async releaseConnection(): Promise<void> {
    try {
      await super.releaseConnection();
    } finally {
      this.#turns.pass();
    }
  }
}

/** The adapter of the queued dialect: the driver serialises, so Kysely adds no mutex of its own. */
class QueuedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** `PGliteDialect` whose one connection is taken in arrival order (see the module comment). */
export class QueuedPGliteDialect extends PGliteDialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    super({ pglite });
    this.#pglite = pglite;
  }

  override createAdapter(): DialectAdapter {
    return new QueuedPGliteAdapter();
  }

  override createDriver(): Driver {
    return new QueuedPGliteDriver(this.#pglite, new TurnQueue());
  }
}
