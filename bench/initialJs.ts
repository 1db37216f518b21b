/**
 * Initial JavaScript of each product page, from the pages' build manifest (`npm run build -w app`):
 * the client entry and the page's module with every chunk they import statically (what the
 * browser loads before the page can hydrate; dynamic imports are left out), minified by the build
 * and gzipped at level 9. Shared by `npm run bench:pages` and the pages' budget test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of the pages issue: initial JavaScript per page, KB min+gzip. */
export const INITIAL_JS_BUDGET_KB = 150;
/** Where the browser build is (`FORGEKIT_CLIENT_DIR`, else app/dist/client, as the server reads it). */
export const CLIENT_DIR = process.env.FORGEKIT_CLIENT_DIR ?? join(import.meta.dirname, '../app/dist/client');

const ENTRY = 'src/entry.client.tsx';
const PAGES = 'src/pages/';
/** The bare `/{path}` page: it loads the project, group or user view it found before hydrating. */
const VIEW_LOADER = 'src/pages/namespaces/show.tsx';
const KB = 1024;
const GZIP_LEVEL = 9;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}

/** Each page module (`projects/tree/show.tsx`) with its initial JavaScript in KB, sorted by module. */
export function initialJavaScript(clientDir: string = CLIENT_DIR): { page: string; kb: number }[] {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined)
      sizes.set(file, (size = gzipSync(readFileSync(join(clientDir, file)), { level: GZIP_LEVEL }).length));
    return size;
  };
  const visit = (key: string, files: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, files);
    return files;
  };
  // Page modules: what the route tables load (dynamic imports of the entry's chunk or of the chunks
  // it imports: the build may put the tables in a chunk of their own) and the views the bare path's
  // page loads before hydrating. Other modules under pages/ that a page imports on demand (deferred
  // regions, modals, editors) load after hydration: no page's initial JavaScript.
  const initialChunks: string[] = [];
  const chunksOf = (key: string) => {
    if (!manifest[key] || initialChunks.includes(key)) return;
    initialChunks.push(key);
    for (const imported of manifest[key].imports ?? []) chunksOf(imported);
  };
  chunksOf(ENTRY);
  const pages = [
    ...new Set(
      [...initialChunks, VIEW_LOADER]
        .flatMap((key) => manifest[key]?.dynamicImports ?? [])
        .filter((key) => key.startsWith(PAGES) && manifest[key]?.isDynamicEntry),
    ),
  ];
  // A page module that another page loads (the bare `/{path}` page loads the project, group or
  // user view it found) counts with that page's own JavaScript.
  const loadersOf = (key: string) => pages.filter((page) => manifest[page]!.dynamicImports?.includes(key));
  return pages.sort().map((key) => {
    const files = visit(key, visit(ENTRY, new Set()));
    for (const loader of loadersOf(key)) visit(loader, files);
    const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    return { page: key.slice(PAGES.length), kb: bytes / KB };
  });
}
