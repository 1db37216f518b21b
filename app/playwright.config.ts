// End-to-end tests of the product pages: the built server (`npm run build -w app` first) on a
// fresh embedded database with the demo seed, driven in the project's Chromium.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, VIEWPORT, chromiumPath } from '../scripts/chromium.ts';
import {
  E2E_PORT,
  E2E_RELATIVE_ROOT_DATA_DIR,
  E2E_RELATIVE_ROOT_PORT,
  E2E_RELATIVE_URL_ROOT,
  E2E_ROOT_PASSWORD,
  E2E_SMOKE_RELATIVE_ROOT,
  E2E_VERSION_FEED_FILE,
} from './tests/e2e/constants.ts';

// Made once, in the runner (its workers load this file again and inherit the variable).
if (!process.env.FORGEKIT_E2E_DATA_DIR) {
  process.env.FORGEKIT_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'forgekit-e2e-'));
  process.env.FORGEKIT_E2E_DATA_DIR_TEMPORARY = 'true';
}
const dataDir = process.env.FORGEKIT_E2E_DATA_DIR;

/**
 * The specs that change what every page or every user sees, so that no other spec may run beside
 * them: they run first, one at a time, before the rest (the `isolated` project depends on them).
 * - admin: blocks hana (people and project-admin sign her in or invite her), shows a broadcast
 *   message on every page, changes an application setting (its screenshot shows it), and counts
 *   the users (shell-features adds one);
 * - epics: counts the open epics of the group `forgekit` (work-item-widgets adds epics there);
 * - sitewide: a broadcast message on every page; the release feed's critical-patch modal on every
 *   administrator's page (epics, work-item-widgets and screenshots sign in as root).
 * The other specs change only what they create, or their own user's settings.
 */
const GLOBAL_STATE_SPECS = ['admin.spec.ts', 'epics.spec.ts', 'sitewide.spec.ts'];
/** Two browsers beside two servers keep a two-core machine busy; more only queue. */
const WORKERS = 2;
/** The smoke set: the tests whose title says `@smoke`. */
const SMOKE = /@smoke/;

/** One entry of `webServer`. */
type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

/** The server's command and environment for `port`, `root` and the data folder `dir`. */
function server(port: number, root: string, dir: string): WebServer {
  return {
    command: 'node --import tsx server/main.ts',
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}${root}/-/health`,
    // Migrations plus the demo seed: about 90 s on a busy two-core machine (160 s beside other work).
    timeout: 300_000,
    reuseExistingServer: false,
    // Server errors (logged with their request id) show in the test output.
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      FORGEKIT_DATA_DIR: dir,
      FORGEKIT_SEED: 'demo',
      FORGEKIT_ROOT_PASSWORD: E2E_ROOT_PASSWORD,
      FORGEKIT_VERSION_CHECK_FEED: join(dir, E2E_VERSION_FEED_FILE),
      FORGEKIT_RELATIVE_URL_ROOT: root,
      LOG_LEVEL: 'warn',
      // The specs sign in dozens of times a minute from one address; the limit itself is
      // covered by the contract tests.
      FORGEKIT_SIGN_IN_LIMIT: '10000',
    },
  };
}

const baseURL = (port: number, root: string) => `http://127.0.0.1:${port}${root}/`;

/**
 * run.mjs (`npm test`) also passes a copy of the seeded folder and a free port: a second server
 * under the relative root `/forge` answers the smoke set beside the first project, on data of its
 * own (its broadcast message shows on no other test's page).
 */
const relativeRoot =
  E2E_RELATIVE_ROOT_DATA_DIR && E2E_RELATIVE_ROOT_PORT
    ? { dir: E2E_RELATIVE_ROOT_DATA_DIR, port: E2E_RELATIVE_ROOT_PORT }
    : undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/teardown.ts',
  // The demo seed runs once at start; the tests share it (each creates what it changes, with
  // names of its own). A spec file runs in one worker, its tests in order.
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: true,
  // In CI one retry, so that a slow machine's hiccup does not hide the whole run's result; a test
  // that passes only on its retry is reported as flaky, and `npm test` repeats it in its summary.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  // Every file's time at the end of the run (where the time goes).
  reportSlowTests: { max: 0, threshold: 0 },
  // The baselines are the same in every project (the default path names the project).
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  use: {
    baseURL: baseURL(E2E_PORT, E2E_RELATIVE_URL_ROOT),
    viewport: VIEWPORT,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  // A dependency's tests ignore --grep and file filters (they all run first): to run one
  // isolated spec alone on a seeded folder, add --no-deps.
  projects: [
    { name: 'global', testMatch: GLOBAL_STATE_SPECS, workers: 1 },
    { name: 'isolated', testIgnore: GLOBAL_STATE_SPECS, dependencies: ['global'] },
    ...(relativeRoot
      ? [
          {
            name: 'relative-root',
            grep: SMOKE,
            use: { baseURL: baseURL(relativeRoot.port, E2E_SMOKE_RELATIVE_ROOT) },
          },
        ]
      : []),
  ],
  webServer: [
    server(E2E_PORT, E2E_RELATIVE_URL_ROOT, dataDir),
    ...(relativeRoot ? [server(relativeRoot.port, E2E_SMOKE_RELATIVE_ROOT, relativeRoot.dir)] : []),
  ],
});
