// Makes sure the system `git` that the product server drives (one bare repository per project)
// is installed before the server's tests. As root on Debian it installs it with apt-get;
// anywhere else it prints the one command to run.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Oldest git with everything the server uses (`merge-tree --write-tree` arrived in 2.38). */
const MIN_VERSION = [2, 38];

const version = spawnSync('git', ['--version'], { encoding: 'utf8' });
const found = /git version (\d+)\.(\d+)/.exec(version.stdout ?? '');
const [major = 0, minor = 0] = found ? [Number(found[1]), Number(found[2])] : [];
if (major > MIN_VERSION[0] || (major === MIN_VERSION[0] && minor >= MIN_VERSION[1])) process.exit(0);

const isDebian = existsSync('/etc/debian_version') || /debian/i.test(safeRead('/etc/os-release'));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const command = 'apt-get update && apt-get install -y --no-install-recommends git';

if (isDebian && isRoot) {
  console.log(`forgekit: git ${MIN_VERSION.join('.')} or later is missing; installing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  process.exit(0);
}

console.error(
  `forgekit: the product server needs git ${MIN_VERSION.join('.')} or later` +
    (found ? ` (found ${major}.${minor})` : ', and none was found') +
    `.\n` +
    (isDebian ? `Run once: sudo ${command}\n` : 'Install git from your package manager or https://git-scm.com.\n'),
);
process.exit(1);

function safeRead(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
