// A form's first load: `<Form>` and the enhancers attach its behaviours at once, but floating-ui
// (which only places the quick-submit hint, shown on a keyboard focus of the submit button) loads
// with the first hint. Bundled from the sources with code splitting, as an app bundler would (the
// product pages' budget test, app/tests/e2e/budgets.spec.ts, measures the pages' own build).
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { splitBundle } from '../bench/bundleSize';

const root = fileURLToPath(new URL('..', import.meta.url));
const FLOATING_UI = /node_modules\/@floating-ui\//;
/** Bundling takes seconds on the shared machine. */
const TIMEOUT_MS = 120_000;

it(
  'keeps floating-ui out of a form’s initial load, in the chunk its quick-submit hint loads',
  async () => {
    const { initialInputs, lazyInputs } = await splitBundle(`export { Form } from './src/components/Form';`, root);
    expect(initialInputs.some((input) => input.endsWith('src/components/Form/enhancers.ts'))).toBe(true);
    expect(initialInputs.filter((input) => FLOATING_UI.test(input))).toEqual([]);
    expect(lazyInputs.some((input) => input.endsWith('src/components/Form/quickSubmitHintPosition.ts'))).toBe(true);
    expect(lazyInputs.some((input) => FLOATING_UI.test(input))).toBe(true);
  },
  TIMEOUT_MS,
);
