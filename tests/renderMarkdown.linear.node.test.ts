// Issue 16's hostile inputs (a wide table, 50,000 www links, strikethrough and footnote openers,
// nested brackets, a deep list): at most 2x markdown-it with the same features (interleaved medians
// of CPU time in the same run), and twice the input takes about twice the time.
import { expect, it, describe } from 'vitest';
import { HOSTILE_INPUTS } from '../bench/corpus';
import { cpuMs, median } from '../bench/cpuTime.ts';
import { renderMarkdownUnsanitized } from '../src/markdown';
import { fuzzy, limitsContext, LIMITS_TIMEOUT_MS, plain, timingRecords } from './support/markdownLimits';

const records = timingRecords("renderMarkdown on issue 16's inputs");

/** Issue 16: no hostile input more than this many times markdown-it with the same features. */
const ISSUE_RATIO = 2;
/**
 * Twice the input may take at most this many times as long (linear is 2, quadratic 4), scaled by
 * how much more than twice markdown-it itself took in the same rounds: a loaded machine's noise
 * (a collection landing in one round) grows both, a superlinear renderer only ours.
 */
const DOUBLING_RATIO = 3;
/** Added to both bounds: a few milliseconds of noise must not fail inputs that take little time. */
const ISSUE_FLOOR_MS = 30;
/** Interleaved rounds per input; the median counts. */
const ROUNDS = 3;
/**
 * The input sizes timed: half the issue's, then the issue's own (the doubling). Timing the issue's
 * size and twice it cost the node layer a minute of CPU for the same two checks.
 */
const SCALES = [0.5, 1];

describe("issue 16's inputs: at most 2x markdown-it, linear", () => {
  for (const { name, make, fuzzyLinks } of HOSTILE_INPUTS) {
    it(
      name,
      async () => {
        // The same features: `www.` links are linked by both (fuzzy links for markdown-it). Plain
        // markdown-it, not markdown-it-footnote, for `[^a`: the plugin's own rule is quadratic there.
        const baseline = fuzzyLinks ? fuzzy : plain;
        const ours: number[][] = [[], []];
        const theirs: number[][] = [[], []];
        for (const [i, scale] of SCALES.entries()) {
          const text = make(scale);
          for (let round = 0; round < ROUNDS; round++) {
            theirs[i]!.push(await cpuMs(() => baseline.render(text)));
            ours[i]!.push(await cpuMs(() => renderMarkdownUnsanitized(text, limitsContext)));
          }
        }
        const [oursMs, doubledMs] = ours.map(median) as [number, number];
        const [plainMs, plainDoubledMs] = theirs.map(median) as [number, number];
        records.push(
          `  ${name}: half of it ${oursMs.toFixed(0)} / ${plainMs.toFixed(0)} = ${(oursMs / plainMs).toFixed(2)}x; all of it ${doubledMs.toFixed(0)} / ${plainDoubledMs.toFixed(0)}, ours grew ${(doubledMs / oursMs).toFixed(2)}x`,
        );
        expect(oursMs).toBeLessThan(ISSUE_RATIO * plainMs + ISSUE_FLOOR_MS);
        expect(doubledMs).toBeLessThan(ISSUE_RATIO * plainDoubledMs + ISSUE_FLOOR_MS);
        const baselineExcess = Math.max(1, plainDoubledMs / plainMs / 2);
        expect(doubledMs).toBeLessThan(DOUBLING_RATIO * baselineExcess * oursMs + ISSUE_FLOOR_MS);
      },
      LIMITS_TIMEOUT_MS,
    );
  }
});
