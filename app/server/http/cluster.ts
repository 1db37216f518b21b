/**
 * `--workers N`: several server processes on one port through `node:cluster`. The primary serves
 * nothing; the operating system's connections are handed to the workers in turn. Everything that
 * must agree across workers already goes through the database (realtime over LISTEN/NOTIFY, the
 * entity cache's versions, rate limits, sessions), so the workers share no memory.
 */
import cluster, { type Worker } from 'node:cluster';

/** Default number of server processes. */
export const DEFAULT_WORKERS = 1;
/** Most server processes `--workers` starts. */
export const MAX_WORKERS = 64;
/** Why more than one worker is refused on the embedded database. */
export const WORKERS_NEED_POSTGRES =
  'Several workers need a PostgreSQL server (DATABASE_URL): the embedded database (PGlite) lives inside one process.';

/**
 * The number of workers `value` (`--workers` / `FORGEKIT_WORKERS`) asks for, or the message that
 * refuses it: a whole number from 1 to `MAX_WORKERS`, above 1 only on PostgreSQL.
 */
export function parseWorkers(value: string | undefined, onPostgres: boolean): number | string {
  const count = value === undefined ? DEFAULT_WORKERS : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(count >= 1 && count <= MAX_WORKERS))
    return `--workers must be a whole number from 1 to ${MAX_WORKERS}, not "${value}"`;
  if (count > 1 && !onPostgres) return WORKERS_NEED_POSTGRES;
  return count;
}

/**
 * Forks `count` workers (this same script, which builds and listens when `cluster.isWorker`) and
 * watches them: on SIGTERM or SIGINT every worker drains (its own shutdown: answer what is in
 * flight, close the database) and the primary exits once all have, with 1 if one failed. A worker
 * that dies while serving is replaced; one that dies before it listens stops them all.
 */
export function superviseWorkers(count: number): void {
  let stopping = false;
  let exitCode = 0;
  const listening = new Set<Worker>();
  const alive = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
  const exitIfDone = () => {
    if (alive().length === 0) process.exit(exitCode);
  };
  const stopAll = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    console.log(`${reason}: draining ${alive().length} workers`);
    for (const worker of alive()) worker.process.kill('SIGTERM');
    exitIfDone();
  };
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
    worker.once('exit', (code, signal) => {
      const wasListening = listening.delete(worker);
      if (stopping) {
        if (code !== 0) exitCode = 1;
        exitIfDone();
        return;
      }
      console.error(`worker ${worker.process.pid} exited (${signal ?? code})`);
      if (wasListening) fork();
      else stopAll('a worker failed to start', 1);
    });
  };
  for (let n = 0; n < count; n += 1) fork();
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
}
