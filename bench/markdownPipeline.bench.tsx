// The browser half of the Markdown pipeline in Chromium (issue 5, "Performance"): "sanitise +
// eager enhancers on that thread at most 2x DOMPurify alone on the same HTML; no main-thread task
// over 50 ms while math renders (long tasks measured)".
//
// 1. Pipeline vs DOMPurify on the 1 MB issue thread (bench/corpus.ts, rendered by
//    renderMarkdownUnsanitized with every reference resolved). Interleaved rounds, a garbage
//    collection (CDP) before every sample, fresh containers, disposed after each sample:
//    - anchor: `DOMPurify.sanitize(html)` (default config, its own instance) into a detached
//      container's innerHTML;
//    - candidate: `sanitizeHtml(html)` into a container in the document, then `renderGfm` with the
//      default enhancers and a signed-in viewer, popover adapters and an editable task list,
//      timed until `renderGfm` returns (its synchronous part; highlighting near the viewport,
//      KaTeX and popovers are deferred by design).
//    The same samples also time: each enhancer's synchronous `enhance`; the React copy buttons
//    (one root per code block, rendered by React's scheduler after `renderGfm` returns) until the
//    last has committed plus a frame, against DOMPurify into an attached container plus a frame
//    (both then include one layout of the page); and the two sanitisers alone (string to string).
// 2. A page-sized slice of the thread: the same ratio, and the time until `handle.done` (first
//    run loads highlight.js and the popover chunk; later runs have them cached).
// 3. Long tasks while ~300 formulas (inline and display) render through the default pipeline,
//    from `renderGfm` until `handle.done` and the next frame, with an idle baseline in the same
//    run. Long tasks over 50 ms are attributed with the Long Animation Frames API (scripts, their
//    invokers and sources, style and layout time).
import DOMPurify from 'dompurify';
import { beforeAll, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import {
  CURRENT_USER_MENTION_CLASS,
  DEFAULT_ENHANCERS,
  renderGfm,
  renderMarkdown,
  renderMarkdownUnsanitized,
  type GfmHandle,
  type MarkdownEnhancer,
  type MarkdownReference,
  type RenderGfmOptions,
} from '../src/markdown';
import { sanitizeHtml } from '../src/utils/sanitize';
import { issueThread } from './corpus';
import { measure, report, type Measurement } from './support';

// React copy buttons and alerts render from timers and imports here, as on a page: outside act().
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const ROUNDS = 7;
const SLICE_ROUNDS = 9;
/** A page's worth of the thread: about 30 comments. */
const SLICE_SIZE = 32 * 1024;
const MATH_FORMULAS = 300;
const IDLE_MS = 3000;
/** The viewer whose mentions get highlighted: one of the corpus's users. */
const VIEWER = { id: 'viewer', username: 'user7' };

const session = cdp();
const collectGarbage = () => session.send('HeapProfiler.collectGarbage');
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
const tick = () => new Promise<void>((resolve) => setTimeout(resolve));

const median = (name: string, values: number[]): Measurement => {
  const sorted = [...values].sort((a, b) => a - b);
  return { name, medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, samplesMs: values };
};
const fmt = (ms: number) => ms.toFixed(ms < 10 ? 1 : 0);
const times = (m: Measurement, anchor: Measurement) => (m.medianMs / anchor.medianMs).toFixed(2);

const context = {
  resolveReferences: async (refs: MarkdownReference[]) =>
    refs.map((ref, i) => ({ url: `/-/references/${i}`, title: ref.text, id: i })),
};

const errors: unknown[] = [];
const options: RenderGfmOptions = {
  currentUser: VIEWER,
  mentions: {
    fetchUser: async (user) => ({ id: user.id ?? 0, username: user.username ?? '', name: 'A user' }),
  },
  references: { fetchReference: async () => ({ title: 'A reference', state: 'opened' }) },
  taskList: { onToggle: async () => {} },
  onError: (error, enhancer) => errors.push([enhancer, error]),
};

/** DEFAULT_ENHANCERS, each timed around its synchronous `enhance` (a thin wrapper, same order). */
function timedEnhancers(spent: Record<string, number[]>): MarkdownEnhancer[] {
  return DEFAULT_ENHANCERS.map((enhancer) => ({
    ...enhancer,
    enhance(elements, enhancerContext) {
      const start = performance.now();
      try {
        return enhancer.enhance(elements, enhancerContext);
      } finally {
        (spent[enhancer.name] ??= []).push(performance.now() - start);
      }
    },
  }));
}

function attachedContainer(): HTMLElement {
  const container = document.createElement('div');
  container.className = 'fk-markdown';
  document.body.append(container);
  return container;
}

/** Until every copy button (a React root per code block) has committed. */
async function copyButtonsRendered(container: HTMLElement) {
  const slots = container.getElementsByTagName('copy-code');
  let ready = 0;
  for (;;) {
    while (ready < slots.length && slots[ready]!.querySelector('button')) ready++;
    if (ready === slots.length) return;
    await tick();
  }
}

/** What the candidate must have done: copy buttons, the viewer's mentions, labelled task boxes. */
function checkEnhanced(container: HTMLElement) {
  const blocks = container.querySelectorAll('pre.js-syntax-highlight:not(.js-render-mermaid)').length;
  expect(blocks).toBeGreaterThan(0);
  expect(container.querySelectorAll('copy-code button').length).toBe(blocks);
  const own = container.querySelectorAll(`a.gfm-project_member[data-username="${VIEWER.username}"]`).length;
  expect(own).toBeGreaterThan(0);
  expect(container.querySelectorAll(`a.${CURRENT_USER_MENTION_CLASS}`).length).toBe(own);
  const boxes = [...container.querySelectorAll('input.task-list-item-checkbox')];
  expect(boxes.length).toBeGreaterThan(0);
  expect(boxes.every((box) => (box.getAttribute('aria-label') ?? '').length > 0)).toBe(true);
  return { blocks, own, boxes: boxes.length, mentions: container.querySelectorAll('a.gfm-project_member').length };
}

interface PipelineSamples {
  anchor: number[];
  anchorPurify: number[];
  anchorDisplayed: number[];
  candidate: number[];
  candidateSanitize: number[];
  candidateInsert: number[];
  candidateRenderGfm: number[];
  candidateButtons: number[];
  candidateDone: number[];
  enhancers: Record<string, number[]>;
}

/**
 * One interleaved round: anchor, candidate, displayed anchor. `full` also waits for the copy
 * buttons and a frame; `done` waits for `handle.done` instead (a page-sized slice only).
 */
async function round(
  html: string,
  s: PipelineSamples,
  { full, done, check }: { full: boolean; done: boolean; check: boolean },
) {
  let sanitized = '';
  await collectGarbage();
  const anchor = await measure('DOMPurify', () => {
    const start = performance.now();
    sanitized = DOMPurify.sanitize(html);
    s.anchorPurify.push(performance.now() - start);
    document.createElement('div').innerHTML = sanitized;
  });
  s.anchor.push(anchor.medianMs);

  await collectGarbage();
  let container: HTMLElement | undefined;
  let handle: GfmHandle | undefined;
  let start = 0;
  const candidate = await measure('pipeline', async () => {
    start = performance.now();
    const safe = sanitizeHtml(html);
    const sanitizedAt = performance.now();
    container = attachedContainer();
    container.innerHTML = safe;
    const insertedAt = performance.now();
    handle = renderGfm(container, { ...options, enhancers: timedEnhancers(s.enhancers) });
    const syncEnd = performance.now();
    s.candidateSanitize.push(sanitizedAt - start);
    s.candidateInsert.push(insertedAt - sanitizedAt);
    s.candidateRenderGfm.push(syncEnd - insertedAt);
  });
  s.candidate.push(candidate.medianMs);
  if (done) {
    await handle!.done;
    s.candidateDone.push(performance.now() - start);
  }
  if (full) {
    await copyButtonsRendered(container!);
    await nextFrame();
    s.candidateButtons.push(performance.now() - start);
  }
  if (check) {
    if (!full) await copyButtonsRendered(container!);
    const seen = checkEnhanced(container!);
    console.info(
      `[markdownPipeline] ${(html.length / 1024 / 1024).toFixed(2)} MB of HTML, ` +
        `${container!.getElementsByTagName('*').length} elements: ${seen.blocks} copy buttons, ` +
        `${seen.own} of ${seen.mentions} mentions highlighted for @${VIEWER.username}, ${seen.boxes} task boxes labelled`,
    );
  }
  console.info(
    `DEBUG round: anchor ${s.anchor.at(-1)} cand ${s.candidate.at(-1)} buttons ${s.candidateButtons.at(-1)} done ${s.candidateDone.at(-1)} at ${performance.now()}`,
  );
  handle!.dispose();
  container!.remove();
  await tick();

  if (full) {
    await collectGarbage();
    const displayed = await measure('DOMPurify displayed', async () => {
      const host = attachedContainer();
      host.innerHTML = DOMPurify.sanitize(html);
      await nextFrame();
      host.remove();
    });
    s.anchorDisplayed.push(displayed.medianMs);
    console.info(`DEBUG displayed ${displayed.medianMs} at ${performance.now()}`);
  }
}

const emptySamples = (): PipelineSamples => ({
  anchor: [],
  anchorPurify: [],
  anchorDisplayed: [],
  candidate: [],
  candidateSanitize: [],
  candidateInsert: [],
  candidateRenderGfm: [],
  candidateButtons: [],
  candidateDone: [],
  enhancers: {},
});

const rows: Parameters<typeof report>[1] = [];
const notes: string[] = [];

it('sanitise + eager enhancers against DOMPurify alone, 1 MB issue thread', { timeout: 240_000 }, async () => {
  const html = await renderMarkdownUnsanitized(issueThread(), context);
  const s = emptySamples();
  for (let i = 0; i < ROUNDS; i++) await round(html, s, { full: true, done: false, check: i === 0 });
  expect(errors).toEqual([]);

  const anchor = median('DOMPurify + detached innerHTML', s.anchor);
  const candidate = median('sanitizeHtml + innerHTML + renderGfm', s.candidate);
  const purify = median('DOMPurify.sanitize', s.anchorPurify);
  const ours = median('sanitizeHtml', s.candidateSanitize);
  const insert = median('innerHTML (attached)', s.candidateInsert);
  const gfm = median('renderGfm', s.candidateRenderGfm);
  const buttons = median('until copy buttons rendered', s.candidateButtons);
  const displayed = median('DOMPurify + attached + frame', s.anchorDisplayed);
  const enhancers = Object.entries(s.enhancers)
    .map(([name, ms]) => [name, median(name, ms).medianMs] as const)
    .sort((a, b) => b[1] - a[1]);
  notes.push(
    `thread: candidate ${fmt(candidate.medianMs)} ms = sanitizeHtml ${fmt(ours.medianMs)} + innerHTML ${fmt(insert.medianMs)} + renderGfm ${fmt(gfm.medianMs)} ` +
      `(enhance: ${enhancers.map(([name, ms]) => `${name} ${fmt(ms)}`).join(', ')}); ` +
      `anchor ${fmt(anchor.medianMs)} ms = DOMPurify.sanitize ${fmt(purify.medianMs)} + innerHTML`,
  );
  rows.push(
    {
      metric: `thread, sanitise + eager enhancers (sync) vs DOMPurify + innerHTML: candidate/anchor = ${times(candidate, anchor)}x (target <= 2x)`,
      candidate,
      anchor,
    },
    {
      metric: `thread, sanitizeHtml vs DOMPurify.sanitize alone (profile cost): ${times(ours, purify)}x`,
      candidate: ours,
      anchor: purify,
    },
    {
      metric: `thread, renderGfm sync part alone vs DOMPurify + innerHTML: ${times(gfm, anchor)}x`,
      candidate: gfm,
      anchor,
    },
    {
      metric: `thread, until the React copy buttons are rendered + a frame vs DOMPurify into the page + a frame: ${times(buttons, displayed)}x`,
      candidate: buttons,
      anchor: displayed,
    },
  );
});

it('a page-sized slice: the same ratio, and time until handle.done', { timeout: 120_000 }, async () => {
  const html = await renderMarkdownUnsanitized(issueThread(SLICE_SIZE), context);
  const s = emptySamples();
  for (let i = 0; i < SLICE_ROUNDS; i++) await round(html, s, { full: false, done: true, check: i === 0 });
  expect(errors).toEqual([]);
  const anchor = median('DOMPurify + detached innerHTML', s.anchor);
  const candidate = median('sanitizeHtml + innerHTML + renderGfm', s.candidate);
  const done = median('until handle.done (warm)', s.candidateDone.slice(1));
  notes.push(
    `slice (${(html.length / 1024).toFixed(0)} kB of HTML): until handle.done first run ${fmt(s.candidateDone[0]!)} ms ` +
      `(loads highlight.js and the popover chunk), later runs median ${fmt(done.medianMs)} ms`,
  );
  rows.push(
    {
      metric: `page slice (${(html.length / 1024).toFixed(0)} kB HTML), sanitise + eager enhancers (sync) vs DOMPurify + innerHTML: ${times(candidate, anchor)}x`,
      candidate,
      anchor,
    },
    {
      metric: `page slice, until handle.done (highlighting near the viewport; warm) vs DOMPurify + innerHTML: ${times(done, anchor)}x`,
      candidate: done,
      anchor,
    },
  );
});

// --- math ------------------------------------------------------------------------------------

/** ~`count` formulas, a third display (`$$` blocks and ```math fences), the rest inline in prose. */
function mathDocument(count: number): string {
  const inline = [
    (i: number) => `$a_{${i}}^2 + b_{${i}}^2 = c_{${i}}^2$`,
    (i: number) => `$\\frac{${i}}{n+1}$`,
    (i: number) => `$\\sqrt{x_{${i}} + \\epsilon}$`,
    (i: number) => `$\\alpha_{${i}} \\leq \\beta \\cdot \\gamma^{${i}}$`,
    (i: number) => `$\\binom{n}{${i % 9}} p^{k} (1-p)^{n-k}$`,
  ];
  const display = [
    (i: number) =>
      `$$\n\\sum_{k=0}^{${i}} \\frac{\\alpha_k^{2}}{\\sqrt{1+\\beta_k}} = \\int_0^{${i}} e^{-x^2}\\,dx\n$$`,
    (i: number) =>
      `\`\`\`math\n\\begin{pmatrix} a_{${i}} & b \\\\ c & d \\end{pmatrix} \\begin{pmatrix} x \\\\ y \\end{pmatrix} = \\begin{pmatrix} ${i} \\\\ 0 \\end{pmatrix}\n\`\`\``,
    (i: number) =>
      `$$\n\\begin{aligned} f(x) &= \\lim_{h \\to 0} \\frac{g(x+h) - g(x)}{h} \\\\ &= ${i} x^{${i % 7}} + \\mathcal{O}(x) \\end{aligned}\n$$`,
  ];
  const parts: string[] = ['# Notes on the estimator\n'];
  let formulas = 0;
  for (let i = 0; formulas < count; i++) {
    parts.push(
      `The term ${inline[i % inline.length]!(i)} bounds the error, and ${inline[(i + 2) % inline.length]!(i)} ` +
        `follows from the previous step when the sample is large enough.`,
    );
    parts.push(display[i % display.length]!(i));
    formulas += 3;
  }
  return parts.join('\n\n') + '\n';
}

interface LongTask {
  start: number;
  duration: number;
}

interface Frame {
  start: number;
  duration: number;
  blocking: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: { invoker: string; source: string; duration: number; forcedLayout: number }[];
}

/** Long tasks and long animation frames reported while `run` runs (entries arrive asynchronously). */
async function observe<T>(run: () => Promise<T>) {
  const tasks: LongTask[] = [];
  const frames: Frame[] = [];
  const taskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  });
  const frameObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      blockingDuration: number;
      renderStart: number;
      styleAndLayoutStart: number;
      scripts: {
        invoker: string;
        sourceURL: string;
        sourceFunctionName: string;
        sourceCharPosition: number;
        duration: number;
        forcedStyleAndLayoutDuration: number;
      }[];
    })[]) {
      frames.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: entry.blockingDuration,
        renderStart: entry.renderStart,
        styleAndLayoutStart: entry.styleAndLayoutStart,
        scripts: entry.scripts.map((script) => ({
          invoker: script.invoker,
          source: `${script.sourceFunctionName || '(anonymous)'} ${script.sourceURL.replace(/^.*\/(?=[^/]+$)/, '').replace(/\?.*$/, '')}:${script.sourceCharPosition}`,
          duration: Math.round(script.duration),
          forcedLayout: Math.round(script.forcedStyleAndLayoutDuration),
        })),
      });
    }
  });
  taskObserver.observe({ type: 'longtask', buffered: false });
  frameObserver.observe({ type: 'long-animation-frame', buffered: false });
  const started = performance.now();
  const result = await run();
  const ended = performance.now();
  await tick();
  taskObserver.disconnect();
  frameObserver.disconnect();
  const longest = Math.max(0, ...tasks.map((task) => task.duration));
  return { result, tasks, frames, ms: ended - started, started, longest };
}

/** What ran in each long task over 50 ms: the long animation frame around it, its scripts and rendering. */
function attribute(tasks: LongTask[], frames: Frame[], started: number): string[] {
  return tasks.map((task) => {
    const frame = frames.find((f) => f.start <= task.start + task.duration && task.start <= f.start + f.duration);
    const at = `+${Math.round(task.start - started)} ms, ${Math.round(task.duration)} ms`;
    if (!frame) return `${at}: no long animation frame reported`;
    const end = frame.start + frame.duration;
    const styleLayout = frame.styleAndLayoutStart ? end - frame.styleAndLayoutStart : 0;
    const scripts = frame.scripts
      .filter((script) => script.duration >= 5)
      .map(
        (script) =>
          `${script.invoker} -> ${script.source} ${script.duration} ms${script.forcedLayout ? ` (forced layout ${script.forcedLayout} ms)` : ''}`,
      );
    return (
      `${at}: frame ${Math.round(frame.duration)} ms, style+layout+paint ${Math.round(styleLayout)} ms, ` +
      `scripts [${scripts.join('; ') || 'none over 5 ms'}]`
    );
  });
}

/** Near-idle frames (one tiny style change each) for `ms`: the machine's own long tasks. */
async function idle(ms: number) {
  const dot = document.createElement('div');
  document.body.append(dot);
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    dot.style.width = dot.style.width === '1px' ? '2px' : '1px';
  }
  dot.remove();
}

it(`long tasks while ${MATH_FORMULAS} formulas render`, { timeout: 180_000 }, async () => {
  const markdown = mathDocument(MATH_FORMULAS);
  const html = await renderMarkdown(markdown);
  const baseline = await observe(() => idle(IDLE_MS));

  const runs: {
    label: string;
    count: number;
    longest: number;
    ms: number;
    rendered: number;
    warned: number;
    causes: string[];
  }[] = [];
  // First run: KaTeX's module and stylesheet load in it (a page's first formulas); then warm.
  for (const label of ['cold (KaTeX loads)', 'warm 1', 'warm 2']) {
    await collectGarbage();
    const container = attachedContainer();
    container.innerHTML = html;
    const formulas = container.querySelectorAll('code.js-render-math').length;
    const measured = await observe(async () => {
      const handle = renderGfm(container, options);
      await handle.done;
      await nextFrame();
      return handle;
    });
    const states = [...container.querySelectorAll<HTMLElement>('[data-component="Math"]')].map((n) => n.dataset.state);
    expect(states).toHaveLength(formulas);
    const long = measured.tasks.filter((task) => task.duration > 50);
    runs.push({
      label,
      count: long.length,
      longest: measured.longest,
      ms: measured.ms,
      rendered: states.filter((state) => state === 'rendered').length,
      warned: states.filter((state) => state === 'warning').length,
      causes: attribute(long, measured.frames, measured.started),
    });
    measured.result.dispose();
    container.remove();
    await nextFrame();
  }
  expect(errors).toEqual([]);

  const idleLong = baseline.tasks.filter((task) => task.duration > 50);
  for (const run of runs) {
    notes.push(
      `math ${run.label}: ${run.rendered} rendered, ${run.warned} withheld by the time budget, in ${fmt(run.ms)} ms ` +
        `(400 ms delay included); ${run.count} long tasks (${((run.count * 1000) / run.ms).toFixed(2)}/s), longest ${fmt(run.longest)} ms` +
        run.causes.map((cause) => `\n    ${cause}`).join(''),
    );
    rows.push(
      {
        metric: `math (${MATH_FORMULAS} formulas), ${run.label}: long tasks > 50 ms per second, vs idle baseline`,
        candidate: (run.count * 1000) / run.ms,
        anchor: (idleLong.length * 1000) / baseline.ms,
        unit: '/s',
      },
      {
        metric: `math (${MATH_FORMULAS} formulas), ${run.label}: longest task, vs idle baseline`,
        candidate: run.longest,
        anchor: baseline.longest,
      },
    );
  }
  notes.push(
    `idle baseline: ${idleLong.length} long tasks in ${fmt(baseline.ms)} ms, longest ${fmt(baseline.longest)} ms` +
      attribute(idleLong, baseline.frames, baseline.started)
        .map((cause) => `\n    ${cause}`)
        .join(''),
  );
  console.info(`[markdownPipeline]\n  ${notes.join('\n  ')}`);
  await report('markdownPipeline', rows);
});
