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
  // Without PostgreSQL only the tests that need it fail (helpers/postgres.ts says how to install it).
  // Its initdb runs in processes of its own while the template is built here.
  const starting = existsSync(POSTGRES_BIN) ? startPostgresCluster() : Promise.resolve(null);
  // Its failure is thrown where it is awaited, below: not an unhandled rejection meanwhile.
  starting.catch(() => undefined);
  const dir = await mkdtemp(join(tmpdir(), 'forgekit-template-'));
  try {
    const database = await openDatabase({ memory: true });
    await migrate(database);
    await seedRoot(database.db, { password: ROOT_PASSWORD, token: ROOT_TOKEN });
    const snapshot = await database.pglite!.dumpDataDir('none');
    await database.close();
    await writeFile(join(dir, 'template.tar'), Buffer.from(await snapshot.arrayBuffer()));
  } catch (error) {
    // A started cluster must not outlive a failed setup.
    (await starting.catch(() => null))?.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgliteTemplate', join(dir, 'template.tar'));
  const postgres = await starting;
  project.provide('postgresAdminUrl', postgres?.adminUrl ?? null);
  return async () => {
    postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
