/**
 * Product pages benchmark (`npm run bench:pages`; not part of `npm test`), against the budgets of
 * the pages issue. Needs the pages' browser build (`npm run build -w app`).
 *
 * 1. Initial JavaScript per page: the client entry and the page's module with everything they
 *    import statically, minified (the build) and gzipped at level 9, from the build manifest.
 *    Budget: 150 KB per page.
 * 2. With `BENCH_URL` (a running product with the demo data, e.g. `http://127.0.0.1:3000`), in
 *    headless Chromium: the server's document time (p50 of `BENCH_RUNS` plain GETs), Largest
 *    Contentful Paint and Cumulative Layout Shift of a few pages. Budgets: server render of the
 *    project overview under 50 ms p50, LCP under 1 s, CLS under 0.02.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, VIEWPORT, chromiumPath } from '../scripts/chromium.ts';

const CLIENT_DIR = process.env.FORGEKIT_CLIENT_DIR ?? join(import.meta.dirname, '../app/dist/client');
const ENTRY = 'src/entry.client.tsx';
const BUDGET_KB = 150;
const KB = 1024;
const GZIP_LEVEL = 9;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MEDIAN = 0.5;
/** Pages measured in the browser: GitLab's URLs on the demo data. */
const PAGES = [
  ['explore:projects:index', 'explore/projects'],
  ['projects:show', 'atlas/router'],
  ['projects:tree:show', 'forgekit/forgekit-ui/-/tree/main'],
  ['projects:blob:show', 'atlas/router/-/blob/main/README.md'],
  ['users:show', 'amara'],
];

const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, '.vite/manifest.json'), 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: GZIP_LEVEL }).length;

/** The files a page loads before it can hydrate: its chunk, the entry, and their static imports. */
function initialFiles(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) initialFiles(imported, files);
  return files;
}

console.log(`| page module | initial JS (KB, min+gzip) | within ${BUDGET_KB} KB |`);
console.log('| --- | ---: | :---: |');
const pageKeys = Object.keys(manifest)
  .filter((key) => key.startsWith('src/pages/') && manifest[key].isDynamicEntry)
  .sort();
for (const key of pageKeys) {
  const files = initialFiles(key, initialFiles(ENTRY));
  const kb = [...files].reduce((sum, file) => sum + gzipSize(file), 0) / KB;
  console.log(`| ${key.replace('src/pages/', '')} | ${kb.toFixed(1)} | ${kb <= BUDGET_KB ? 'yes' : '**no**'} |`);
}

const base = process.env.BENCH_URL;
if (base) {
  const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  console.log('\n| page | server document p50 (ms) | LCP (ms) | CLS |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [pageId, path] of PAGES) {
    const url = `${base.replace(/\/$/, '')}/${path}`;
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await (await fetch(url)).text();
      times.push(performance.now() - started);
    }
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.addInitScript(() => {
      const seen = { lcp: 0, cls: 0 };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      window.__vitals = seen;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const { lcp, cls } = await page.evaluate(() => window.__vitals);
    await page.close();
    console.log(`| ${pageId} | ${quantile(times, MEDIAN).toFixed(0)} | ${lcp.toFixed(0)} | ${cls.toFixed(3)} |`);
  }
  await browser.close();
}
