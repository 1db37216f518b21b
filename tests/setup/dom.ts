import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

/**
 * React's development warnings that mean a test did not wait for what it caused: a state update
 * outside act() (async work the test did not await: a fetch, a timer, a lazy chunk, a separate
 * root), plus list keys and invalid DOM nesting. Each fails the test that printed it (issue 16: "a
 * clean run prints no warnings"), so a new one turns the run red instead of scrolling by.
 */
const REACT_WARNINGS = [
  /not wrapped in act\(/,
  /not configured to support act\(/,
  /Each child in a list should have a unique "key" prop/,
  /In HTML, .+ cannot be a (child|descendant) of/,
  /cannot contain a nested/,
];

/** The caller frames worth reading: not React's, not the test runner's, not this file's. */
function callerFrames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .slice(1)
    .filter((line) => !/node_modules|node:internal|tests\/setup\/dom\.ts/.test(line))
    .slice(0, 6)
    .join('\n');
}

// Testing Library switches React's act() environment on in a beforeAll it registers when first
// imported; with `isolate: false` that is once per worker, and files that switch it off (roots
// rendered outside act on purpose, in their own beforeAll/beforeEach) would leave it off for the
// files after them, hiding their warnings. Each file starts with it on; it may still opt out.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let reactWarnings: string[] = [];
let originalError: typeof console.error | undefined;

// Installed per test, not per file: a test that spies on console.error itself (to expect an error)
// wraps this guard and puts it back with mockRestore.
beforeEach(() => {
  reactWarnings = [];
  originalError = console.error;
  const passOn = originalError;
  console.error = function guardReactWarnings(...args: unknown[]) {
    const message = format(...args);
    if (REACT_WARNINGS.some((warning) => warning.test(message))) {
      reactWarnings.push(`${message.split('\n')[0]}\n${callerFrames(new Error().stack)}`);
    }
    passOn.apply(console, args);
  };
});

// Registered before cleanup, so it runs after it (afterEach hooks run in reverse order) and also
// sees what unmounting the test's trees prints.
afterEach(() => {
  if (originalError) console.error = originalError;
  originalError = undefined;
  const found = reactWarnings;
  reactWarnings = [];
  if (found.length > 0) {
    throw new Error(
      `React printed ${found.length} warning(s) during this test; await the state the async work produces ` +
        `(findBy…, waitFor) before the test ends, or fix the component:\n\n${found.join('\n\n')}`,
    );
  }
});

afterEach(() => cleanup());

// A lazy chunk a file's last test set loading (a preview's sanitiser, a dialog) must arrive before
// the environment is torn down: loading it afterwards is an unhandled error that fails the run.
afterAll(() => vi.dynamicImportSettled());
