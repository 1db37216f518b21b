// Work item notes (issue 15: "Long threads render incrementally so a 1,000-note issue stays
// responsive"): `<WorkItemNotes>` with a 500-note activity, incremental (candidate: 20 threads at
// first, the rest 5 per idle period, 20 at once when the end nears) against the same component
// rendering every thread at once (anchor: `initialCount` = all threads), in the same run,
// interleaved, in Chromium. The notes' HTML is drawn as sanitised (`isHtmlSanitized`), as the
// product's issue page does.
//
// - Server render: `renderToString` of the whole activity (react-dom/server's browser build; the
//   CPU time in Node, production build, is bench/notesServerRender.bench.mjs).
// - First note visible: a client render into an empty page, from `createRoot().render` to the end of
//   the first frame that shows the first note (a requestAnimationFrame, then a macrotask).
// - Hydration: the server HTML in the page, from `hydrateRoot` to the commit of the hydrated tree
//   (a probe's effect after the activity), plus the frame that follows.
// - Scrolling: right after the first note shows, the page scrolled by 120 px per frame from the top
//   for 150 frames, SCROLL_ROUNDS times each, interleaved; frame times (requestAnimationFrame
//   deltas) pooled: median, p95 and the longest. The incremental list renders the rest during this
//   scroll; the anchor still runs the effects of its 344 threads. The floor: the same scroll once
//   through a complete list left idle (what the machine's load alone costs).
// Samples are medians unless named otherwise. React runs in its development build here.
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WorkItemNotes, type WorkItemDiscussion } from '../src/markdown/WorkItemNotes';
import { removeStorage } from '../src/utils/storage';
import { NOTES_FILTER_STORAGE_KEY, NOTES_SORT_STORAGE_KEY } from '../src/utils/workItems';
import { longDiscussions, NOTES_CURRENT_USER } from '../stories/markdown/workItemNotesData';
import { measure, report, type Measurement } from './support';

const NOTE_COUNT = 500;
const ROUNDS = 5;
const SCROLL_STEP_PX = 120;
const SCROLL_FRAMES = 150;
const SCROLL_ROUNDS = 5;
/** The list counts as settled when nothing in it changed for this long. */
const SETTLED_AFTER_MS = 1000;
const DISCUSSIONS = longDiscussions(NOTE_COUNT);

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  removeStorage('local', NOTES_FILTER_STORAGE_KEY);
  removeStorage('local', NOTES_SORT_STORAGE_KEY);
});
afterAll(() => document.body.replaceChildren());

const noop = async () => {};
/** Resolves after the next frame has been produced. */
const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

function Probe({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

function activity(discussions: readonly WorkItemDiscussion[], all: boolean, onCommit: () => void = () => {}) {
  return (
    <>
      <WorkItemNotes
        discussions={discussions}
        currentUser={NOTES_CURRENT_USER}
        canCreateNote
        onAddNote={noop}
        onToggleAward={noop}
        isHtmlSanitized
        initialCount={all ? discussions.length : undefined}
      />
      <Probe onCommit={onCommit} />
    </>
  );
}

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot> | null = null;
function freshContainer() {
  root?.unmount();
  root = null;
  container?.remove();
  window.scrollTo(0, 0);
  container = document.createElement('div');
  container.style.maxWidth = '760px';
  document.body.append(container);
}

const firstNote = () => container.querySelector('[data-component="WorkItemNote"]');

async function timeFirstNote(all: boolean): Promise<number> {
  freshContainer();
  const start = performance.now();
  root = createRoot(container);
  root.render(activity(DISCUSSIONS, all));
  while (!firstNote()) await new Promise((resolve) => setTimeout(resolve));
  await afterFrame();
  return performance.now() - start;
}

async function timeHydration(html: string, all: boolean): Promise<number> {
  freshContainer();
  container.innerHTML = html;
  let committed!: () => void;
  const done = new Promise<void>((resolve) => (committed = resolve));
  const start = performance.now();
  root = hydrateRoot(
    container,
    activity(DISCUSSIONS, all, () => committed()),
  );
  await done;
  await afterFrame();
  return performance.now() - start;
}

const threadsInPage = () => container.querySelectorAll('.fk-work-item-notes__list > li').length;

/** Renders the activity and waits for its first note on screen. */
async function renderForScroll(all: boolean): Promise<void> {
  freshContainer();
  root = createRoot(container);
  root.render(activity(DISCUSSIONS, all));
  while (!firstNote()) await new Promise((resolve) => setTimeout(resolve));
  await afterFrame();
}

/** Waits until every thread is in the page and nothing has changed in it for a while. */
async function settle(): Promise<void> {
  let last = '';
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, SETTLED_AFTER_MS));
    const now = `${threadsInPage()}:${container.innerHTML.length}`;
    if (threadsInPage() === DISCUSSIONS.length && now === last) return;
    last = now;
  }
}

/** Scrolls the page from the top by SCROLL_STEP_PX per frame for SCROLL_FRAMES frames; the frame times. */
async function scrollFrames(): Promise<number[]> {
  window.scrollTo(0, 0);
  const frames: number[] = [];
  await new Promise<void>((resolve) => {
    let last = performance.now();
    let frame = 0;
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      window.scrollBy(0, SCROLL_STEP_PX);
      frame += 1;
      if (frame < SCROLL_FRAMES) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(step);
    });
  });
  return frames;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]) => percentile(values, 50);
const asMeasurement = (name: string, samplesMs: number[]): Measurement => ({
  name,
  medianMs: median(samplesMs),
  samplesMs,
});

it(`renders a ${NOTE_COUNT}-note activity incrementally, against all at once`, async () => {
  const serverIncremental = await measure('server render, incremental', () =>
    renderToString(activity(DISCUSSIONS, false)),
  );
  const serverAll = await measure('server render, all', () => renderToString(activity(DISCUSSIONS, true)));
  const htmlIncremental = renderToString(activity(DISCUSSIONS, false));
  const htmlAll = renderToString(activity(DISCUSSIONS, true));

  const first: Record<'incremental' | 'all', number[]> = { incremental: [], all: [] };
  const hydration: Record<'incremental' | 'all', number[]> = { incremental: [], all: [] };
  const scroll: Record<'incremental' | 'all' | 'floor', number[]> = { incremental: [], all: [], floor: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    first.incremental.push(await timeFirstNote(false));
    first.all.push(await timeFirstNote(true));
    hydration.incremental.push(await timeHydration(htmlIncremental, false));
    hydration.all.push(await timeHydration(htmlAll, true));
  }
  // Scrolling right after the first note shows, interleaved; then the floor: the same scroll
  // through a list that is complete and idle (what the machine's load alone costs).
  let grownTo = 0;
  for (let round = 0; round < SCROLL_ROUNDS; round += 1) {
    await renderForScroll(false);
    scroll.incremental.push(...(await scrollFrames()));
    grownTo = threadsInPage();
    await renderForScroll(true);
    scroll.all.push(...(await scrollFrames()));
  }
  await settle();
  scroll.floor = await scrollFrames();
  freshContainer();

  expect(htmlIncremental.length).toBeLessThan(htmlAll.length);
  await report('notes', [
    { metric: 'server HTML size', candidate: htmlIncremental.length, anchor: htmlAll.length, unit: 'chars' },
    { metric: 'server render (renderToString)', candidate: serverIncremental, anchor: serverAll },
    {
      metric: 'first note visible',
      candidate: asMeasurement('incremental', first.incremental),
      anchor: asMeasurement('all', first.all),
    },
    {
      metric: 'hydration',
      candidate: asMeasurement('incremental', hydration.incremental),
      anchor: asMeasurement('all', hydration.all),
    },
    { metric: 'scroll frame median', candidate: median(scroll.incremental), anchor: median(scroll.all) },
    { metric: 'scroll frame p95', candidate: percentile(scroll.incremental, 95), anchor: percentile(scroll.all, 95) },
    { metric: 'scroll frame longest', candidate: Math.max(...scroll.incremental), anchor: Math.max(...scroll.all) },
    {
      metric: 'scroll frame p95: complete, idle list (floor) vs all at once',
      candidate: percentile(scroll.floor, 95),
      anchor: percentile(scroll.all, 95),
    },
    {
      metric: 'scroll frame longest: floor vs all at once',
      candidate: Math.max(...scroll.floor),
      anchor: Math.max(...scroll.all),
    },
    { metric: 'threads rendered after the scroll', candidate: grownTo, anchor: DISCUSSIONS.length, unit: 'threads' },
  ]);
});
