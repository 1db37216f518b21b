// The browser build of the product pages: one entry (hydration) and one chunk per page module,
// with a manifest the server reads to preload a page's own JavaScript and CSS. Asset URLs are
// relative (`base: './'`), so the same build serves under any relative URL root.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React Router's package resolves to its development build (warnings, invariant messages) under
// every export condition; only its own Vite plugin (framework mode) swaps in the production build.
const routerDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/** The name of the Markdown parser's chunk (its files are `assets/markdown-parser-<hash>.js`). */
export const MARKDOWN_PARSER_CHUNK = 'markdown-parser';

/**
 * markdown-it, its dependencies and plugins, and forgekit's parser modules: not the constants they
 * share with the enhancers, nor renderMarkdown and its sanitising in parts, which forgekit/markdown's
 * entry imports and which load the parser only when called (with them here, every page importing
 * forgekit/markdown, the user popovers too, loaded this chunk).
 */
const MARKDOWN_PARSER_MODULES =
  /node_modules\/(markdown-it|markdown-it-footnote|linkify-it|mdurl|uc\.micro|punycode\.js|entities)\/|markdown\/render\/(?!constants|types|renderMarkdown|fragments)\w+\.[jt]s$/;

/** The client entry: the one module the `base` group leaves out (see `groups`). */
const CLIENT_ENTRY = 'src/entry.client.tsx';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
    ],
  },
  build: {
    // FORGEKIT_CLIENT_DIR: another folder, for a second build beside this one (the server reads the same variable).
    outDir: process.env.FORGEKIT_CLIENT_DIR ?? 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: CLIENT_ENTRY,
      output: {
        codeSplitting: {
          // The Markdown parser (markdown-it and its plugins, about 50 KB min+gzip) in a chunk of its
          // own, loaded only by what imports it lazily (a task toggle, an optimistic note, a
          // loader rendering Markdown). Left to automatic splitting, the small constants the
          // enhancers share with the parser's plugins joined the parser's chunk, and every page
          // showing a comment form or notes loaded the parser with them.
          includeDependenciesRecursively: false,
          // LazyImage's loader, which the images enhancer shares with the designs widget, kept apart
          // for the same reason: in the enhancers' chunk it made every work item page load the
          // pipeline (about 13 KB) with its designs.
          groups: [
            { name: MARKDOWN_PARSER_CHUNK, test: MARKDOWN_PARSER_MODULES },
            { name: 'lazy-image-loader', test: /components\/LazyImage\/lazyLoader\.[jt]s$/ },
            // Every module the entry imports statically (`$initial`: React, the router, Apollo, the
            // document route, the shell's components) in one chunk: every page loads all of them
            // before it hydrates. Left to automatic splitting they were 35 files, as each also had
            // lazily loaded importers: 34 requests more per page and about 10 KB more min+gzip
            // (docs/benchmarks.md, "Test suite"). The entry module itself stays out: captured in the
            // group, its code (the hydration) did not run.
            { name: 'base', tags: ['$initial'], test: (id: string) => !id.endsWith(CLIENT_ENTRY) },
          ],
        },
      },
    },
  },
});
