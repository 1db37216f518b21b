import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One output module per component, hook set and utility set (shared code in chunks), so that with
// `sideEffects: ["*.css"]` a bundler drops every module an app does not import: `import { Avatar }`
// costs Avatar, not the whole package. dist/index.js only re-exports.
const components = Object.fromEntries(
  readdirSync('src/components', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [`components/${entry.name}`, `src/components/${entry.name}/index.ts`]),
);

const publicEntries = {
  index: 'src/index.ts',
  tokens: 'src/tokens/index.ts',
  emoji: 'src/emoji/index.ts',
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
    entry: { ...publicEntries, ...components },
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
