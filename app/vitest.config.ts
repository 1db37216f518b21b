// The product server's tests: contract tests against a real server on loopback, in Node.
// Separate from the library's root config (no DOM, no browser).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/globalSetup.ts'],
    // Each file boots its own database and server; two cores run two files at a time.
    maxWorkers: 2,
    // Generous: the machine's two cores are shared with the library's layers.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
