// What the renderer's time-bound tests share (renderMarkdown.limits*.node.test.ts): the baselines,
// the rendering context and the loop that times each hostile input against its baseline. Split
// across files so that the node layer's two workers share the work (one file took 120-150 s).
import createMarkdownIt from 'markdown-it';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuMs } from '../../bench/cpuTime.ts';
import { renderMarkdownUnsanitized, type MarkdownReference } from '../../src/markdown';
import { truncateMarkdown } from '../../src/markdown/render/truncate';

/** How much slower than plain markdown-it a hostile case may be. */
const RATIO = 20;
/** Added to the allowance, so that near-instant baselines do not make the bound flaky. */
const FLOOR_MS = 1500;
/**
 * Per-case timeout: one case never hangs the suite. Not a speed check (the ratios are): the layer
 * runs beside the browser tests, and one case took 70 s on a machine loaded twice over.
 */
export const LIMITS_TIMEOUT_MS = 120_000;
export const MB = 1024 * 1024;

type MarkdownIt = ReturnType<typeof createMarkdownIt>;

// The renderer parses with raw HTML on: the baseline does the same.
export const plain = createMarkdownIt({ html: true, linkify: true });
// Plain markdown-it does not link `www.` addresses at all; for that case the baseline is
// markdown-it with linkify-it's fuzzy links on, the same work renderMarkdown does for them.
export const fuzzy = createMarkdownIt({ html: true, linkify: true });
fuzzy.linkify.set({ fuzzyLink: true });

/** How many references the last render asked the resolver for. */
export const resolver = { lastCount: 0 };

export const limitsContext = {
  resolveReferences: async (refs: MarkdownReference[]) => {
    resolver.lastCount = refs.length;
    return refs.map((_ref, i) => ({ url: `/r/${i}` }));
  },
  emoji: (name: string) => ({ unicode: name.slice(0, 1), description: name }),
  highlight: (code: string) => code.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
  // Wiki links and relative links are looked for too.
  wiki: { baseUrl: '/g/p/-/wikis' },
  location: { project: 'g/p', ref: 'main', path: 'docs/README.md' },
};

/** Lines printed after the file's tests, for the record. */
export function timingRecords(title: string): string[] {
  const records: string[] = [];
  afterAll(() => {
    console.info(`${title} (CPU ms, ours / plain markdown-it):\n${records.join('\n')}`);
  });
  return records;
}

export type HostileCase = [name: string, make: () => string, baseline?: MarkdownIt];

/**
 * Each case rendered once by ours and, when that took longer than the floor, once by plain
 * markdown-it (CPU time of this process, so other load on the machine matters less): ours must stay
 * under RATIO times markdown-it plus the floor. Under the floor the bound holds whatever
 * markdown-it takes, so it is not timed (half the layer's time went into those baselines).
 * Input over GitLab's cap (MARKDOWN_MAX_INPUT_BYTES) is truncated first, for both.
 */
export function describeHostileCases(title: string, cases: HostileCase[]): void {
  const records = timingRecords(`renderMarkdown on hostile input, ${title}`);
  describe(`bounded time on hostile input: ${title}`, () => {
    for (const [name, make, baseline = plain] of cases) {
      it(
        name,
        async () => {
          const text = make();
          let html = '';
          const oursMs = await cpuMs(async () => {
            html = await renderMarkdownUnsanitized(text, limitsContext);
          });
          expect(typeof html).toBe('string');
          const size = `${name} (${(text.length / MB).toFixed(2)} MB)`;
          if (oursMs < FLOOR_MS) {
            records.push(`  ${size}: ${oursMs.toFixed(0)}, under the floor`);
            return;
          }
          const plainMs = await cpuMs(() => baseline.render(truncateMarkdown(text)));
          records.push(`  ${size}: ${oursMs.toFixed(0)} / ${plainMs.toFixed(0)} = ${(oursMs / plainMs).toFixed(1)}x`);
          expect(oursMs).toBeLessThan(RATIO * plainMs + FLOOR_MS);
        },
        LIMITS_TIMEOUT_MS,
      );
    }
  });
}
