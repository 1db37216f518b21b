// 1,000 LazyImages (candidate) against 1,000 eager <img> elements (anchor), same size, same
// generated data: URI SVG images (each distinct, so the cache cannot share them; no network), in
// the same grid, measured interleaved in the same run.
//
// - Initial load: mount the grid and wait until every image that is going to load has loaded and
//   a frame has been drawn (eager: all 1,000; lazy: those within 500 px of the viewport).
// - Scroll through: from the top of the grid to its bottom one viewport at a time; each step waits
//   for a frame and, for lazy images, until the images it brought near have loaded (what the user
//   sees), so the lazy candidate pays for its deferred loading here.
// Besides wall time, Chrome's own counters (CDP Performance.getMetrics) give the main-thread work:
// TaskDuration (all tasks: script, style, layout, paint), LayoutDuration and the image loads.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { LazyImage } from '../src/components/LazyImage';
import { measure, report, type Measurement } from './support';

// Testing Library (loaded by the shared setup) marks this an act() environment in its beforeAll,
// where React warns on every update outside act() (and the warnings, sent to the terminal, would be
// most of the cost measured): a benchmark measures React as a page runs it, without that.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const COUNT = 1000;
const SAMPLES = 5;
const WIDTH = 160;
const HEIGHT = 90;

/** Distinct generated images: a coloured card with its number. */
const IMAGES = Array.from({ length: COUNT }, (_, i) => {
  const hue = (i * 137) % 360;
  return `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * 2}" height="${HEIGHT * 2}">` +
      `<rect width="100%" height="100%" fill="hsl(${hue} 60% 85%)"/>` +
      `<circle cx="${WIDTH}" cy="${HEIGHT}" r="${HEIGHT / 2}" fill="hsl(${hue} 60% 40%)"/>` +
      `<text x="16" y="40" font-size="28" font-family="sans-serif">${i}</text></svg>`,
  )}`;
});

const grid = { display: 'flex', flexWrap: 'wrap', gap: 8, width: 5 * WIDTH + 4 * 8 } as const;

function LazyGrid() {
  return (
    <div style={grid}>
      {IMAGES.map((src, i) => (
        <LazyImage key={i} src={src} alt={`Card ${i}`} width={WIDTH} height={HEIGHT} />
      ))}
    </div>
  );
}

function EagerGrid() {
  return (
    <div style={grid}>
      {IMAGES.map((src, i) => (
        <img
          key={i}
          src={src}
          alt={`Card ${i}`}
          width={WIDTH}
          height={HEIGHT}
          className="fk-lazy-image"
          data-state="loaded"
        />
      ))}
    </div>
  );
}

let root: Root | undefined;
let host: HTMLElement | undefined;

function unmount() {
  flushSync(() => root?.unmount());
  host?.remove();
  root = undefined;
  window.scrollTo(0, 0);
}

afterEach(() => {
  if (root) unmount();
});

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * Until no image is waiting for its data: every eager image complete, no lazy image in `loading`.
 * Two frames first: IntersectionObserver reports after a rendering update, then React renders the
 * images it brought near.
 */
async function settled() {
  await nextFrame();
  for (;;) {
    await nextFrame();
    const images = [...(host?.querySelectorAll('img') ?? [])];
    if (images.every((img) => img.dataset.state !== 'loading' && (img.dataset.state !== 'loaded' || img.complete))) {
      return;
    }
  }
}

function mount(Grid: () => React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  flushSync(() => root?.render(<Grid />));
}

async function scrollThrough() {
  const bottom = document.documentElement.scrollHeight - window.innerHeight;
  for (let y = 0; y <= bottom; y += window.innerHeight) {
    window.scrollTo(0, y);
    await settled();
  }
  window.scrollTo(0, bottom);
  await settled();
}

const loadedCount = () => host?.querySelectorAll('img[data-state="loaded"]').length ?? 0;

interface Work {
  taskMs: number;
  layoutMs: number;
  layouts: number;
}

const session = cdp();
async function counters(): Promise<Work> {
  const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { taskMs: get('TaskDuration') * 1000, layoutMs: get('LayoutDuration') * 1000, layouts: get('LayoutCount') };
}

/** Wall time of `run` and the browser's work during it, median over the samples. */
async function sample(name: string, run: () => Promise<void>, before?: () => Promise<void>, after?: () => void) {
  const work: Work[] = [];
  let start: Work | undefined;
  const wall = await measure(
    name,
    async () => {
      start = await counters();
      await run();
      const end = await counters();
      work.push({
        taskMs: end.taskMs - start.taskMs,
        layoutMs: end.layoutMs - start.layoutMs,
        layouts: end.layouts - start.layouts,
      });
    },
    { samples: 1, setup: before, teardown: after },
  );
  return { wall, work: work[0]! };
}

function median(name: string, values: number[]): Measurement {
  const sorted = [...values].sort((a, b) => a - b);
  return { name, medianMs: sorted[Math.floor(sorted.length / 2)]!, samplesMs: values };
}

it(`${COUNT} LazyImages against ${COUNT} eager images`, async () => {
  await session.send('Performance.enable');
  const results = {
    lazy: {
      load: [] as number[],
      loadTask: [] as number[],
      scroll: [] as number[],
      scrollTask: [] as number[],
      scrollLayout: [] as number[],
      loaded: 0,
    },
    eager: {
      load: [] as number[],
      loadTask: [] as number[],
      scroll: [] as number[],
      scrollTask: [] as number[],
      scrollLayout: [] as number[],
      loaded: 0,
    },
  };

  for (let i = 0; i < SAMPLES; i++) {
    // Interleaved: candidate then anchor in every round, so drift in the machine hits both.
    for (const [kind, Grid] of [
      ['lazy', LazyGrid],
      ['eager', EagerGrid],
    ] as const) {
      const load = await sample(`${kind} initial load`, async () => {
        mount(Grid);
        await settled();
      });
      results[kind].load.push(load.wall.medianMs);
      results[kind].loadTask.push(load.work.taskMs);
      results[kind].loaded = loadedCount();

      const scroll = await sample(`${kind} scroll through`, scrollThrough);
      results[kind].scroll.push(scroll.wall.medianMs);
      results[kind].scrollTask.push(scroll.work.taskMs);
      results[kind].scrollLayout.push(scroll.work.layoutMs);
      expect(loadedCount()).toBe(COUNT);
      unmount();
      await nextFrame();
    }
  }
  await session.send('Performance.disable');

  // The lazy grid loads only what is near the first viewport; the eager one, everything.
  expect(results.lazy.loaded).toBeLessThan(COUNT / 4);
  expect(results.eager.loaded).toBe(COUNT);

  const { lazy, eager } = results;
  await report('lazyimage', [
    { metric: 'images loaded at first', candidate: lazy.loaded, anchor: eager.loaded, unit: 'images' },
    {
      metric: 'initial load: wall time until settled',
      candidate: median('lazy', lazy.load),
      anchor: median('eager', eager.load),
    },
    {
      metric: 'initial load: main-thread task time',
      candidate: median('lazy', lazy.loadTask),
      anchor: median('eager', eager.loadTask),
    },
    {
      metric: 'scroll through: wall time',
      candidate: median('lazy', lazy.scroll),
      anchor: median('eager', eager.scroll),
    },
    {
      metric: 'scroll through: main-thread task time',
      candidate: median('lazy', lazy.scrollTask),
      anchor: median('eager', eager.scrollTask),
    },
    {
      metric: 'scroll through: layout time',
      candidate: median('lazy', lazy.scrollLayout),
      anchor: median('eager', eager.scrollLayout),
    },
  ]);
});
