/**
 * `npm run app`: reads the environment, opens and migrates the database, seeds root (and the
 * demo data with `--seed demo` / `FORGEKIT_SEED=demo`), listens, and on SIGTERM or SIGINT
 * drains in-flight requests before closing the database.
 *
 * `--workers N` (`FORGEKIT_WORKERS`, default 1) runs N server processes on one port through
 * `node:cluster`, on PostgreSQL only: the primary migrates and seeds once, forks the workers and,
 * on SIGTERM or SIGINT, has every worker drain before it exits. Realtime and the entity cache stay
 * coherent across workers through the database (LISTEN/NOTIFY, versions read with each page).
 *
 * Environment: PORT (3000), HOST (127.0.0.1), DATABASE_URL (PostgreSQL; otherwise an embedded
 * PGlite in FORGEKIT_DATA_DIR, default app/.data), FORGEKIT_WORKERS, FORGEKIT_RELATIVE_URL_ROOT,
 * FORGEKIT_ROOT_PASSWORD, FORGEKIT_ROOT_TOKEN, FORGEKIT_SEED, FORGEKIT_SIGN_IN_LIMIT (sign-in
 * attempts per client address per minute, default 10), FORGEKIT_MAX_IN_FLIGHT and
 * FORGEKIT_MAX_QUEUE_MS (the admission queue, off by default; see http/admission.ts), LOG_LEVEL (info). Git repositories
 * live in FORGEKIT_DATA_DIR/repositories whichever database is used.
 */
import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { DEFAULT_MAX_QUEUE_MS } from './http/admission.ts';
import { parseWorkers, superviseWorkers } from './http/cluster.ts';
import { buildServer } from './http/server.ts';
import { SIGN_IN_RATE_LIMIT } from './http/sessions.ts';
import { DEMO_SEED, seedDemo } from './seed/demo.ts';
import { seedRoot } from './seed/root.ts';

/** Defaults of the environment variables. */
export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data/', import.meta.url));
/** Seeds that `--seed` / `FORGEKIT_SEED` know. */
export const SEEDS: readonly string[] = [DEMO_SEED];

const env = process.env;
const dataDir = env.FORGEKIT_DATA_DIR ?? DEFAULT_DATA_DIR;
const { values: args } = parseArgs({
  options: { seed: { type: 'string' }, workers: { type: 'string' } },
  strict: true,
});
const seed = args.seed ?? env.FORGEKIT_SEED;
if (seed && !SEEDS.includes(seed)) {
  console.error(`Unknown seed "${seed}" (known: ${SEEDS.join(', ') || 'none yet'})`);
  process.exit(1);
}
const workers = parseWorkers(args.workers ?? env.FORGEKIT_WORKERS, Boolean(env.DATABASE_URL));
if (typeof workers === 'string') {
  console.error(workers);
  process.exit(1);
}

if (workers > 1 && cluster.isPrimary) await runPrimary(workers);
else await runServer();

/** Migrates and seeds root: once, in the process that starts (the only server or the primary). */
async function prepare(database: Database) {
  await migrate(database);
  const root = await seedRoot(database.db, { password: env.FORGEKIT_ROOT_PASSWORD, token: env.FORGEKIT_ROOT_TOKEN });
  if (root.generatedPassword) {
    console.log(`Created the administrator "root" with the password: ${root.generatedPassword}`);
  }
}

async function openConfiguredDatabase(): Promise<Database> {
  if (!env.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
  return openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
}

/** The cluster's primary: prepares the database once, then runs the workers (`http/cluster.ts`). */
async function runPrimary(count: number) {
  const database = await openConfiguredDatabase();
  await prepare(database);
  if (seed === DEMO_SEED) {
    const app = await buildServer(serverOptions(database));
    await logDemoSeed(app);
    await app.close();
  }
  await database.close();
  superviseWorkers(count);
}

function serverOptions(database: Database) {
  return {
    database,
    relativeUrlRoot: env.FORGEKIT_RELATIVE_URL_ROOT,
    logger: { level: env.LOG_LEVEL ?? 'info' },
    repositoriesDir: join(dataDir, 'repositories'),
    signInRateLimit: env.FORGEKIT_SIGN_IN_LIMIT
      ? { ...SIGN_IN_RATE_LIMIT, limit: Number(env.FORGEKIT_SIGN_IN_LIMIT) }
      : undefined,
    admission: env.FORGEKIT_MAX_IN_FLIGHT
      ? {
          maxInFlight: Number(env.FORGEKIT_MAX_IN_FLIGHT),
          maxWaitMs: Number(env.FORGEKIT_MAX_QUEUE_MS ?? DEFAULT_MAX_QUEUE_MS),
        }
      : undefined,
  };
}

async function logDemoSeed(app: FastifyInstance) {
  const demo = await seedDemo(app);
  app.log.info(
    { milliseconds: Math.round(demo.milliseconds), counts: demo.counts },
    demo.seeded ? 'demo data seeded' : 'demo data already there',
  );
}

/** One server process: alone (it prepares the database itself), or a cluster worker. */
async function runServer() {
  const database = await openConfiguredDatabase();
  if (cluster.isPrimary) await prepare(database);
  const app = await buildServer(serverOptions(database));
  if (cluster.isPrimary && seed === DEMO_SEED) await logDemoSeed(app);
  await app.listen({ port: Number(env.PORT ?? DEFAULT_PORT), host: env.HOST ?? DEFAULT_HOST });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining');
    app.draining = true;
    // close() stops accepting, waits for in-flight requests, then the database is closed so
    // every acknowledged write is on disk.
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
