/**
 * Product pages benchmark (`npm run bench:pages`; not part of `npm test`), against the budgets of
 * the pages issue. Needs the pages' browser build (`npm run build -w app`).
 *
 * 1. Initial JavaScript per page: the client entry and the page's module with everything they
 *    import statically, minified (the build) and gzipped at level 9, from the build manifest.
 *    Budget: 150 KB per page.
 * 2. With `BENCH_URL` (a running product with the demo data, e.g. `http://127.0.0.1:3000`), in
 *    headless Chromium: the server's document time (p50 of `BENCH_RUNS` plain GETs after one
 *    warm-up view), Largest Contentful Paint and Cumulative Layout Shift of a few pages, among
 *    them a 1,000-entry directory (the bench creates `amara/bench-tree-1000` once, signed in as
 *    the demo user amara). Budgets: server render of the project overview and of the 1,000-entry
 *    tree under 50 ms p50, LCP under 1 s, CLS under 0.02.
 */
import { chromium } from 'playwright';
import { DEMO_PASSWORD } from '../app/server/seed/demo.ts';
import { CHROMIUM_ARGS, VIEWPORT, chromiumPath } from '../scripts/chromium.ts';
import { INITIAL_JS_BUDGET_KB, initialJavaScript } from './initialJs.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MEDIAN = 0.5;
const KB = 1024;
/** The directory the tree budget is about: 1,000 entries. */
const TREE_ENTRIES = 1000;
const TREE_PROJECT = 'bench-tree-1000';
const TREE_OWNER = 'amara';
/** Pages measured in the browser: GitLab's URLs on the demo data. */
const PAGES = [
  ['explore:projects:index', 'explore/projects'],
  ['projects:show', 'atlas/router'],
  ['projects:tree:show', 'forgekit/forgekit-ui/-/tree/main'],
  [`projects:tree:show (${TREE_ENTRIES} entries)`, `${TREE_OWNER}/${TREE_PROJECT}/-/tree/main/files`],
  ['projects:blob:show', 'atlas/router/-/blob/main/README.md'],
  ['users:show', 'amara'],
];

console.log(`| page module | initial JS (KB, min+gzip) | within ${INITIAL_JS_BUDGET_KB} KB |`);
console.log('| --- | ---: | :---: |');
for (const { page, kb } of initialJavaScript()) {
  console.log(`| ${page} | ${kb.toFixed(1)} | ${kb <= INITIAL_JS_BUDGET_KB ? 'yes' : '**no**'} |`);
}

/** Creates the public project with a `files/` directory of `TREE_ENTRIES` files, unless it exists. */
async function ensureLargeTree(browser, base) {
  const project = `${TREE_OWNER}%2F${TREE_PROJECT}`;
  if ((await fetch(`${base}/api/v4/projects/${project}`)).ok) return;
  const page = await browser.newPage();
  await page.goto(`${base}/users/sign_in`);
  await page.getByLabel('Username or primary email').fill(TREE_OWNER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/users/sign_in'));
  const status = await page.evaluate(
    async ({ name, entries }) => {
      const headers = {
        'content-type': 'application/json',
        'x-csrf-token': document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '',
      };
      const root = window.gon.relative_url_root;
      const created = await fetch(`${root}/api/v4/projects`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, path: name, visibility: 'public', initialize_with_readme: true }),
      });
      const { id } = await created.json();
      const actions = Array.from({ length: entries }, (_, index) => ({
        action: 'create',
        file_path: `files/file-${String(index).padStart(4, '0')}.txt`,
        content: `${index}\n`,
      }));
      const commit = await fetch(`${root}/api/v4/projects/${id}/repository/commits`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ branch: 'main', commit_message: `Add ${entries} files`, actions }),
      });
      return commit.status;
    },
    { name: TREE_PROJECT, entries: TREE_ENTRIES },
  );
  await page.close();
  if (status !== 201) throw new Error(`could not create the ${TREE_ENTRIES}-entry tree: ${status}`);
}

const base = process.env.BENCH_URL?.replace(/\/$/, '');
if (base) {
  const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  await ensureLargeTree(browser, base);
  console.log('\n| page | server document p50 (ms) | document (KB) | LCP (ms) | CLS |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [pageId, path] of PAGES) {
    const url = `${base}/${path}`;
    // One view first: what the server caches (rendered README, repository answers) is then warm.
    // The document's size: the markup and the page's hydration data (what a loader returns is both).
    const documentKb = (await (await fetch(url)).text()).length / KB;
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
    console.log(
      `| ${pageId} | ${quantile(times, MEDIAN).toFixed(0)} | ${documentKb.toFixed(0)} | ${lcp.toFixed(0)} | ${cls.toFixed(3)} |`,
    );
  }
  await browser.close();
}
