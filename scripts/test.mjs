// `npm test`: every layer of the test harness in order, each timed. A failing layer does not stop
// the later ones (one run shows everything that is red), but the run exits non-zero.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const layers = [
  ['generate tokens and icon names', 'npm run generate --silent'],
  // A list of layers runs side by side. The build first: the typechecks read the product's modules
  // (app/, and the library tests that render its pages' parts), which import the library through
  // its built entry points. The build (about 15 s: esbuild, then TypeScript 7's declarations) and
  // the format check (no built file read; about 45 s) side by side.
  [
    ['8. build', 'npm run build --silent'],
    ['1. format', 'npx prettier --check . --log-level warn'],
  ],
  // The typechecks (TypeScript 7's native compiler: about 10 s each on both cores), the lint (one
  // core for a minute) and the jsdom tests (about 1.7 cores) side by side: 177 s where the checks
  // and then jsdom took 82 + 116 s. The system packages the later layers need (Chromium and its
  // fonts, then git, PostgreSQL and python-gitlab) install beside them on a fresh machine, mostly
  // waiting for the network; one after the other, as apt-get holds a lock.
  [
    ['1. typecheck', 'npx tsc -p .'],
    ['1. lint', 'npx eslint . --max-warnings 0'],
    ['1. typecheck (product server)', 'npx tsc -p app'],
    ['2. unit and component tests (jsdom)', 'npx vitest run --project unit'],
    [
      '   browser and server tools available',
      'node scripts/ensure-chromium.mjs && node scripts/ensure-server-tools.mjs && node scripts/ensure-git.mjs',
    ],
  ],
  // The browser tests run one file at a time in one Chromium, their files in one shared frame: the
  // Node layer, about as long, fills the rest of the machine.
  [
    ['6-7. server rendering, hydration, exports, package in Node', 'npx vitest run --project node'],
    ['3. browser tests (Chromium)', 'npx vitest run --project browser --project browser-lazy'],
  ],
  ['9. product server (API contract tests)', 'npx vitest run --config app/vitest.config.ts'],
  ['4-5. stories, axe and visual regression (light + dark)', 'npx vitest run --project stories'],
  // The guide as published: storybook build, served statically, fonts, diagrams and play functions.
  // It keeps about 1.3 cores busy: beside it the product's pages are built and the demo data seeded
  // (a minute on one core) for the end-to-end layer, into the data folder made below.
  [
    ['4-5. built style guide (static build in Chromium)', 'node --import tsx scripts/test-built-guide.mjs'],
    ['10. end-to-end data: pages built, demo seeded', 'node app/tests/e2e/run.mjs --prepare'],
  ],
  // The product as a user meets it: built pages over the demo data, in Chromium's headless shell.
  ['10. product pages end to end (Chromium)', 'node app/tests/e2e/run.mjs'],
  ['8. publint', 'npx publint --strict'],
  [
    '8. are the types wrong',
    'npx attw --pack . --profile node16 --exclude-entrypoints ./styles.css ./tokens.css ./icons.svg ./emoji.css ./emojis.json',
  ],
  ['8. size budgets', 'npx size-limit'],
];

/**
 * The machine's CPU time so far, busy and in all, in clock ticks (Linux's /proc/stat), or null
 * elsewhere. Read around each layer: how many cores a layer kept busy says whether running it beside
 * another could gain anything (it counts whatever else the machine ran meanwhile).
 */
function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = fields[3] + fields[4];
    const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** How many of a layer's last output lines are printed again at the end when it fails. */
const TAIL_LINES = 120;

/**
 * Where a layer's output starts telling what went wrong: Vitest's failure and unhandled-error
 * sections, a failed file, a Playwright failure, a compiler error. The first lines from there are
 * printed again as the run's very last lines: a CI that keeps only the end of the log shows them.
 */
const FAILURE_START = /⎯ (Failed Tests|Unhandled Errors?) |^\s*FAIL\s|^\s+\d+\) \[|error TS\d+|✘/;
const FAILURE_LINES = 24;
/** Those lines are cut to this length (a serialized error can be a single line of 20 KB). */
const FAILURE_LINE_CHARS = 300;

/**
 * Runs one layer's command and times it. Its output is passed through as it comes and its last
 * lines are kept: a failing layer's are printed again after the summary, where a reader of the
 * run's tail (CI keeps only the end of a long log) finds which test failed and why.
 */
function run([name, command]) {
  console.log(`\n▶ ${name}: ${command}`);
  const start = performance.now();
  const ticks = cpuTicks();
  const tail = [];
  const failure = [];
  let partial = '';
  const keep = (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const plain = stripVTControlCharacters(line).slice(0, FAILURE_LINE_CHARS);
      if (failure.length ? failure.length < FAILURE_LINES : FAILURE_START.test(plain)) failure.push(plain);
    }
    tail.push(...lines);
    if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
  };
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['inherit', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk.toString());
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      keep(chunk.toString());
    });
    child.on('close', (status) => {
      if (partial) tail.push(partial);
      const end = cpuTicks();
      const cores =
        ticks && end && end.total > ticks.total
          ? ((end.busy - ticks.busy) / (end.total - ticks.total)) * availableParallelism()
          : null;
      resolve({ name, ok: status === 0, seconds: (performance.now() - start) / 1000, cores, tail, failure });
    });
  });
}

// The end-to-end layer's data folder, prepared in one layer and tested in the next (run.mjs).
const e2eDataDir = mkdtempSync(join(tmpdir(), 'forgekit-e2e-'));
process.env.FORGEKIT_E2E_DATA_DIR = e2eDataDir;

const results = [];
for (const layer of layers) {
  const group = Array.isArray(layer[0]) ? layer : [layer];
  results.push(...(await Promise.all(group.map(run))));
}
rmSync(e2eDataDir, { recursive: true, force: true });

const failed = results.filter((r) => !r.ok);
for (const { name, tail } of failed) {
  console.log(`\n✗ ${name}: its last ${tail.length} lines of output\n${tail.join('\n')}`);
}
console.log('\nforgekit test layers:');
console.log(`(cores busy: of the machine's ${availableParallelism()}, during the layer)`);
for (const { name, ok, seconds, cores } of results) {
  const busy = cores === null ? '' : `   ${cores.toFixed(2)} cores busy`;
  console.log(`  ${ok ? '✓' : '✗'} ${name.padEnd(58)} ${seconds.toFixed(1).padStart(6)} s${busy}`);
}
// A layer that passed only on retries (Playwright's "flaky") says so: it is a bug to fix.
for (const { name, ok, tail } of results) {
  const flaky = tail.findIndex((line) => /^\s*\d+ flaky\b/.test(line));
  if (ok && flaky >= 0) console.log(`\n! ${name}: passed on a retry\n${tail.slice(flaky, flaky + 12).join('\n')}`);
}
for (const { name, failure } of failed) {
  if (failure.length) console.log(`\n✗ ${name}: where it went wrong first\n${failure.join('\n')}`);
}
console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
