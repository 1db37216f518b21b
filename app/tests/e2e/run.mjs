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
const LISTENING = /Server listening at (http:\/\/[^"\s]+)/;
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

/** What the server logs when the demo seed ran, and when it found the demo there (server/main.ts). */
const SEEDED = /demo data seeded/;
const ALREADY_SEEDED = /demo data already there/;

/**
 * Starts the end-to-end server on a free port until it listens (migrated and seeded), runs
 * `whileListening(url)` if given, then stops it. Resolves with the exit status (the callback's if
 * it failed) and the log's tail.
 */
async function startServer(whileListening) {
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
  // The seed's outcome, logged just before the server listens (the checks' requests log after it).
  let seeded;
  let checked = 0;
  const status = await new Promise((resolve) => {
    const read = async (chunk) => {
      output = (output + chunk).slice(-LOG_TAIL_CHARS);
      const url = !listening && LISTENING.exec(output)?.[1];
      if (!url) return;
      listening = true;
      seeded = SEEDED.test(output) ? 'seeded' : ALREADY_SEEDED.test(output) ? 'already there' : undefined;
      if (whileListening) checked = await whileListening(url);
      server.kill('SIGTERM');
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('close', (code) => resolve(listening ? checked || code : 1));
  });
  return { status, seeded, output };
}

/**
 * Seeds the data folder, checks the demo through the seeding server's API (demoSeed.check.ts), then
 * starts the server again on it: the second start must find the demo there and leave it.
 */
async function seed() {
  const first = await startServer((url) =>
    exec(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'tests/e2e/demoSeed.check.ts'], {
      env: { ...process.env, FORGEKIT_DEMO_URL: url },
    }),
  );
  if (first.status !== 0 || first.seeded !== 'seeded') {
    console.error(`The end-to-end data could not be seeded or is not the demo:\n${first.output}`);
    return 1;
  }
  const second = await startServer();
  if (second.status !== 0 || second.seeded !== 'already there') {
    console.error(`A second start on the seeded data did not leave the demo as it was:\n${second.output}`);
    return 1;
  }
  return 0;
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
