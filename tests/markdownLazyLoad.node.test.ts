// Issue 5: "A page without math, diagrams or code loads none of KaTeX, mermaid or the highlighter
// (prove it from the bundle graph)". An app importing the whole pipeline is bundled with code
// splitting (esbuild, as an app bundler would); the modules reachable through static imports from
// its entry (what loads before any enhancer runs) must include none of them. KaTeX and highlight.js
// are in chunks reached only through a dynamic import (loaded when a block needs them); mermaid is
// not in the page's bundle at all: only the sandbox page (its own entry, in an iframe) loads it.
import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const LAZY = { katex: /node_modules\/katex\//, 'highlight.js': /node_modules\/highlight\.js\// };
const MERMAID = /node_modules\/mermaid\//;

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

async function bundle(contents: string): Promise<{ metafile: Metafile; initial: Set<string> }> {
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
    loader: { '.css': 'empty', '.woff2': 'empty', '.woff': 'empty', '.ttf': 'empty' },
  });
  // Dynamically imported modules are entry points too in the metafile; the app's own is stdin.
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint === '<stdin>')!;
  return { metafile, initial: staticClosure(metafile, entry) };
}

it('keeps KaTeX, mermaid and highlight.js out of the initial load of the Markdown pipeline', async () => {
  const { metafile, initial } = await bundle(
    `export { Markdown, renderGfm, renderMarkdown, DEFAULT_ENHANCERS, MarkdownEditor } from './src/markdown';`,
  );
  const inputsOf = (outputs: Iterable<string>) =>
    [...outputs].flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
  const initialInputs = inputsOf(initial);
  const lazyInputs = inputsOf(Object.keys(metafile.outputs).filter((output) => !initial.has(output)));

  const initialBytes = [...initial].reduce((sum, output) => sum + metafile.outputs[output]!.bytes, 0);
  console.log(
    `markdown pipeline initial load: ${initial.size} chunks, ${(initialBytes / 1024).toFixed(1)} KB unminified`,
  );
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
  expect(
    [...initialInputs, ...lazyInputs].filter((input) => MERMAID.test(input)),
    'mermaid in the page bundle',
  ).toEqual([]);
}, 120_000);

it('loads mermaid in the sandbox page only when a diagram arrives', async () => {
  const { metafile, initial } = await bundle(`export { startMermaidSandbox } from './src/markdown/sandbox';`);
  const initialInputs = [...initial].flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
  const allInputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  expect(initialInputs.filter((input) => MERMAID.test(input))).toEqual([]);
  expect(allInputs.some((input) => MERMAID.test(input))).toBe(true);
}, 120_000);
