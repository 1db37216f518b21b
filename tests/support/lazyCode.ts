/**
 * How long a test waits for code a component loads on demand (a dynamic `import()`): in a fresh
 * clone the test server transforms that module on its first import, which takes seconds on a busy
 * two-core machine, far past Testing Library's default of 1 s.
 */
export const LAZY_CODE_TIMEOUT = { timeout: 15_000 };

/** The timeout of a test that waits for such code (vitest's default is 5 s). */
export const LAZY_CODE_TEST_TIMEOUT = 30_000;
