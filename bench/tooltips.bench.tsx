// 5,000 tooltip targets: the delegated manager (candidate, `initTooltips()` over server-rendered
// `.has-tooltip` markup) against eager React tooltips (anchor, one `<Tooltip>` per element, 5,000
// wrappers rendered by React), measured interleaved in the same run.
//
// - Setup time: candidate `initTooltips()` over markup already in the page (per call, timed over
//   1,000 init + destroy cycles: one call is below the timer's resolution); anchor the React render
//   of 5,000 `<Tooltip><button/></Tooltip>`. Also against the anchor's net cost: that render minus
//   the render of 5,000 plain `<button>`s, i.e. what the Tooltip wrappers themselves cost.
// - Memory: JS heap after setup minus before, each after a forced garbage collection (Chrome's
//   HeapProfiler.collectGarbage and Performance.getMetrics over CDP; n/a if CDP is unavailable).
//   Also the number of event listeners added (Performance.getMetrics JSEventListeners).
// - Hover to visible: from the pointer events of a hover on one target to its tooltip in the DOM,
//   positioned and visible (show delay 0 through the local-storage override, so the machinery is
//   measured, not the delay); a different target every sample.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { Tooltip, TOOLTIP_DELAY_STORAGE_KEY } from '../src/components/Tooltip';
import { initTooltips } from '../src/components/Tooltip/tooltipManager';
import { removeStorage, writeStorage } from '../src/utils/storage';
import { measure, report, type Measurement } from './support';

// Testing Library (loaded by the shared setup) makes this an act() environment, where React warns on
// every update outside act(): a benchmark measures React as a page runs it.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  writeStorage('local', TOOLTIP_DELAY_STORAGE_KEY, 0);
});
afterAll(() => removeStorage('local', TOOLTIP_DELAY_STORAGE_KEY));

const COUNT = 5000;
const SAMPLES = 7;
const HOVER_SAMPLES = 15;
/** initTooltips takes less than the page's timer resolution (0.1 ms): time this many init + destroy cycles. */
const INIT_CYCLES = 1000;

const host = () => {
  const element = document.createElement('div');
  element.style.cssText = 'display:flex;flex-wrap:wrap;gap:4px;padding:80px;';
  document.body.append(element);
  return element;
};

/** The server's markup: 5,000 buttons with titles. */
function serverMarkup(container: HTMLElement) {
  container.innerHTML = Array.from(
    { length: COUNT },
    (_, i) => `<button type="button" class="has-tooltip" title="Tooltip ${i}">${i}</button>`,
  ).join('');
}

function EagerTooltips() {
  return Array.from({ length: COUNT }, (_, i) => (
    <Tooltip key={i} content={`Tooltip ${i}`}>
      <button type="button">{i}</button>
    </Tooltip>
  ));
}

function PlainButtons() {
  return Array.from({ length: COUNT }, (_, i) => (
    <button key={i} type="button">
      {i}
    </button>
  ));
}

// --- memory through CDP -----------------------------------------------------------------------
const session = (() => {
  try {
    return cdp();
  } catch {
    return undefined;
  }
})();

async function heap(): Promise<{ bytes: number; listeners: number } | undefined> {
  if (!session) return undefined;
  try {
    await session.send('HeapProfiler.collectGarbage');
    const { metrics } = (await session.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return { bytes: get('JSHeapUsedSize'), listeners: get('JSEventListeners') };
  } catch {
    return undefined;
  }
}

const median = (name: string, values: number[]): Measurement => {
  const sorted = [...values].sort((a, b) => a - b);
  return { name, medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, samplesMs: values };
};

// --- hover to visible -------------------------------------------------------------------------
/** Resolves once a tooltip is in the document and positioned (not `visibility: hidden`). */
function tooltipVisible(): Promise<void> {
  const shown = () => {
    const tooltip = document.querySelector<HTMLElement>('[role="tooltip"]');
    return tooltip !== null && tooltip.style.visibility !== 'hidden';
  };
  return new Promise((resolve) => {
    if (shown()) return resolve();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
  });
}

function tooltipGone(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (document.querySelector('[role="tooltip"]') ? requestAnimationFrame(check) : resolve());
    check();
  });
}

/** The events a mouse sends when it moves onto `target` (and, `leave`, off it). */
function pointerOver(target: Element) {
  document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
  target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
  target.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
}
function pointerOut(target: Element) {
  target.dispatchEvent(
    new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: document.body }),
  );
  target.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
}

async function hoverLatency(name: string, container: HTMLElement): Promise<Measurement> {
  const buttons = container.querySelectorAll('button');
  let index = 0;
  let target: Element | undefined;
  return measure(
    name,
    async () => {
      const visible = tooltipVisible();
      pointerOver(target!);
      await visible;
    },
    {
      samples: HOVER_SAMPLES,
      setup: () => {
        target = buttons[(index++ * 331) % COUNT];
      },
      teardown: async () => {
        pointerOut(target!);
        await tooltipGone();
      },
    },
  );
}

// --- the run ------------------------------------------------------------------------------------
it(`${COUNT} .has-tooltip targets: initTooltips against ${COUNT} React <Tooltip>s`, async () => {
  if (session) await session.send('Performance.enable').catch(() => {});
  const setup = { manager: [] as number[], eager: [] as number[], plain: [] as number[] };
  const memory = { manager: [] as number[], eager: [] as number[], plain: [] as number[] };
  const listeners = { manager: [] as number[], eager: [] as number[] };

  for (let round = 0; round < SAMPLES; round++) {
    // Candidate: markup first (the server's), then the manager.
    {
      const container = host();
      serverMarkup(container);
      const start = performance.now();
      for (let cycle = 0; cycle < INIT_CYCLES; cycle++) initTooltips().destroy();
      setup.manager.push((performance.now() - start) / INIT_CYCLES);
      const before = await heap();
      const manager = initTooltips();
      const after = await heap();
      if (before && after) {
        memory.manager.push(after.bytes - before.bytes);
        listeners.manager.push(after.listeners - before.listeners);
      }
      manager.destroy();
      container.remove();
    }
    // Anchor: React renders 5,000 Tooltip wrappers.
    for (const [kind, Tree] of [
      ['eager', EagerTooltips],
      ['plain', PlainButtons],
    ] as const) {
      const container = host();
      const before = await heap();
      const start = performance.now();
      const root: Root = createRoot(container);
      flushSync(() => root.render(<Tree />));
      setup[kind].push(performance.now() - start);
      const after = await heap();
      if (before && after) {
        memory[kind].push(after.bytes - before.bytes);
        if (kind === 'eager') listeners.eager.push(after.listeners - before.listeners);
      }
      flushSync(() => root.unmount());
      container.remove();
    }
  }

  // Hover to visible, once per kind over a fresh page.
  const managerContainer = host();
  serverMarkup(managerContainer);
  const manager = initTooltips();
  const managerHover = await hoverLatency('manager hover to visible', managerContainer);
  manager.destroy();
  managerContainer.remove();

  const eagerContainer = host();
  const eagerRoot = createRoot(eagerContainer);
  flushSync(() => eagerRoot.render(<EagerTooltips />));
  const eagerHover = await hoverLatency('eager hover to visible', eagerContainer);
  flushSync(() => eagerRoot.unmount());
  eagerContainer.remove();

  const managerSetup = median('initTooltips (with destroy)', setup.manager);
  const eagerSetup = median('5,000 <Tooltip>', setup.eager);
  const plainSetup = median('5,000 <button>', setup.plain);
  const eagerNet = median(
    '5,000 <Tooltip> minus 5,000 <button>',
    setup.eager.map((value, i) => value - (setup.plain[i] ?? 0)),
  );
  const rows: Parameters<typeof report>[1] = [
    { metric: 'setup time (anchor: React render of 5,000 <Tooltip>)', candidate: managerSetup, anchor: eagerSetup },
    {
      metric: 'setup time (anchor: the Tooltip wrappers alone, net of the buttons)',
      candidate: managerSetup,
      anchor: eagerNet,
    },
    { metric: 'hover to visible', candidate: managerHover, anchor: eagerHover },
  ];
  if (memory.manager.length > 0) {
    const kb = (values: number[]) =>
      median(
        '',
        values.map((bytes) => bytes / 1024),
      ).medianMs;
    // A heap delta can be 0 (or below, GC noise) for the manager: floor at 1 KB so the ratio stays finite.
    const managerKb = Math.max(kb(memory.manager), 1);
    rows.push(
      {
        metric: 'JS heap after setup (anchor: 5,000 <Tooltip>)',
        candidate: managerKb,
        anchor: kb(memory.eager),
        unit: 'KB',
      },
      {
        metric: 'JS heap after setup (anchor: Tooltip wrappers net of the buttons)',
        candidate: managerKb,
        anchor: kb(memory.eager) - kb(memory.plain),
        unit: 'KB',
      },
      {
        metric: 'event listeners added at setup',
        candidate: Math.max(median('', listeners.manager).medianMs, 1),
        anchor: median('', listeners.eager).medianMs,
        unit: 'listeners',
      },
    );
  } else {
    console.log('\ntooltips: JS heap: n/a (no CDP session in this browser)');
  }
  console.log(
    `\ntooltips: medians: initTooltips ${managerSetup.medianMs.toFixed(4)} ms, 5,000 <Tooltip> ${eagerSetup.medianMs.toFixed(1)} ms, ` +
      `5,000 <button> ${plainSetup.medianMs.toFixed(1)} ms; heap KB manager ${memory.manager.map((b) => (b / 1024).toFixed(0)).join('/')}, ` +
      `eager ${memory.eager.map((b) => (b / 1024).toFixed(0)).join('/')}, plain ${memory.plain.map((b) => (b / 1024).toFixed(0)).join('/')}`,
  );
  await report('tooltips', rows);
  expect(managerSetup.samplesMs).toHaveLength(SAMPLES);
});
