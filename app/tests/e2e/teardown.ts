/** Removes the end-to-end data folder when the run made it (not one passed in to reuse). */
import { rm } from 'node:fs/promises';

export default async function teardown(): Promise<void> {
  const dir = process.env.FORGEKIT_E2E_DATA_DIR;
  if (dir && process.env.FORGEKIT_E2E_DATA_DIR_TEMPORARY) await rm(dir, { recursive: true, force: true });
}
