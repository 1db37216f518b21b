/**
 * Builds one migrated, root-seeded PGlite once per run and hands its snapshot to every test
 * file: loading a snapshot takes about a second, against several seconds for initdb, migrations
 * and a scrypt hash in each file (and a used one is put back to it faster still:
 * helpers/templateDatabase.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../server/db/connection.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedRoot } from '../server/seed/root.ts';
import { ROOT_PASSWORD, ROOT_TOKEN } from './helpers/constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the PGlite snapshot (a tar from `dumpDataDir`). */
    pgliteTemplate: string;
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
  return () => rm(dir, { recursive: true, force: true });
}
