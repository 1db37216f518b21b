/**
 * Issue page benchmark (`node --import tsx bench/issuePage.bench.mjs`; not part of `npm test`):
 * `projects:issues:show` on the demo's 500-note issue, as the product serves it (the first 30
 * threads rendered on the server, the rest read after hydration, 100 at a time). Needs the pages'
 * browser build (`npm run build -w app`, with `FORGEKIT_CLIENT_DIR` if the server reads one).
 *
 * 1. Initial JavaScript of the page module (`bench/initialJs.ts`) against the 150 KB budget.
 * 2. With `BENCH_URL` (a running product with the demo data), signed in as the demo user amara, in
 *    headless Chromium: the server's document time (p50 of `BENCH_RUNS` GETs after one warm-up),
 *    time to the first note visible and to hydration (medians of `BENCH_VIEWS` fresh views), the
 *    time until every thread has been read, and the frame times while scrolling through the whole
 *    activity (p50, p95, longest), then the same scroll once more with every thread already in
 *    the page. The all-at-once anchor of the activity itself is the library's
 *    `bench/notes.bench.tsx` (`WorkItemNotes` paged against every thread at once), run beside it.
 */
import { chromium } from 'playwright';
import { DEMO_PASSWORD } from '../app/server/seed/demo.ts';
import { DEMO_PROJECTS } from '../app/server/seed/demoData.ts';
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
const USER = 'amara';
/** Scrolling: pixels per animation frame, and the most frames one pass may take. */
const SCROLL_STEP_PX = 120;
const MAX_SCROLL_FRAMES = 2000;
/** Every thread is read when no request is pending for this long. */
const IDLE_MS = 500;

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];
const ms = (value) => `${value.toFixed(0)} ms`;

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

const base = process.env.BENCH_URL?.replace(/\/$/, '');
if (base) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: VIEWPORT });
  const signIn = await context.newPage();
  await signIn.goto(`${base}/users/sign_in`);
  await signIn.getByLabel('Username or primary email').fill(USER);
  await signIn.getByLabel('Password').fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.waitForURL((url) => !url.pathname.endsWith('/users/sign_in'));
  await signIn.close();
  const url = `${base}/${LONG_ISSUE}`;

  // 1. The server's document, with the session (the visitor's rights decide what is rendered).
  await (await context.request.get(url)).text();
  const documentTimes = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const response = await context.request.get(url);
    await response.text();
    documentTimes.push(performance.now() - started);
    if (!response.ok()) throw new Error(`${url}: ${response.status()}`);
  }

  // 2. Fresh views: first note on screen and hydration, from the navigation's start.
  const firstNote = [];
  const hydrated = [];
  const allRead = [];
  let scrollPaged = [];
  let scrollAll = [];
  for (let view = 0; view < VIEWS; view++) {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const marks = {};
      window.__issueMarks = marks;
      const check = () => {
        if (!marks.firstNote && document.querySelector('[data-component="WorkItemNote"]'))
          requestAnimationFrame(() => (marks.firstNote ??= performance.now()));
        if (!marks.hydrated && document.documentElement.hasAttribute('data-hydrated'))
          marks.hydrated = performance.now();
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
    });
    let pending = 0;
    let lastSettled = performance.now();
    page.on('request', (request) => request.url().includes('/api/graphql') && pending++);
    const settle = (request) => {
      if (!request.url().includes('/api/graphql')) return;
      pending--;
      lastSettled = performance.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    const started = performance.now();
    await page.goto(url);
    await page.waitForFunction(() => window.__issueMarks.firstNote && window.__issueMarks.hydrated);
    while (pending > 0 || performance.now() - lastSettled < IDLE_MS) await page.waitForTimeout(IDLE_MS / 5);
    allRead.push(lastSettled - started);
    const marks = await page.evaluate(() => window.__issueMarks);
    firstNote.push(marks.firstNote);
    hydrated.push(marks.hydrated);
    if (view === 0) {
      // Scrolling through the activity as it is first read, then again with every thread rendered.
      scrollPaged = await scrollThrough(page);
      scrollAll = await scrollThrough(page);
    }
    await page.close();
  }
  const html = await (await context.request.get(url)).text();
  const notes = html.split('data-component="WorkItemNote"').length - 1;
  await browser.close();

  console.log(`\n${LONG_ISSUE} (${notes} notes in the server's document, as ${USER})\n`);
  console.log('| metric | value |');
  console.log('| --- | ---: |');
  console.log(`| server document, p50 of ${RUNS} | ${ms(quantile(documentTimes, MEDIAN))} |`);
  console.log(`| first note visible, median of ${VIEWS} | ${ms(quantile(firstNote, MEDIAN))} |`);
  console.log(`| hydrated, median of ${VIEWS} | ${ms(quantile(hydrated, MEDIAN))} |`);
  console.log(`| every thread read, median of ${VIEWS} | ${ms(quantile(allRead, MEDIAN))} |`);
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
