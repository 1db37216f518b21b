// The end-to-end layer of `npm test`: every spec at the root, then the smoke set (`@smoke` in a
// test's title) again under the relative root `/forge`, on the same demo-seeded data folder
// (seeded once: the second server start finds the seed done).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RELATIVE_ROOT = '/forge';
const dataDir = mkdtempSync(join(tmpdir(), 'forgekit-e2e-'));
const run = (args, env = {}) =>
  spawnSync('npx', ['playwright', 'test', ...args], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: 'inherit',
    env: { ...process.env, FORGEKIT_E2E_DATA_DIR: dataDir, ...env },
  }).status;

let status = 1;
try {
  // Both always run: one red run should not hide the other's result.
  const atRoot = run([]);
  const underRelativeRoot = run(['--grep', '@smoke'], { FORGEKIT_E2E_RELATIVE_URL_ROOT: RELATIVE_ROOT });
  status = atRoot || underRelativeRoot;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status ?? 1);
