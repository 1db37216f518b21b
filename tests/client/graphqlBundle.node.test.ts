// Apollo lives only in forgekit/client's GraphQL part: an app bundling a component from `forgekit`, or only
// the page configuration from `forgekit/client`, loads none of Apollo, rxjs, graphql-js or the upload link
// up front. Bundled from the sources with esbuild (as tsup and size-limit do), so no build is needed; the
// size budgets in .size-limit.json weigh the same imports from dist.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { splitBundle } from '../../bench/bundleSize';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The packages an app loads up front when its bundle holds `code` (what a lazy `import()` reaches, such
 * as an adapter creating the client on first use, does not count).
 */
async function initialPackages(code: string): Promise<string[]> {
  const { initialInputs } = await splitBundle(code, root);
  return [...new Set(initialInputs.flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []))];
}

const GRAPHQL_PACKAGES = ['@apollo/client', 'apollo-upload-client', 'apollo3-cache-persist', 'graphql', 'rxjs'];
const graphqlPackagesIn = (packages: string[]) => GRAPHQL_PACKAGES.filter((name) => packages.includes(name));

it('a component from forgekit loads no GraphQL code', async () => {
  expect(graphqlPackagesIn(await initialPackages(`export { Button, Avatar } from './src/index.ts';`))).toEqual([]);
}, 60_000);

it('the page configuration from forgekit/client loads no GraphQL code', async () => {
  const packages = await initialPackages(`export { getPageConfig } from './src/client/index.ts';`);
  expect(graphqlPackagesIn(packages)).toEqual([]);
}, 60_000);

it('the Apollo client factory does (the check sees them)', async () => {
  const packages = await initialPackages(`export { createApolloClientWithCaching } from './src/client/index.ts';`);
  // The persisted cache's library loads when a client is created with a cache key.
  expect(graphqlPackagesIn(packages)).toEqual(GRAPHQL_PACKAGES.filter((name) => name !== 'apollo3-cache-persist'));
}, 60_000);
