// Issue 5: "A page without math, diagrams or code loads none of KaTeX, mermaid or the highlighter
// (prove it from the bundle graph)". An app importing the whole pipeline is bundled with code
// splitting (esbuild, as an app bundler would); the modules reachable through static imports from
// its entry (what loads before any enhancer runs) must not include any of the three, and each must
// be in a chunk reached only through a dynamic import (loaded when a block needs it).
import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const HEAVY = { katex: /node_modules\/katex\//, mermaid: /node_modules\/mermaid\//, 'highlight.js': /node_modules\/highlight\.js\// };

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

it('keeps KaTeX, mermaid and highlight.js out of the initial load of the Markdown pipeline', async () => {
  const { metafile } = await build({
    stdin: {
      contents: `export { Markdown, renderGfm, renderMarkdown, DEFAULT_ENHANCERS } from './src/markdown';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    loader: { '.css': 'empty', '.woff2': 'empty', '.woff': 'empty', '.ttf': 'empty' },
  });
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint !== undefined)!;
  const initial = staticClosure(metafile, entry);
  const inputsOf = (outputs: Iterable<string>) =>
    [...outputs].flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
  const initialInputs = inputsOf(initial);
  const lazyInputs = inputsOf(Object.keys(metafile.outputs).filter((output) => !initial.has(output)));

  const initialBytes = [...initial].reduce((sum, output) => sum + metafile.outputs[output]!.bytes, 0);
  console.log(`markdown pipeline initial load: ${initial.size} chunks, ${(initialBytes / 1024).toFixed(1)} KB unminified`);
  for (const [name, pattern] of Object.entries(HEAVY)) {
    expect(initialInputs.filter((input) => pattern.test(input)), `${name} in the initial load`).toEqual([]);
    expect(lazyInputs.some((input) => pattern.test(input)), `${name} in a lazily loaded chunk`).toBe(true);
  }
}, 120_000);
