/**
 * Issue page benchmark (`node --import tsx bench/issuePage.bench.mjs`; not part of `npm test`):
 * `projects:issues:show` on the demo's 500-note issue (or `BENCH_ISSUE`, a path below the root), as
 * the product serves it (the first 30 threads rendered on the server, the rest read after
 * hydration, 100 at a time). Needs the pages' browser build (`npm run build -w app`, with
 * `FORGEKIT_CLIENT_DIR` if the server reads one).
 *
 * 1. Initial JavaScript of the page module (`bench/initialJs.ts`) against the 150 KB budget.
 * 2. With `BENCH_URL` (a running product with the demo data), signed in as the demo user amara, in
 *    headless Chromium: the server's document time (p50 of `BENCH_RUNS` GETs after one warm-up),
 *    then per fresh view (medians of `BENCH_VIEWS`) the time to the first note visible, to the
 *    page's hydration and to each deferred region's hydration (when its controls answer; the
 *    regions' performance marks), and until every thread has been read; then the frame times while
 *    scrolling through the whole activity (p50, p95, longest), and the same scroll once more with
 *    every thread already in the page. The all-at-once anchor of the activity itself is the
 *    library's `bench/notes.bench.tsx` (`WorkItemNotes` paged against every thread at once).
 * 3. With `BENCH_BASELINE_URL` too (the same product and data from another build, e.g. before a
 *    change), the fresh views alternate between the two (interleaved, the order flipped every view,
 *    so the machine's load falls on both alike) and the table shows both with their ratio. The load
 *    average is printed at the start and the end: timings on a shared machine mean little without it.
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import { DEMO_PASSWORD } from '../app/server/seed/demo.ts';
import { DEMO_PROJECTS } from '../app/server/seed/demoData.ts';
import { WORK_ITEM_REGIONS } from '../app/src/pages/projects/issues/constants.ts';
import { hydratedMark } from '../app/src/pages/projects/issues/deferredRegion.tsx';
import { CHROMIUM_ARGS, VIEWPORT, chromiumPath } from '../scripts/chromium.ts';
import { INITIAL_JS_BUDGET_KB, initialJavaScript } from './initialJs.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 5);
const MEDIAN = 0.5;
const P95 = 0.95;
/** The page module measured, as `initialJavaScript()` names it. */
const PAGE_MODULE = 'projects/issues/show.tsx';
/** The demo's long discussion: the first issue of the first project (seed/demo.ts). */
const LONG_ISSUE = `${DEMO_PROJECTS[0].namespace}/${DEMO_PROJECTS[0].path}/-/issues/1`;
const ISSUE = process.env.BENCH_ISSUE?.replace(/^\//, '') ?? LONG_ISSUE;
const USER = 'amara';
/** Scrolling: pixels per animation frame, and the most frames one pass may take. */
const SCROLL_STEP_PX = 120;
const MAX_SCROLL_FRAMES = 2000;
/** Every thread is read when no request is pending for this long. */
const IDLE_MS = 500;
/** The regions' performance marks, by the row label they are shown under. */
const REGION_MARKS = Object.fromEntries(
  Object.entries(WORK_ITEM_REGIONS).map(([key, name]) => [`${key} region hydrated`, hydratedMark(name)]),
);

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];
const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

const initial = initialJavaScript().find((entry) => entry.page === PAGE_MODULE);
console.log(`| page module | initial JS (KB, min+gzip) | within ${INITIAL_JS_BUDGET_KB} KB |`);
console.log('| --- | ---: | :---: |');
console.log(`| ${PAGE_MODULE} | ${initial.kb.toFixed(1)} | ${initial.kb <= INITIAL_JS_BUDGET_KB ? 'yes' : '**no**'} |`);

/** Scrolls the document to its end one step per frame; the frame durations in ms. */
function scrollThrough(page) {
  return page.evaluate(
    ({ step, maxFrames }) =>
      new Promise((resolve) => {
        const frames = [];
        let last = performance.now();
        let count = 0;
        const tick = (now) => {
          frames.push(now - last);
          last = now;
          const end = document.scrollingElement.scrollHeight - innerHeight;
          if (scrollY >= end - 1 || ++count >= maxFrames) return resolve(frames.slice(1));
          scrollBy(0, step);
          requestAnimationFrame(tick);
        };
        scrollTo(0, 0);
        requestAnimationFrame(tick);
      }),
    { step: SCROLL_STEP_PX, maxFrames: MAX_SCROLL_FRAMES },
  );
}

/** A browser context signed in as `USER` on the product at `base`. */
async function signedIn(browser, base) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const signIn = await context.newPage();
  await signIn.goto(`${base}/users/sign_in`);
  await signIn.getByLabel('Username or primary email').fill(USER);
  await signIn.getByLabel('Password').fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.waitForURL((url) => !url.pathname.endsWith('/users/sign_in'));
  await signIn.close();
  return context;
}

/**
 * One fresh view of `url`: ms from the navigation's start to the first note on screen, hydration,
 * each region's hydration, and the last discussions request settled; `onLoaded` gets the page then.
 */
async function freshView(context, url, onLoaded) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const marks = {};
    window.__issueMarks = marks;
    const check = () => {
      if (!marks.firstNote && document.querySelector('[data-component="WorkItemNote"]'))
        requestAnimationFrame(() => (marks.firstNote ??= performance.now()));
      if (!marks.hydrated && document.documentElement.hasAttribute('data-hydrated')) marks.hydrated = performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  });
  let pending = 0;
  let requested = 0;
  let lastSettled = performance.now();
  page.on('request', (request) => {
    if (!request.url().includes('/api/graphql')) return;
    pending++;
    requested++;
  });
  const settle = (request) => {
    if (!request.url().includes('/api/graphql')) return;
    pending--;
    lastSettled = performance.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  const started = performance.now();
  await page.goto(url);
  await page.waitForFunction(
    (names) =>
      window.__issueMarks.firstNote &&
      window.__issueMarks.hydrated &&
      names.every((name) => performance.getEntriesByName(name, 'mark').length > 0),
    Object.values(REGION_MARKS),
  );
  while (pending > 0 || performance.now() - lastSettled < IDLE_MS) await page.waitForTimeout(IDLE_MS / 5);
  const times = await page.evaluate(
    (regions) => ({
      'first note visible': window.__issueMarks.firstNote,
      'page hydrated (`data-hydrated`)': window.__issueMarks.hydrated,
      ...Object.fromEntries(
        Object.entries(regions).map(([label, name]) => [
          label,
          performance.getEntriesByName(name, 'mark')[0].startTime,
        ]),
      ),
    }),
    REGION_MARKS,
  );
  // A short activity comes whole with the page: nothing is read after it.
  if (requested > 0) times['every thread read'] = lastSettled - started;
  await onLoaded?.(page);
  await page.close();
  return times;
}

const base = process.env.BENCH_URL?.replace(/\/$/, '');
const baselineBase = process.env.BENCH_BASELINE_URL?.replace(/\/$/, '');
if (base) {
  console.log(`\nload average (1 / 5 / 15 min) at the start: ${load()}`);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const variants = [{ name: 'candidate', base }];
  if (baselineBase) variants.push({ name: 'baseline', base: baselineBase });
  for (const variant of variants) {
    variant.context = await signedIn(browser, variant.base);
    variant.url = `${variant.base}/${ISSUE}`;
    variant.views = [];
  }
  const [candidate] = variants;

  // 1. The server's document, with the session (the visitor's rights decide what is rendered).
  await (await candidate.context.request.get(candidate.url)).text();
  const documentTimes = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const response = await candidate.context.request.get(candidate.url);
    await response.text();
    documentTimes.push(performance.now() - started);
    if (!response.ok()) throw new Error(`${candidate.url}: ${response.status()}`);
  }

  // 2. Fresh views, from the navigation's start; with a baseline, interleaved and the order flipped each time.
  let scrollPaged = [];
  let scrollAll = [];
  for (let view = 0; view < VIEWS; view++) {
    const order = view % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      const scroll =
        view === 0 && variant === candidate
          ? async (page) => {
              // Scrolling through the activity as it is first read, then again with every thread rendered.
              scrollPaged = await scrollThrough(page);
              scrollAll = await scrollThrough(page);
            }
          : undefined;
      variant.views.push(await freshView(variant.context, variant.url, scroll));
    }
  }
  const html = await (await candidate.context.request.get(candidate.url)).text();
  const notes = html.split('data-component="WorkItemNote"').length - 1;
  await browser.close();

  console.log(`load average at the end: ${load()}`);
  console.log(`\n${ISSUE} (${notes} notes in the server's document, as ${USER})\n`);
  const columns = baselineBase ? ' candidate | baseline | candidate / baseline |' : ' value |';
  console.log(`| metric |${columns}`);
  console.log(`| --- |${baselineBase ? ' ---: | ---: | ---: |' : ' ---: |'}`);
  console.log(`| server document, p50 of ${RUNS} | ${ms(quantile(documentTimes, MEDIAN))} |`);
  for (const metric of Object.keys(candidate.views[0])) {
    if (variants.some((variant) => variant.views.some((times) => times[metric] === undefined))) continue;
    const [mine, theirs] = variants.map((variant) =>
      quantile(
        variant.views.map((times) => times[metric]),
        MEDIAN,
      ),
    );
    const cells = baselineBase ? `${ms(mine)} | ${ms(theirs)} | ${(mine / theirs).toFixed(2)}` : ms(mine);
    console.log(`| ${metric}, median of ${VIEWS} | ${cells} |`);
  }
  for (const [label, frames] of [
    ['scroll, first pass (threads rendered as reached)', scrollPaged],
    ['scroll, second pass (every thread rendered)', scrollAll],
  ]) {
    console.log(
      `| ${label}: frame p50 / p95 / longest (${frames.length} frames) | ` +
        `${quantile(frames, MEDIAN).toFixed(1)} / ${quantile(frames, P95).toFixed(1)} / ${Math.max(...frames).toFixed(0)} ms |`,
    );
  }
}
