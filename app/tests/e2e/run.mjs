// The end-to-end layer of `npm test`: builds the pages, then runs every spec at the root and the
// smoke set (`@smoke` in a test's title) again under the relative root `/forge`, on the same
// demo-seeded data folder. The demo seed (a minute or more) needs no browser build, so it runs
// beside the build, in the server Playwright starts (playwright.config.ts's `webServer`, same
// command and environment), stopped once it listens; Playwright's servers then find it done.
//
//   node app/tests/e2e/run.mjs             build, seed, test, in a data folder of its own
//   node app/tests/e2e/run.mjs --prepare   only build and seed, into $FORGEKIT_E2E_DATA_DIR
//
// With `--prepare`, a caller (`npm test`) builds and seeds beside another layer, where a core is
// idle, then runs this again with the same $FORGEKIT_E2E_DATA_DIR: a prepared folder is tested as
// it is, and left to the caller to remove.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const RELATIVE_ROOT = '/forge';
/** What the server logs when it listens, after migrating and seeding (Fastify's message). */
const LISTENING = /Server listening at/;
/** How much of the seeding server's log is kept for an error message. */
const LOG_TAIL_CHARS = 20_000;
/** Written into the data folder once it is built and seeded. */
const PREPARED_MARK = '.e2e-prepared';
const appDir = join(import.meta.dirname, '..', '..');
const prepareOnly = process.argv.includes('--prepare');
const given = process.env.FORGEKIT_E2E_DATA_DIR;
if (prepareOnly && !given) {
  console.error('run.mjs --prepare needs FORGEKIT_E2E_DATA_DIR: the folder the tests run on next.');
  process.exit(1);
}
const dataDir = given ?? mkdtempSync(join(tmpdir(), 'forgekit-e2e-'));
process.env.FORGEKIT_E2E_DATA_DIR = dataDir;
const prepared = !prepareOnly && existsSync(join(dataDir, PREPARED_MARK));

/** Runs `command` in `cwd`, its output passed through; resolves with its exit status. */
const exec = (command, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: appDir, stdio: 'inherit', ...options });
    child.on('close', (status) => resolve(status ?? 1));
  });

/** Starts the end-to-end server on a free port until it listens (seeded), then stops it. */
async function seed() {
  const { default: config } = await tsImport('../../playwright.config.ts', import.meta.url);
  const { command, cwd, env } = config.webServer;
  // Without a shell (the command is a plain argument list), so the signal reaches the server.
  const [file, ...args] = command.split(' ');
  const server = spawn(file, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      LOG_LEVEL: 'info',
      // Not the build under way beside it: this server renders no page.
      FORGEKIT_CLIENT_DIR: join(dataDir, 'no-browser-build'),
    },
  });
  // The log's tail, for the message when seeding fails (at level info every request has a line).
  let output = '';
  let listening = false;
  const status = await new Promise((resolve) => {
    const read = (chunk) => {
      output = (output + chunk).slice(-LOG_TAIL_CHARS);
      if (!listening && LISTENING.test(output)) {
        listening = true;
        server.kill('SIGTERM');
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('close', (code) => resolve(listening ? code : 1));
  });
  if (status !== 0) console.error(`The end-to-end data could not be seeded:\n${output}`);
  return status;
}

/** Builds the pages and seeds the data folder side by side; resolves with the exit status. */
async function prepare() {
  const [built, seeded] = await Promise.all([exec('npm', ['run', 'build', '--silent']), seed()]);
  if (built !== 0 || seeded !== 0) return 1;
  writeFileSync(join(dataDir, PREPARED_MARK), '');
  return 0;
}

/** Every spec at the root, then the smoke set under the relative root. */
async function test() {
  // Both always run: one red run should not hide the other's result.
  const atRoot = await exec('npx', ['playwright', 'test']);
  // The smoke set is a handful of tests in one file: spread over both workers.
  const underRelativeRoot = await exec('npx', ['playwright', 'test', '--grep', '@smoke', '--fully-parallel'], {
    env: { ...process.env, FORGEKIT_E2E_RELATIVE_URL_ROOT: RELATIVE_ROOT },
  });
  return atRoot || underRelativeRoot;
}

let status = 1;
try {
  status = prepared ? 0 : await prepare();
  if (status === 0 && !prepareOnly) status = await test();
} finally {
  // A folder made here is removed here; a given one belongs to the caller.
  if (!given) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
