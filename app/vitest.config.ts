// The product server's tests: contract tests against a real server on loopback, in Node.
// Separate from the library's root config (no DOM, no browser).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The files that take longest (server processes, the fuzz), longest first. Vitest orders by the
 * durations it cached from earlier runs, and on a fresh clone by file size, which put a long file
 * late: the run then ended with one worker busy and the other idle. Started first, they overlap
 * the many short files.
 */
const LONGEST_FIRST = [
  'tests/scale/workers.test.ts',
  'tests/api/lifecycle.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/scale/twoProcesses.test.ts',
];

/** Vitest's order (cached durations, else size), with `LONGEST_FIRST` ahead of it. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array#sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    root,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/globalSetup.ts'],
    // The library's built modules load natively, as `npm run app` loads them, not through Vite's
    // module runner (it evaluates each of the dist's hundreds of modules again in every file):
    // a file's import of the server took 5.1 s instead of 9.0 s.
    server: { deps: { external: [/\/dist\/.*\.js$/] } },
    // Each file boots its own database and server; two cores run two files at a time.
    maxWorkers: 2,
    // A worker's files share its module cache: the server's modules, PGlite's WebAssembly and the
    // JIT's work are paid once per worker, not once per file (the layer took 295 s instead of 626).
    // Nothing a file changes outlives it: each starts its own server on a database in the run's
    // snapshot's state (helpers/templateDatabase.ts).
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
    // Generous: the machine's two cores are shared with the library's layers.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
