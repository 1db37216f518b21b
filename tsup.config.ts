import { defineConfig } from 'tsup';

// ESM + CJS + .d.ts per entry point. Component CSS imported by the components is extracted into
// dist/index.css (exported as forgekit/styles.css); scripts/postbuild.mjs copies tokens.css and icons.svg.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    tokens: 'src/tokens/index.ts',
    emoji: 'src/emoji/index.ts',
    markdown: 'src/markdown/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  splitting: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
});
