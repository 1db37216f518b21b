// The published declarations: TypeScript 7's compiler writes one .d.ts per source module (about 5 s
// on two cores), then rollup-plugin-dts bundles them per public entry point, as `.d.ts` for
// `import` and `.d.cts` for `require`, with the types the entries share in common chunks. tsup's
// own declaration build did both at once through TypeScript 6's JavaScript compiler: 61 s of one
// core, two thirds of `npm run build` (decision 024: TypeScript 7 has no JavaScript API yet).
//
//   node --import tsx scripts/build-types.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { publicEntries } from '../tsup.config.ts';

const root = join(import.meta.dirname, '..');
const config = join(root, 'tsconfig.types.json');
const outDir = join(root, 'dist');
// Outside the project: under node_modules TypeScript would take them for a package's (external), and
// beside the project's tsconfig.json its bundler resolution would be read for them.
const declarations = mkdtempSync(join(tmpdir(), 'forgekit-types-'));
process.on('exit', () => rmSync(declarations, { recursive: true, force: true }));

const tsc = spawnSync('npx', ['tsc', '-p', config, '--outDir', declarations], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

/** A component's `import './Button.css'`, kept by the declaration emit: nothing to declare. */
const noStylesheets: Plugin = {
  name: 'forgekit-no-stylesheets',
  resolveId: (source) => (source.endsWith('.css') ? '\0stylesheet' : null),
  load: (id) => (id === '\0stylesheet' ? '' : null),
};

const input = Object.fromEntries(
  Object.entries(publicEntries).map(([name, source]) => [
    name,
    join(declarations, relative('src', source).replace(/\.tsx?$/, '.d.ts')),
  ]),
);
/** A package's types (react, @apollo/client...) stay imports of that package, as in the sources. */
const isPackage = (id: string) => !/^[./\0]/.test(id) && !id.startsWith(declarations);
const bundle = await rollup({ input, external: isPackage, plugins: [noStylesheets, dts()] });
for (const extension of ['.d.ts', '.d.cts']) {
  await bundle.write({
    dir: outDir,
    format: 'es',
    entryFileNames: `[name]${extension}`,
    // A chunk is named after its first module (`constants.d.ts`): `constants-<hash>.d.ts`.
    chunkFileNames: (chunk) => `${chunk.name.replace(/\.d$/, '')}-[hash]${extension}`,
  });
}
await bundle.close();
console.log(`types: ${Object.keys(input).length} entry points, .d.ts and .d.cts, in ${relative(root, outDir)}/`);
