import { readdirSync, rmSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

export const publicEntries = {
  index: 'src/index.ts',
  tokens: 'src/tokens/index.ts',
  // The emoji layer with its picker (src/emoji.ts composes them: the layer knows no component).
  emoji: 'src/emoji.ts',
  markdown: 'src/markdown/index.ts',
  client: 'src/client/index.ts',
  // The diagram sandbox page's script (served by the shell at {root}/-/sandbox/mermaid).
  'markdown-sandbox': 'src/markdown/sandbox/index.ts',
};

// Every other source module is its own file under dist/internal/ (not in the package's exports).
const publicSources = new Set(Object.values(publicEntries));
const modules = Object.fromEntries(
  readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !publicSources.has(`src/${path}`))
    .map((path) => [`internal/${path.replace(/\.tsx?$/, '')}`, `src/${path}`]),
);

/** The output file (in dist/, without extension) of every source module, by absolute source path. */
const outputOf = new Map(
  Object.entries({ ...publicEntries, ...modules }).map(([output, source]) => [resolve(source), output]),
);
const RESOLVING = Symbol('resolving');

/**
 * The ESM build as the sources are: one file per module, importing the others by relative path
 * (`./Button.js`), no shared chunks. An app's bundler then sees the library's own module graph.
 * Bundled into chunks (tsup's code splitting), the entries imported chunk files directly, so every
 * module that any lazily loaded part of the library used (the sanitiser, the emoji store, the menu)
 * was statically reachable from `forgekit`: esbuild's code splitting put it into the initial chunk
 * of every page (22.6 KB for one Button), and without splitting it wrapped shared modules in lazy
 * initialisers (`__esm`) that keep every statement of a module (Counter kept all token constants).
 * Now a module reaches what it imports itself, and lazy modules stay behind their `import()`.
 */
const oneFilePerModule: Plugin = {
  name: 'forgekit-one-file-per-module',
  setup(build) {
    // tsup builds its CJS output as ESM first (code splitting), so the format is read from its define.
    if (build.initialOptions.define?.TSUP_FORMAT !== '"esm"') return;
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      // Component CSS ships as forgekit/styles.css, extracted by the CJS build.
      if (args.path.endsWith('.css')) return { path: 'stylesheet', namespace: 'forgekit-stylesheet' };
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      const target = outputOf.get(resolved.path);
      const importer = outputOf.get(args.importer);
      // Anything else (generated JSON) is inlined into the module that reads it.
      if (!target || !importer) return undefined;
      const path = relative(dirname(importer), target).split(sep).join('/');
      return { path: `${path.startsWith('.') ? '' : './'}${path}.js`, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: 'forgekit-stylesheet' }, () => ({ contents: '', loader: 'js' }));
  },
};

const outDir = 'dist';

// ESM (one file per module) + CJS (the public entries, bundled with shared chunks). The component
// CSS imported by the components is extracted into dist/index.css (exported as forgekit/styles.css);
// scripts/build-types.ts then writes the declarations, and scripts/postbuild.mjs copies tokens.css,
// icons.svg and the emoji data.
export default defineConfig([
  {
    entry: { ...publicEntries, ...modules },
    // CJS first: tsup extracts the CSS of the first format's build.
    format: ['cjs', 'esm'],
    outDir,
    sourcemap: true,
    clean: true,
    splitting: true,
    target: 'es2022',
    // KaTeX's stylesheet stays an import of the katex package (a dependency), resolved by the
    // app's bundler when math first renders, fonts and all.
    external: ['react', 'react-dom', 'react/jsx-runtime', 'katex/dist/katex.min.css'],
    esbuildPlugins: [oneFilePerModule],
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.entryPoints = publicEntries;
    },
    // The CJS build also writes the CSS of its lazily loaded chunks, all of it already in the
    // entries' stylesheets: only those ship (postbuild joins them into forgekit/styles.css).
    onSuccess: async () => {
      const kept = new Set(Object.keys(publicEntries).flatMap((name) => [`${name}.css`, `${name}.css.map`]));
      for (const file of readdirSync(outDir)) {
        if (/\.css(\.map)?$/.test(file) && !kept.has(file)) rmSync(`${outDir}/${file}`);
      }
    },
  },
]);
