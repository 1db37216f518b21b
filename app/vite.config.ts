// The browser build of the product pages: one entry (hydration) and one chunk per page module,
// with a manifest the server reads to preload a page's own JavaScript and CSS. Asset URLs are
// relative (`base: './'`), so the same build serves under any relative URL root.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: {
    // FORGEKIT_CLIENT_DIR: another folder, for a second build beside this one (the server reads the same variable).
    outDir: process.env.FORGEKIT_CLIENT_DIR ?? 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: { input: 'src/entry.client.tsx' },
  },
});
