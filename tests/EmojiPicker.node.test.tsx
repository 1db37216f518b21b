// "A page that never opens it pays nothing for it or the emoji data" (emoji picker issue), proven
// from the bundle graph: an app importing `EmojiPicker` is bundled with code splitting (esbuild, as
// an app bundler would). The modules reachable through static imports from its entry must include
// none of the panel's code, the emoji store, search, frequently used, the alias data or the
// virtualiser; each of them must be in a chunk reached only through a dynamic import. (The emoji
// data itself is fetched by the store, never bundled.)
import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

const LAZY = {
  "the panel's code": /src\/components\/EmojiPicker\/EmojiPickerContent\.tsx$/,
  'emoji store': /src\/emoji\/store\.ts$/,
  'emoji search': /src\/emoji\/search\.ts$/,
  'frequently used': /src\/emoji\/frequentlyUsed\.ts$/,
  'alias data': /src\/emoji\/generated\/aliases\.ts$/,
  '@tanstack/virtual-core': /node_modules\/@tanstack\/virtual-core\//,
};

function staticClosure(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length) {
    for (const dependency of metafile.outputs[queue.pop()!]!.imports) {
      if (dependency.kind === 'import-statement' && !dependency.external && !seen.has(dependency.path)) {
        seen.add(dependency.path);
        queue.push(dependency.path);
      }
    }
  }
  return seen;
}

async function bundle(contents: string) {
  const { metafile } = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    loader: { '.css': 'empty' },
  });
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint !== undefined)!;
  const initial = staticClosure(metafile, entry);
  const inputsOf = (outputs: Iterable<string>) =>
    [...outputs].flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
  return {
    initialInputs: inputsOf(initial),
    lazyInputs: inputsOf(Object.keys(metafile.outputs).filter((output) => !initial.has(output))),
  };
}

it.each([
  ['the component module', `export { EmojiPicker } from './src/components/EmojiPicker/EmojiPicker';`],
  ['the component folder (as forgekit re-exports it)', `export { EmojiPicker } from './src/components/EmojiPicker';`],
])(
  "keeps the panel's code, the emoji store and the virtualiser out of the initial load (%s)",
  async (_, contents) => {
    const { initialInputs, lazyInputs } = await bundle(contents);
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
    // The toggle and the panel's light shell are in the initial load.
    for (const file of ['EmojiPicker.tsx', 'EmojiPickerPanel.tsx']) {
      expect(
        initialInputs.some((input) => input.endsWith(`src/components/EmojiPicker/${file}`)),
        file,
      ).toBe(true);
    }
  },
  120_000,
);
