/**
 * A throwaway PostgreSQL 15 cluster for tests (Debian's binaries): initdb in a temp directory,
 * started on a free loopback port, removed on stop. As root, the server runs as `postgres`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

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

/** A running cluster: `createDatabase()` gives a fresh database's URL. */
export interface TestPostgres {
  createDatabase(): Promise<string>;
  stop(): void;
}

/** Starts a cluster (a few seconds). */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'forgekit-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = {
      uid: Number(execFileSync('id', ['-u', 'postgres'])),
      gid: Number(execFileSync('id', ['-g', 'postgres'])),
    };
    chownSync(dir, uid, gid);
  }
  const run = (binary: string, args: string[]) => {
    const command = asRoot
      ? (['runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, binary), ...args]] as const)
      : ([join(POSTGRES_BIN, binary), args] as const);
    const result = spawnSync(command[0], command[1], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr}`);
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    '-l',
    join(dir, 'log'),
    'start',
  ]);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let count = 0;
  return {
    async createDatabase() {
      count += 1;
      const name = `forgekit_test_${count}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
