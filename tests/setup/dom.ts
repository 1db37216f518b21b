import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { failOnReactWarnings } from '../support/reactWarnings';

// Testing Library switches React's act() environment on in a beforeAll it registers when first
// imported; with `isolate: false` that is once per worker, and files that switch it off (roots
// rendered outside act on purpose, in their own beforeAll/beforeEach) would leave it off for the
// files after them, hiding their warnings. Each file starts with it on; it may still opt out.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

// Registered before cleanup, so its check runs after it (afterEach hooks run in reverse order) and
// also sees what unmounting the test's trees prints.
failOnReactWarnings();

afterEach(() => cleanup());

// A lazy chunk a file's last test set loading (a preview's sanitiser, a dialog) must arrive before
// the environment is torn down: loading it afterwards is an unhandled error that fails the run.
afterAll(() => vi.dynamicImportSettled());
