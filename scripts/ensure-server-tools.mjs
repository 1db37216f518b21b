// Makes sure the product server's test tools are installed before the app layers: python-gitlab
// (the real-client session) and PostgreSQL 15's server binaries (the scale-out tests).
// As root on Debian it installs them with apt-get; anywhere else it prints the one command to run.
import { spawnSync, execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The Python the real-client test runs (Debian's, where `python3-gitlab` installs). */
const PYTHON = '/usr/bin/python3';
/** Where Debian installs PostgreSQL 15's server binaries. */
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

const hasPythonGitlab = spawnSync(PYTHON, ['-c', 'import gitlab'], { stdio: 'ignore' }).status === 0;
const hasPostgres = ['initdb', 'pg_ctl', 'postgres'].every((binary) => existsSync(`${POSTGRES_BIN}/${binary}`));

const packages = [...(hasPythonGitlab ? [] : ['python3-gitlab']), ...(hasPostgres ? [] : ['postgresql'])];
if (packages.length === 0) process.exit(0);

const isDebian = existsSync('/etc/debian_version') || /debian/i.test(safeRead('/etc/os-release'));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;

if (isDebian && isRoot) {
  console.log(`forgekit: server test tools are missing; installing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  // Debian's package starts a cluster of its own; the tests start throwaway clusters instead.
  spawnSync('pg_ctlcluster', ['15', 'main', 'stop'], { stdio: 'ignore' });
  process.exit(0);
}

console.error(
  `forgekit: the product server's tests need ${packages.join(' and ')}, and they were not found.\n` +
    (isDebian
      ? `Run once: sudo ${command}\n`
      : `Install python-gitlab for ${PYTHON} and PostgreSQL 15 (binaries under ${POSTGRES_BIN}).\n`),
);
process.exit(1);

function safeRead(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
