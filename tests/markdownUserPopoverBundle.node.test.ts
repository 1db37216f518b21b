// Signed-in product pages attach the user popovers (`attachUserPopovers` from forgekit/markdown,
// loaded after idle) and render no editor: they must not download the Markdown parser
// (markdown-it, about 40 KB). Built as a consumer builds the package (npm test builds first):
// esbuild with code splitting over the dist, every chunk the page could ever load followed, static
// and dynamic imports alike, except what runs only when Markdown is rendered.
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { expect, it } from 'vitest';
import { splitBuild } from '../bench/bundleSize.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const MARKDOWN_IT = /node_modules\/markdown-it(?:-footnote)?\//;
/** Bundling the dist's Markdown entry takes seconds on the shared machine. */
const TIMEOUT_MS = 120_000;

async function metafileOf(code: string): Promise<Metafile> {
  return (await splitBuild(code, root)).metafile;
}

/**
 * Inputs of every output reachable from `from` (an output path) through its imports; dynamic
 * imports are followed only when `followDynamic` says so for the imported output.
 */
function reachableInputs(metafile: Metafile, from: string, followDynamic: (output: string) => boolean): string[] {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    for (const { path, kind, external } of metafile.outputs[queue.pop()!]!.imports) {
      if (external || seen.has(path) || (kind === 'dynamic-import' && !followDynamic(path))) continue;
      seen.add(path);
      queue.push(path);
    }
  }
  return [...seen].flatMap((output) =>
    Object.entries(metafile.outputs[output]!.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  );
}

const entryOutput = (metafile: Metafile) =>
  Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint === '<stdin>')!;

it(
  'attachUserPopovers loads no Markdown parser, with every lazy chunk it can reach',
  async () => {
    const metafile = await metafileOf(`export { attachUserPopovers } from 'forgekit/markdown';`);
    const inputs = reachableInputs(metafile, entryOutput(metafile), () => true);
    expect(inputs.some((input) => input.includes('pipeline/enhancers/mentions'))).toBe(true);
    expect(inputs.filter((input) => MARKDOWN_IT.test(input))).toEqual([]);
  },
  TIMEOUT_MS,
);

it(
  'forgekit/markdown loaded whole (one chunk that pages share for the popovers and for renderMarkdown) loads the parser only when Markdown is rendered',
  async () => {
    const metafile = await metafileOf(`export const load = () => import('forgekit/markdown');`);
    const entry = Object.keys(metafile.outputs).find((path) =>
      metafile.outputs[path]!.entryPoint?.endsWith('dist/markdown.js'),
    )!;
    expect(entry).toBeDefined();
    const statically = reachableInputs(metafile, entry, () => false);
    expect(statically.some((input) => input.endsWith('render/renderMarkdown.js'))).toBe(true);
    expect(statically.filter((input) => MARKDOWN_IT.test(input))).toEqual([]);
  },
  TIMEOUT_MS,
);
