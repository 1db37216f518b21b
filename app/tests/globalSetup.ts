/**
 * Builds one migrated, root-seeded PGlite once per run and hands its snapshot to every test
 * file: loading a snapshot takes about a second, against several seconds for initdb, migrations
 * and a scrypt hash in each file (and a used one is put back to it faster still:
 * helpers/templateDatabase.ts).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../server/db/connection.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedRoot } from '../server/seed/root.ts';
import { ROOT_PASSWORD, ROOT_TOKEN } from './helpers/constants.ts';
import { POSTGRES_BIN, startPostgresCluster } from './helpers/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the PGlite snapshot (a tar from `dumpDataDir`). */
    pgliteTemplate: string;
    /** The administrator's URL of the run's PostgreSQL cluster, or null when PostgreSQL is missing. */
    postgresAdminUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'forgekit-template-'));
  const database = await openDatabase({ memory: true });
  await migrate(database);
  await seedRoot(database.db, { password: ROOT_PASSWORD, token: ROOT_TOKEN });
  const snapshot = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  // Without PostgreSQL only the tests that need it fail (helpers/postgres.ts says how to install it).
  const postgres = existsSync(POSTGRES_BIN) ? await startPostgresCluster() : null;
  project.provide('postgresAdminUrl', postgres?.adminUrl ?? null);
  return async () => {
    postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
