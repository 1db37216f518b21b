import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One output file per source module (dist/internal/..., not in the package's exports): every module
// is an entry, so none shares a file with unrelated modules, and dist/index.js only re-exports. App
// bundlers drop whole unused files (`sideEffects: ["*.css"]`), not unused statements of a used
// file: when modules were grouped into chunks, a chunk mixing a constant every enhancer reads with
// the Markdown parser made markdown-it (a package with side effects) part of every page showing
// Markdown. With code splitting (esbuild, webpack), lazily loaded modules share files with the page
// only where they share code. For the same reason src/ imports react-aria's hooks by subpath
// (`react-aria/useDialog`): its root module re-exports every hook, and code splitting puts whatever a
// lazy chunk uses from a module the page also reaches into the page's initial load.
const modules = Object.fromEntries(
  readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts'))
    .map((path) => [`internal/${path.replace(/\.tsx?$/, '')}`, `src/${path}`]),
);

const publicEntries = {
  index: 'src/index.ts',
  tokens: 'src/tokens/index.ts',
  // The emoji layer with its picker (src/emoji.ts composes them: the layer knows no component).
  emoji: 'src/emoji.ts',
  markdown: 'src/markdown/index.ts',
  client: 'src/client/index.ts',
  // The diagram sandbox page's script (served by the shell at {root}/-/sandbox/mermaid).
  'markdown-sandbox': 'src/markdown/sandbox/index.ts',
};

// ESM + CJS + .d.ts per public entry point. Component CSS imported by the components is extracted into
// dist/index.css (exported as forgekit/styles.css); scripts/postbuild.mjs copies tokens.css, icons.svg
// and the emoji data.
export default defineConfig([
  {
    entry: { ...publicEntries, ...modules },
    format: ['esm', 'cjs'],
    dts: { entry: publicEntries },
    sourcemap: true,
    clean: true,
    splitting: true,
    target: 'es2022',
    // KaTeX's stylesheet stays an import of the katex package (a dependency), resolved by the
    // app's bundler when math first renders, fonts and all.
    external: ['react', 'react-dom', 'react/jsx-runtime', 'katex/dist/katex.min.css'],
  },
]);
