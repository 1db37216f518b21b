// End-to-end tests of the product pages: the built server (`npm run build -w app` first) on a
// fresh embedded database with the demo seed, driven in the project's Chromium.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, VIEWPORT, headlessShellPath } from '../scripts/chromium.ts';
import { E2E_PORT, E2E_RELATIVE_URL_ROOT, E2E_ROOT_PASSWORD, E2E_VERSION_FEED_FILE } from './tests/e2e/constants.ts';

// Made once, in the runner (its workers load this file again and inherit the variable).
if (!process.env.FORGEKIT_E2E_DATA_DIR) {
  process.env.FORGEKIT_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'forgekit-e2e-'));
  process.env.FORGEKIT_E2E_DATA_DIR_TEMPORARY = 'true';
}
const dataDir = process.env.FORGEKIT_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/teardown.ts',
  // The demo seed runs once at start; the tests share it (each creates what it changes, so two
  // workers can run two spec files side by side: 10.1 min instead of 11.2 for the root run, one
  // core's idle time used). A file's tests stay in order, in one worker.
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  // In CI one retry, so that a slow machine's hiccup does not hide the whole run's result; a test
  // that passes only on its retry is reported as flaky, and `npm test` repeats it in its summary.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}${E2E_RELATIVE_URL_ROOT}/`,
    viewport: VIEWPORT,
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${E2E_PORT}${E2E_RELATIVE_URL_ROOT}/-/health`,
    // Migrations plus the demo seed: about 90 s on a busy two-core machine.
    timeout: 300_000,
    reuseExistingServer: false,
    // Server errors (logged with their request id) show in the test output.
    stdout: 'pipe',
    env: {
      // As `npm run app` runs it: React and GraphQL in their production builds (server renders
      // took 1.3-1.7x as long in development mode).
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      FORGEKIT_DATA_DIR: dataDir,
      FORGEKIT_SEED: 'demo',
      FORGEKIT_ROOT_PASSWORD: E2E_ROOT_PASSWORD,
      FORGEKIT_VERSION_CHECK_FEED: join(dataDir, E2E_VERSION_FEED_FILE),
      FORGEKIT_RELATIVE_URL_ROOT: E2E_RELATIVE_URL_ROOT,
      LOG_LEVEL: 'warn',
      // The specs sign in dozens of times a minute from one address; the limit itself is
      // covered by the contract tests.
      FORGEKIT_SIGN_IN_LIMIT: '10000',
    },
  },
});
