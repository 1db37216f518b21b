/**
 * PostgreSQL 15 for the tests (Debian's binaries): one throwaway cluster per run (initdb in a temp
 * directory, started on a free loopback port by globalSetup.ts, removed at the end; as root, the
 * server runs as `postgres`), and a fresh database in it for each test that asks.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** Where Debian installs PostgreSQL 15's server binaries. */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running cluster: its administrator's URL, and `stop()` (removes it). */
export interface PostgresCluster {
  adminUrl: string;
  stop(): void;
}

/**
 * Starts a cluster (a few seconds, mostly in initdb's own processes: the caller's event loop stays
 * free, so globalSetup.ts builds the PGlite template meanwhile).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'forgekit-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = {
      uid: Number(execFileSync('id', ['-u', 'postgres'])),
      gid: Number(execFileSync('id', ['-g', 'postgres'])),
    };
    chownSync(dir, uid, gid);
  }
  const command = (binary: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, binary), ...args]]
      : [join(POSTGRES_BIN, binary), args];
  const run = (binary: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, fileArgs] = command(binary, args);
      execFile(file, fileArgs, { encoding: 'utf8' }, (error, _stdout, stderr) =>
        error ? reject(new Error(`${binary} failed: ${stderr || error.message}`)) : resolve(),
      );
    });
  // Stopping runs at teardown, when nothing else is left to do.
  const runSync = (binary: string, args: string[]) => {
    const [file, fileArgs] = command(binary, args);
    const result = spawnSync(file, fileArgs, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr}`);
  };
  const data = join(dir, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  await run('pg_ctl', [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    '-l',
    join(dir, 'log'),
    'start',
  ]);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      runSync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Databases in the run's cluster: `createDatabase()` gives a fresh one's URL. */
export interface TestPostgres {
  createDatabase(): Promise<string>;
  /** Drops the databases this handle created. */
  stop(): Promise<void>;
}

/** Numbers the databases of this worker (pid) apart from the other worker's. */
let created = 0;

/**
 * Fresh databases in the run's cluster (globalSetup.ts starts one for all files: initdb took a few
 * seconds in each of eleven files). Each file's databases are its own; nothing else is shared.
 */
export async function testPostgres(): Promise<TestPostgres> {
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl)
    throw new Error(`PostgreSQL 15 is not installed in ${POSTGRES_BIN}: run scripts/ensure-server-tools.mjs`);
  const names: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    async createDatabase() {
      created += 1;
      const name = `forgekit_test_${process.pid}_${created}`;
      await admin(`CREATE DATABASE ${name}`);
      names.push(name);
      return adminUrl.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      for (const name of names.splice(0)) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
