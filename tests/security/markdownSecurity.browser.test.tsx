// Security (issue 5, "the bar is zero"), in real Chromium: DOMPurify's own fixtures, the html5sec
// vector set and our own vectors go through sanitizeHtml, renderMarkdown and the full <Markdown> /
// renderGfm pipeline (whatever DEFAULT_ENHANCERS holds: highlighting, math, diagrams, JSON tables,
// references, ...). For every vector: no script runs (a tripwire replaces alert & co. and catches
// any uncaught script error), and nothing forbidden survives in the live DOM (tags, handlers,
// forbidden data attributes, protocols, <use> references, unsafe new-tab links). Sanitised output
// is also a fixed point and survives an innerHTML round trip inert (mXSS).
// Expected outputs of the upstream fixtures are not compared: our profile differs from DOMPurify's.
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineGlEmoji, type EmojiRecord } from '../../src/emoji';
import { Markdown } from '../../src/markdown/Markdown';
import { DEFAULT_ENHANCERS } from '../../src/markdown/pipeline/enhancers';
import { renderGfm } from '../../src/markdown/pipeline/renderGfm';
import { renderMarkdown, renderMarkdownUnsanitized } from '../../src/markdown/render/renderMarkdown';
import type { MarkdownContext, ResolvedReference } from '../../src/markdown/render/types';
import { startMermaidSandbox } from '../../src/markdown/sandbox/mermaidSandbox';
import { sanitizeHtml, type SanitizeProfile } from '../../src/utils/sanitize';
import {
  VECTOR_ATTRIBUTE,
  armPayload,
  blockExternalLoads,
  installTripwire,
  mountHtml,
  mutationProblems,
  poke,
  scanActiveContent,
  scanVectors,
  settle,
  type InsertMode,
} from './harness';
import {
  DOMPURIFY_VECTORS,
  HTML5SEC_VECTORS,
  HTML_VECTORS,
  MARKDOWN_VECTORS,
  MERMAID_SOURCES,
  OWN_HTML_VECTORS,
  inMarkdownStructures,
  type Vector,
} from './vectors';

/** How long the pipeline's asynchronous enhancers (KaTeX, highlight.js, diagrams) may take to settle. */
const ENHANCER_SETTLE_TIMEOUT = 15_000;
const TEST_TIMEOUT = 60_000;

// --- The product context, hostile where product data can carry user input -----------------------

/** Emoji lookups: `:sec_hostile:` is a custom emoji whose data is attacker-chosen. */
const hostileEmoji: MarkdownContext['emoji'] = (name) => {
  if (name === 'smile' || name === '+1') return { unicode: '\u{1F604}', description: 'smiling face' };
  if (name === 'sec_hostile') {
    return {
      unicode: armPayload('<img src=x:x onerror=alert(1)>'),
      description: armPayload('"><svg onload=alert(1)>'),
      unicodeVersion: armPayload('" onmouseover="alert(1)'),
    };
  }
  return null;
};

/** Reference resolution whose titles, states, ids and projects are attacker-chosen (issue titles, user names). */
const hostileReferences: MarkdownContext['resolveReferences'] = async (references) =>
  references.map((reference, index): ResolvedReference | null => {
    if (index % 3 === 2) return null;
    return {
      url: index % 3 === 0 ? armPayload('javascript:alert(1)') : `https://ok.example/${reference.type}`,
      title: armPayload('"><img src=x:x onerror=alert(1)>'),
      state: armPayload('<script>alert(1)</script>'),
      id: armPayload('1" onmouseover="alert(1)'),
      project: armPayload('<svg onload=alert(1)>'),
      color: armPayload('#fff;background:url(javascript:alert(1))'),
    };
  });

const HOSTILE_CONTEXT: MarkdownContext = {
  emoji: hostileEmoji,
  resolveReferences: hostileReferences,
  // Wiki links and relative links are rewritten in these contexts.
  wiki: { baseUrl: '/group/project/-/wikis' },
  location: { project: 'group/project', ref: 'main', path: 'docs/README.md' },
};

/** Emoji data for <gl-emoji>: one emoji the "browser" cannot draw, so its fallback image is used. */
const EMOJI_RECORDS: EmojiRecord[] = [
  { n: 'smile', e: '\u{1F604}', d: 'smiling face', c: 'people', u: '6.0' },
  { n: 'sec_undrawable', e: '\u{10FFFD}', d: 'undrawable', c: 'symbols', u: '99.0' },
];

// --- Running vectors ------------------------------------------------------------------------------

let tripwire: ReturnType<typeof installTripwire>;

beforeAll(() => {
  blockExternalLoads();
  tripwire = installTripwire();
  defineGlEmoji({
    fetchEmojis: async () => EMOJI_RECORDS,
    loadAliases: async () => ({}),
    groupPath: null,
    isEmojiSupported: (unicode) => unicode !== '\u{10FFFD}',
  });
});

afterAll(() => tripwire.uninstall());

afterEach(async () => {
  cleanup();
  for (const host of document.querySelectorAll('[data-sec-host]')) host.remove();
  // Anything that fires after a test's own scan (a slow image error, a late timer) still fails it.
  await settle();
  expect(takeHits(), 'tripwire hits after the scan').toEqual([]);
});

/** Takes the hits recorded so far, as `vector: what` lines. */
function takeHits(): string[] {
  return tripwire.hits.splice(0).map(({ vector, what }) => `${vector ?? '(unattributed)'}: tripwire: ${what}`);
}

interface Rendered {
  name: string;
  html: string;
}

/**
 * Puts sanitised outputs into the live page (both parse modes), lets them settle, pokes every
 * element with the events inline handlers wait for, and returns every offence. A tripwire hit
 * that cannot be attributed is traced by mounting the outputs one at a time.
 */
async function liveOffences(outputs: readonly Rendered[]): Promise<string[]> {
  const offences: string[] = [];
  for (const mode of ['innerHTML', 'fragment'] as InsertMode[]) {
    const host = mountHtml(outputs, mode);
    await settle();
    poke(host);
    await settle();
    offences.push(...scanVectors(host).map((line) => `[${mode}] ${line}`));
    host.remove();
    const hits = takeHits();
    if (hits.some((hit) => hit.startsWith('(unattributed)'))) hits.push(...(await traceHits(outputs, mode)));
    offences.push(...hits.map((line) => `[${mode}] ${line}`));
  }
  return offences;
}

/** Mounts outputs one at a time to find which made an unattributed tripwire hit. */
async function traceHits(outputs: readonly Rendered[], mode: InsertMode): Promise<string[]> {
  const found: string[] = [];
  for (const output of outputs) {
    const host = mountHtml([output], mode);
    await settle(0);
    poke(host);
    await settle(0);
    host.remove();
    for (const { what } of tripwire.hits.splice(0)) found.push(`${output.name}: tripwire (traced): ${what}`);
  }
  return found;
}

/** The mXSS checks for each output (fixed point under `sanitizeAgain`, inert after an innerHTML round trip). */
function mutationOffences(outputs: readonly Rendered[], sanitizeAgain: (html: string) => string): string[] {
  return outputs.flatMap(({ name, html }) =>
    mutationProblems(html, sanitizeAgain).map((problem) => `${name}: ${problem}`),
  );
}

/** Counts the vectors an assertion covered, for the report at the end. */
const coverage: Record<string, number> = {};

function expectNoOffences(label: string, offences: readonly string[], covered: number) {
  coverage[label] = covered;
  expect(offences, `${label}: ${offences.length} offence(s)`).toEqual([]);
}

afterAll(() => {
  console.info(
    `[security] vectors: DOMPurify fixtures ${DOMPURIFY_VECTORS.length}, html5sec ${HTML5SEC_VECTORS.length}, ` +
      `own HTML ${OWN_HTML_VECTORS.length}, own Markdown ${MARKDOWN_VECTORS.length}, Mermaid sources ${MERMAID_SOURCES.length}; ` +
      `enhancers: ${DEFAULT_ENHANCERS.map((enhancer) => enhancer.name).join(', ')}\n` +
      Object.entries(coverage)
        .map(([label, count]) => `  ${label}: ${count}`)
        .join('\n'),
  );
});

// --- The pipeline's asynchronous work --------------------------------------------------------------

/**
 * Watches DEFAULT_ENHANCERS (the very objects `<Markdown>` and `renderGfm` use) for the promises
 * their `enhance` returns, so a test can wait for KaTeX, highlight.js, diagrams... to finish.
 */
function trackEnhancers() {
  const pending: { name: string; settled: boolean; promise: Promise<unknown> }[] = [];
  const spies = DEFAULT_ENHANCERS.map((enhancer) => {
    const original = enhancer.enhance;
    return vi.spyOn(enhancer, 'enhance').mockImplementation(function (this: unknown, elements, context) {
      const result = original.call(this, elements, context);
      if (result) {
        const entry = { name: enhancer.name, settled: false, promise: result };
        result.then(
          () => (entry.settled = true),
          () => (entry.settled = true),
        );
        pending.push(entry);
      }
      return result;
    });
  });
  return {
    /** Resolves when every enhancer promise so far has settled, or after the timeout; returns the unsettled ones' names. */
    async idle(timeout = ENHANCER_SETTLE_TIMEOUT): Promise<string[]> {
      const deadline = Date.now() + timeout;
      while (Date.now() < deadline) {
        const open = pending.filter((entry) => !entry.settled);
        if (open.length === 0) break;
        await Promise.race([
          Promise.allSettled(open.map((entry) => entry.promise)),
          new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
        ]);
      }
      return pending.filter((entry) => !entry.settled).map((entry) => entry.name);
    },
    restore() {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

function noteUnsettled(label: string, names: string[]) {
  if (names.length > 0)
    console.warn(
      `[security] ${label}: still pending after ${ENHANCER_SETTLE_TIMEOUT} ms: ${[...new Set(names)].join(', ')}`,
    );
}

/** Scans a pipeline container (the Mermaid sandbox frame is allowed there), after poking it. */
async function pipelineOffences(root: HTMLElement, label: string): Promise<string[]> {
  await settle();
  poke(root);
  await settle();
  const offences = scanVectors(root, { allowMermaidFrame: true }).map((line) => `[${label}] ${line}`);
  return [...offences, ...takeHits().map((line) => `[${label}] ${line}`)];
}

// --- 0. The harness catches what it should (unsanitised content must light it up) ------------------

describe('the harness', () => {
  it('reports script that runs, by vector, and every kind of forbidden content', async () => {
    const unsafe = [
      { name: 'img onerror', html: armPayload('<img src="x:x" onerror="alert(1)">') },
      { name: 'div onclick', html: armPayload('<div onclick="alert(2)">x</div>') },
      { name: 'script', html: armPayload('<script>alert(3)</script>') },
      { name: 'links', html: '<a href="javascript:void 0">x</a><a href="https://a.example/" target="_blank">y</a>' },
      { name: 'use', html: '<svg><use href="https://a.example/icons.svg#x"/></svg>' },
      { name: 'data', html: '<button data-method="post">x</button><img src="data:image/svg+xml,x">' },
    ];
    const offences = await liveOffences(unsafe);
    const text = offences.join('\n');
    for (const mode of ['innerHTML', 'fragment']) {
      expect(text).toContain(`[${mode}] img onerror: tripwire: __fkXss(1)`);
      expect(text).toContain(`[${mode}] div onclick: tripwire: __fkXss(2)`);
      expect(text).toContain(`[${mode}] script: forbidden <script>`);
      expect(text).toContain(`[${mode}] links: a[href] with protocol javascript:`);
      expect(text).toContain(`[${mode}] links: external link with target="_blank" without rel="noopener noreferrer"`);
      expect(text).toContain(`[${mode}] use: <use href="https://a.example/icons.svg#x"> points outside`);
      expect(text).toContain(`[${mode}] data: forbidden data-method on <button>`);
      expect(text).toContain(`[${mode}] data: img[src] with protocol data:`);
    }
    // Only the fragment parse runs <script>.
    expect(text).toContain('[fragment] script: tripwire: __fkXss(3)');
    expect(mutationProblems('<p>x</p><b>y', (html) => html.replace('<b>', '<i>'))).toEqual([
      expect.stringContaining('not a fixed point'),
    ]);
  });
});

// --- 1. sanitizeHtml ---------------------------------------------------------------------------------

describe('sanitizeHtml on hostile HTML (Chromium)', () => {
  it.each<SanitizeProfile>(['default', 'inline'])(
    '%s profile: no script runs and nothing forbidden survives, for every vector',
    async (profile) => {
      const outputs = HTML_VECTORS.map(({ name, text }) => ({ name, html: sanitizeHtml(text, { profile }) }));
      const offences = [
        ...mutationOffences(outputs, (html) => sanitizeHtml(html, { profile })),
        ...(await liveOffences(outputs)),
      ];
      expectNoOffences(`sanitizeHtml (${profile})`, offences, outputs.length);
    },
    TEST_TIMEOUT,
  );
});

// --- 2. renderMarkdown --------------------------------------------------------------------------------

describe('renderMarkdown on hostile input (Chromium)', () => {
  it(
    'raw HTML vectors in Markdown: the output is sanitised, inert and a fixed point',
    async () => {
      const outputs = await Promise.all(
        HTML_VECTORS.map(async ({ name, text }) => ({ name, html: await renderMarkdown(text, HOSTILE_CONTEXT) })),
      );
      const offences = [...mutationOffences(outputs, (html) => sanitizeHtml(html)), ...(await liveOffences(outputs))];
      expectNoOffences('renderMarkdown (raw HTML)', offences, outputs.length);
    },
    TEST_TIMEOUT,
  );

  it(
    'Markdown vectors (links, images, autolinks, references, emoji, math, diagrams, tables) and HTML inside Markdown structures',
    async () => {
      // Every structure for our own vectors; the upstream sets in a table cell and a heading (the
      // two that change the most around raw HTML: inline context, and the anchor made from the text).
      const vectors: Vector[] = [
        ...MARKDOWN_VECTORS,
        ...OWN_HTML_VECTORS.flatMap((vector) => inMarkdownStructures(vector)),
        ...[...DOMPURIFY_VECTORS, ...HTML5SEC_VECTORS].flatMap((vector) =>
          inMarkdownStructures(vector, ['table', 'heading']),
        ),
      ];
      const outputs = await Promise.all(
        vectors.map(async ({ name, text }) => ({ name, html: await renderMarkdown(text, HOSTILE_CONTEXT) })),
      );
      const offences = [...mutationOffences(outputs, (html) => sanitizeHtml(html)), ...(await liveOffences(outputs))];
      expectNoOffences('renderMarkdown (Markdown and structures)', offences, outputs.length);
    },
    TEST_TIMEOUT,
  );
});

// --- 3. The full pipeline: <Markdown> and renderGfm with DEFAULT_ENHANCERS ---------------------------------

describe('<Markdown> and renderGfm with the default enhancers on hostile content (Chromium)', () => {
  // Enhancers mount React islands that update on their own (and when poked), outside any act():
  // that is the product's normal life, not a test mistake, so React's act() warnings are off here.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let previousActEnvironment: boolean | undefined;
  beforeAll(() => {
    previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
  });

  it(
    '<Markdown html> with raw HTML vectors',
    async () => {
      const tracker = trackEnhancers();
      try {
        const { container } = render(
          <>
            {HTML_VECTORS.map(({ name, text }) => (
              <Markdown key={name} html={text} {...{ [VECTOR_ATTRIBUTE]: name }} />
            ))}
          </>,
        );
        noteUnsettled('<Markdown> raw HTML', await tracker.idle());
        const offences = await pipelineOffences(container, '<Markdown>');
        expectNoOffences('<Markdown> (raw HTML)', offences, HTML_VECTORS.length);
      } finally {
        tracker.restore();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    '<Markdown html> with the renderer output of Markdown vectors (diagrams, math, JSON tables, code, references)',
    async () => {
      const tracker = trackEnhancers();
      try {
        const rendered = await Promise.all(
          MARKDOWN_VECTORS.map(async ({ name, text }) => ({
            name,
            html: await renderMarkdownUnsanitized(text, HOSTILE_CONTEXT),
          })),
        );
        const { container } = render(
          <>
            {rendered.map(({ name, html }) => (
              <Markdown key={name} html={html} {...{ [VECTOR_ATTRIBUTE]: name }} />
            ))}
          </>,
        );
        noteUnsettled('<Markdown> Markdown', await tracker.idle());
        const offences = await pipelineOffences(container, '<Markdown>');
        expectNoOffences('<Markdown> (Markdown vectors)', offences, rendered.length);
      } finally {
        tracker.restore();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'renderGfm over renderMarkdown output, awaiting handle.done',
    async () => {
      const outputs = await Promise.all(
        MARKDOWN_VECTORS.map(async ({ name, text }) => ({ name, html: await renderMarkdown(text, HOSTILE_CONTEXT) })),
      );
      const host = mountHtml(outputs, 'innerHTML');
      const errors: string[] = [];
      const handle = renderGfm(host, { onError: (error, enhancer) => errors.push(`${enhancer}: ${String(error)}`) });
      try {
        const done = await Promise.race([
          handle.done.then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), ENHANCER_SETTLE_TIMEOUT)),
        ]);
        if (!done) console.warn(`[security] renderGfm: handle.done still pending after ${ENHANCER_SETTLE_TIMEOUT} ms`);
        if (errors.length > 0)
          console.info(`[security] renderGfm reported (expected for hostile input):\n  ${errors.join('\n  ')}`);
        const offences = await pipelineOffences(host, 'renderGfm');
        expectNoOffences('renderGfm (Markdown vectors)', offences, outputs.length);
      } finally {
        handle.dispose();
      }
    },
    TEST_TIMEOUT,
  );
});

// --- 4. Mermaid source is attacker-controlled: the sandbox page's renderer, run in this page ----------

describe('the diagram sandbox renderer on hostile Mermaid sources (Chromium)', () => {
  it(
    'renders with strict security even outside its frame: no script, handler or unsafe link in the SVG',
    async () => {
      const app = document.createElement('div');
      app.setAttribute('data-sec-host', 'mermaid');
      document.body.append(app);
      const sandbox = startMermaidSandbox({ container: app, parentWindow: window, parentOrigin: location.origin });
      const offences: string[] = [];
      try {
        for (const { name, text } of MERMAID_SOURCES) {
          const reported = new Promise<boolean>((resolve) => {
            const onMessage = (event: MessageEvent) => {
              if (typeof event.data !== 'object' || event.data === null || !('h' in event.data)) return;
              window.removeEventListener('message', onMessage);
              resolve(true);
            };
            window.addEventListener('message', onMessage);
            setTimeout(() => {
              window.removeEventListener('message', onMessage);
              resolve(false);
            }, ENHANCER_SETTLE_TIMEOUT);
          });
          window.postMessage(text, location.origin);
          if (!(await reported)) offences.push(`${name}: the sandbox renderer never reported a size`);
          app.setAttribute(VECTOR_ATTRIBUTE, name);
          await settle();
          poke(app);
          await settle();
          // Inside the frame the diagram's own <style>, its HTML labels' <foreignObject> and its data
          // attributes belong there (no Rails-style handlers run in the frame).
          const options = { allowElements: ['style', 'foreignobject'], ignoreForbiddenDataAttributes: true };
          for (const problem of scanActiveContent(app, options)) {
            offences.push(`${name}: ${problem}`);
          }
          offences.push(...takeHits());
        }
      } finally {
        sandbox.stop();
      }
      expectNoOffences('Mermaid sandbox renderer', offences, MERMAID_SOURCES.length);
    },
    TEST_TIMEOUT,
  );
});
