/**
 * The guard the React harnesses install (jsdom's tests/setup/dom.ts, Chromium's
 * tests/setup/browser.ts, the stories' tests/visual/setup.ts): React's development warnings that mean a test did not wait for what it
 * caused fail the test that printed them (issue 16: "a clean run prints no warnings"), so a new one
 * turns the run red instead of scrolling by.
 */
import { afterEach, beforeEach, type TestContext } from 'vitest';

/**
 * A state update outside act() (async work the test did not await: a fetch, a timer, a lazy chunk,
 * a separate root), a suspension inside an act() nobody awaited, list keys, invalid DOM nesting,
 * a root flushed inside another's commit (a listener a focus change ran in the middle of one).
 */
const REACT_WARNINGS = [
  /not wrapped in act\(/,
  /not configured to support act\(/,
  /suspended inside an `act` scope/,
  /Each child in a list should have a unique "key" prop/,
  /In HTML, .+ cannot be a (child|descendant) of/,
  /cannot contain a nested/,
  /flushSync was called from inside a lifecycle method/,
];

/** console.error's arguments as one message: React passes a format string and its `%s` values. */
function formatMessage(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(String).join(' ');
  let next = 0;
  const message = first.replace(/%[sdio]/g, () => String(rest[next++]));
  return [message, ...rest.slice(next).map(String)].join(' ');
}

/** The caller frames worth reading: not React's, not the test runner's, not this guard's. */
function callerFrames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .slice(1)
    .filter((line) => !/node_modules|node:internal|\/deps\/|tests\/support\/reactWarnings/.test(line))
    .slice(0, 6)
    .join('\n');
}

/**
 * Watches console.error during each test and fails the test after it (its other afterEach hooks
 * registered before this call run later, and their output counts too) when React warned, unless
 * `allowed(context)` matches the warning (a known one, named where it is allowed).
 */
export function failOnReactWarnings(allowed: (context: TestContext) => readonly RegExp[] = () => []): void {
  let reactWarnings: string[] = [];
  let originalError: typeof console.error | undefined;

  // Installed per test, not per file: a test that spies on console.error itself (to expect an
  // error) wraps this guard and puts it back with mockRestore.
  beforeEach(() => {
    reactWarnings = [];
    originalError = console.error;
    const passOn = originalError;
    console.error = function guardReactWarnings(...args: unknown[]) {
      const message = formatMessage(args);
      if (REACT_WARNINGS.some((warning) => warning.test(message))) {
        reactWarnings.push(`${message.split('\n')[0]}\n${callerFrames(new Error().stack)}`);
      }
      passOn.apply(console, args);
    };
  });

  afterEach((context) => {
    if (originalError) console.error = originalError;
    originalError = undefined;
    const allow = allowed(context);
    const found = reactWarnings.filter((warning) => !allow.some((pattern) => pattern.test(warning)));
    reactWarnings = [];
    if (found.length > 0) {
      throw new Error(
        `React printed ${found.length} warning(s) during this test; await the state the async work produces ` +
          `(findBy…, waitFor) before the test ends, or fix the component:\n\n${found.join('\n\n')}`,
      );
    }
  });
}
