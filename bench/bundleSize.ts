// Bundle cost of importing a set of components, measured with one bundler (esbuild, which tsup
// and size-limit also use) and one compressor (gzip level 9): min+gzip bytes of the JS, and of
// the CSS the bundle pulls in. React and React DOM are external, as in any app.
import { build } from 'esbuild';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleCost {
  js: number;
  css: number;
}

/** min+gzip bytes of `code` (an entry module) bundled from `resolveDir`. */
export async function bundleCost(code: string, resolveDir: string): Promise<BundleCost> {
  const result = await build({
    stdin: { contents: code, resolveDir, loader: 'tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    outdir: 'out',
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    loader: { '.woff2': 'empty', '.woff': 'empty', '.svg': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const size = (ext: string) =>
    result.outputFiles
      .filter((f) => f.path.endsWith(ext))
      .reduce((sum, f) => sum + gzipSync(f.contents, { level: 9 }).length, 0);
  return { js: size('.js'), css: size('.css') };
}

/** The inputs (source files) an app bundle loads up front and the ones it loads on demand. */
export interface SplitBundle {
  /** Inputs of the entry chunk and every chunk it reaches through static imports. */
  initialInputs: string[];
  /** Inputs only reached through a dynamic `import()`. */
  lazyInputs: string[];
  /** min+gzip bytes of the initial chunks' JS. */
  initialGzip: number;
}

/**
 * Builds `code` (an app's entry module, resolved from `resolveDir`) with esbuild and code splitting,
 * minified for production with React external, as an app bundler would: its metafile and outputs.
 */
export function splitBuild(code: string, resolveDir: string) {
  return build({
    stdin: { contents: code, resolveDir, loader: 'ts' },
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    outdir: 'out',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    loader: { '.css': 'empty', '.woff2': 'empty', '.woff': 'empty', '.ttf': 'empty' },
  });
}

/**
 * Bundles `code` (an app's entry module, resolved from `resolveDir`) with code splitting, as an app
 * bundler would, and splits its inputs into what loads up front and what loads on demand: the proof
 * that a heavy dependency stays out of a page that does not need it.
 */
export async function splitBundle(code: string, resolveDir: string): Promise<SplitBundle> {
  const { metafile, outputFiles } = await splitBuild(code, resolveDir);
  // Dynamically imported modules are entry points too in the metafile; the app's own is stdin.
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint === '<stdin>')!;
  const initial = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length) {
    for (const dependency of metafile.outputs[queue.pop()!]!.imports) {
      if (dependency.kind === 'import-statement' && !dependency.external && !initial.has(dependency.path)) {
        initial.add(dependency.path);
        queue.push(dependency.path);
      }
    }
  }
  const inputsOf = (outputs: string[]) => outputs.flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
  const outputs = Object.keys(metafile.outputs);
  return {
    initialInputs: inputsOf(outputs.filter((output) => initial.has(output))),
    lazyInputs: inputsOf(outputs.filter((output) => !initial.has(output))),
    initialGzip: outputFiles
      .filter((file) => initial.has(relative(process.cwd(), file.path)))
      .reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0),
  };
}
