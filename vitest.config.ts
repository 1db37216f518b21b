import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { CHROMIUM_ARGS, RUNNER_VIEWPORT, VIEWPORT, chromiumPath } from './scripts/chromium.ts';
import { DEV_SERVER_CORS } from './scripts/sandboxCors.ts';
import { restEchoPlugin } from './tests/client/helpers/restEchoPlugin.ts';

const root = import.meta.dirname;
/** Browser tests of a first load: each file in a fresh frame (the `browser-lazy` project). */
const LAZY_BROWSER_TESTS = 'tests/**/*.lazy.browser.test.{ts,tsx}';

// Browser options are built per project: vitest mutates a shared object and would mislabel projects.
const browser = () => ({
  enabled: true,
  headless: true,
  viewport: { ...VIEWPORT },
  provider: playwright({
    launchOptions: { executablePath: chromiumPath(), chromiumSandbox: false, args: CHROMIUM_ARGS },
    // The runner page must be larger than the test frame, or vitest scales the frame down to fit
    // and screenshots pick up resampling noise.
    contextOptions: { deviceScaleFactor: 1, reducedMotion: 'reduce' as const, viewport: RUNNER_VIEWPORT },
  }),
  instances: [{ browser: 'chromium' as const }],
  screenshotFailures: false,
  expect: {
    toMatchScreenshot: {
      // threshold 0: a one-unit colour change in one pixel fails the comparison.
      comparatorName: 'pixelmatch' as const,
      comparatorOptions: { threshold: 0, allowedMismatchedPixels: 0 },
      // 4.1 otherwise leaves a 5 s timer that delays exit.
      timeout: 0,
      resolveScreenshotPath: ({ arg, ext }: { arg: string; ext: string }) =>
        `${root}/tests/visual/__screenshots__/${arg}${ext}`,
      resolveDiffPath: ({ arg, ext }: { arg: string; ext: string }) =>
        `${root}/.vitest-attachments/visual/${arg}${ext}`,
    },
  },
});

// Every story is one test: rendered in light, its play function, axe, a screenshot; then the page
// switches to dark (as a product page does), axe and a screenshot again (tests/visual/setup.ts).
const storiesProject: TestProjectInlineConfiguration = {
  extends: true,
  plugins: [storybookTest({ configDir: `${root}/.storybook` })],
  test: {
    name: 'stories',
    browser: browser(),
    // Two pages side by side (vitest's default on two cores is one).
    maxWorkers: 2,
    // A worker's story files share one frame and its module cache: React, react-aria, Storybook's
    // runtime and the components load once per worker, not once per file (305 s for the layer
    // instead of 414-447 s). The harness closes what a story leaves open (setup.ts), and a story
    // must not assume its lazily loaded parts are still to come: another file may have loaded them.
    isolate: false,
    setupFiles: ['tests/visual/setup.ts'],
  },
};

export default defineConfig({
  // restEchoPlugin: same-origin endpoints for the client's browser tests (dev server only).
  plugins: [react(), restEchoPlugin()],
  server: { cors: DEV_SERVER_CORS },
  optimizeDeps: {
    // Pre-bundled up front so the first browser run does not reload mid-test with two Reacts.
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'clsx',
      'react-aria',
      // forgekit imports react-aria's hooks by subpath (react-aria/useDialog ...): see tsup.config.ts.
      'react-aria/*',
      'react-stately',
      '@floating-ui/react',
      '@floating-ui/dom',
      'dompurify',
      'markdown-it',
      'markdown-it-footnote',
      // Loaded on demand by the Markdown enhancers (and the diagram sandbox page).
      'highlight.js/lib/core',
      'highlight.js/lib/languages/*',
      'katex',
      'mermaid',
      '@tanstack/react-virtual',
      // forgekit/client's GraphQL part (Apollo Client 4, uploads, the persisted cache).
      '@apollo/client',
      '@apollo/client/cache',
      '@apollo/client/errors',
      '@apollo/client/link',
      '@apollo/client/link/batch-http',
      '@apollo/client/link/error',
      '@apollo/client/link/http',
      'apollo-upload-client/UploadHttpLink.mjs',
      'apollo-upload-client/isExtractableFile.mjs',
      'apollo3-cache-persist',
      'graphql',
      'idb-keyval',
      'rxjs',
      // forgekit/client tracking loads the Snowplow tracker on demand.
      '@snowplow/browser-tracker',
      '@testing-library/react',
      '@testing-library/user-event',
      'storybook/test',
      // tests/visual/setup.ts runs the addon's check again in dark.
      '@storybook/addon-a11y/preview',
    ],
  },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Each file in a fresh VM context of a worker that loaded jsdom once: the default pool
          // (a fresh process per file) imported jsdom 122 times, a second of CPU each, and took
          // 2.6x as long (decision 020). Modules stay per file; what crosses realms (jsdom's
          // cookie jar and clock, Node's fetch errors, the runner's errors) is the price.
          pool: 'vmThreads',
          // Vitest runs one worker per core less one, a single worker on two cores; two overlap well
          // (one imports while the other runs tests).
          maxWorkers: 2,
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/**/*.{browser,ssr,node}.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          maxWorkers: 2,
          // A worker's files share its module cache: the pipeline, jsdom and the sanitiser load once
          // per worker, not once per file. A file that needs a fresh module state resets it (the
          // emoji map; stubbed globals and timers are restored after each test).
          isolate: false,
          // Generous: the layer runs beside the browser tests (scripts/test.mjs), and a server render
          // plus hydration of 500 threads once took over 5 s there.
          testTimeout: 30_000,
          include: ['tests/**/*.{ssr,node}.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/**/*.browser.test.{ts,tsx}'],
          exclude: [LAZY_BROWSER_TESTS],
          setupFiles: ['tests/setup/browser.ts'],
          browser: browser(),
          sequence: { groupOrder: 0 },
          // The files share one frame and its module cache: React, react-aria and the components
          // load once, not once per file. Beside the Node layer (scripts/test.mjs) the two took 188 s
          // instead of 237. What a file leaves in the page (styles, the pointer's position) the next
          // one must tolerate; tests/setup/browser.ts resets the URL, the scroll and the Tab start.
          isolate: false,
        },
      },
      {
        // A test of a module's first load (lazily loaded code not fetched yet) in a frame of its own.
        extends: true,
        test: {
          name: 'browser-lazy',
          include: [LAZY_BROWSER_TESTS],
          setupFiles: ['tests/setup/browser.ts'],
          browser: browser(),
          // After the `browser` project, not beside it: the two pages share the origin's storage.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Benchmarks: `npm run bench`, not part of `npm test`. Each file measures a candidate and
        // its anchor in the same run and reports ratios (machines are noisy: no timed assertions).
        extends: true,
        test: {
          name: 'bench',
          include: ['bench/**/*.bench.{ts,tsx}'],
          setupFiles: ['tests/setup/browser.ts'],
          browser: browser(),
          testTimeout: 300_000,
        },
      },
      storiesProject,
    ],
  },
});
