// A page whose menus stay closed loads only their triggers, proven from the bundle graph (esbuild
// with code splitting, as an app bundler would): the open menu and floating-ui are in a chunk
// reached only through the dynamic import of the open menu. (esbuild keeps react-aria's menu and
// selection modules in the shared chunk, as the trigger reaches them through react-aria's index;
// the product's bundler, Rolldown, leaves them out of the page's initial JavaScript: the pages'
// budget test, app/tests/e2e/budgets.spec.ts, measures that build.)
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { splitBundle } from '../bench/bundleSize';

const root = fileURLToPath(new URL('..', import.meta.url));

const LAZY = {
  'the open menu': /src\/components\/Menu\/MenuContent\.tsx$/,
  'floating-ui': /node_modules\/@floating-ui\/react\//,
};

it('keeps the open menu and floating-ui out of the initial load', async () => {
  const { initialInputs, lazyInputs } = await splitBundle(`export { Menu } from './src/components/Menu';`, root);
  for (const [name, pattern] of Object.entries(LAZY)) {
    expect(
      initialInputs.filter((input) => pattern.test(input)),
      `${name} in the initial load`,
    ).toEqual([]);
    expect(
      lazyInputs.some((input) => pattern.test(input)),
      `${name} in a lazily loaded chunk`,
    ).toBe(true);
  }
  expect(initialInputs.some((input) => input.endsWith('src/components/Menu/Menu.tsx'))).toBe(true);
}, 120_000);
