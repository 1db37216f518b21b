// Bundle cost of importing a set of components, measured with one bundler (esbuild, which tsup
// and size-limit also use) and one compressor (gzip level 9): min+gzip bytes of the JS, and of
// the CSS the bundle pulls in. React and React DOM are external, as in any app.
import { build } from 'esbuild';
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
