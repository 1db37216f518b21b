// Helpers for benchmarks: time a candidate against its anchor in the same run, interleaved, and
// report medians and their ratio. Results are printed and written to bench/results/<name>.json.
import { commands } from 'vitest/browser';

export interface Measurement {
  name: string;
  medianMs: number;
  samplesMs: number[];
}

/** Median time of `run` over `samples` runs, each after an optional `setup` that is not timed. */
export async function measure(
  name: string,
  run: () => unknown | Promise<unknown>,
  { samples = 7, setup, teardown }: { samples?: number; setup?: () => unknown; teardown?: () => unknown } = {},
): Promise<Measurement> {
  const samplesMs: number[] = [];
  for (let i = 0; i < samples; i++) {
    await setup?.();
    const start = performance.now();
    await run();
    samplesMs.push(performance.now() - start);
    await teardown?.();
  }
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { name, medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, samplesMs };
}

/** Prints `candidate` against `anchor` as a ratio and saves the rows as bench/results/<name>.json. */
export async function report(
  benchName: string,
  rows: { metric: string; candidate: Measurement | number; anchor: Measurement | number; unit?: string }[],
) {
  const value = (m: Measurement | number) => (typeof m === 'number' ? m : m.medianMs);
  const lines = rows.map(({ metric, candidate, anchor, unit = 'ms' }) => ({
    metric,
    candidate: value(candidate),
    anchor: value(anchor),
    unit,
    ratio: value(anchor) / value(candidate),
  }));
  console.log(
    `\n${benchName}\n` +
      lines
        .map(
          (l) =>
            `  ${l.metric}: candidate ${l.candidate.toFixed(2)} ${l.unit}, anchor ${l.anchor.toFixed(2)} ${l.unit}, anchor/candidate = ${l.ratio.toFixed(1)}x`,
        )
        .join('\n'),
  );
  await commands.writeFile(
    `bench/results/${benchName}.json`,
    JSON.stringify({ bench: benchName, date: new Date().toISOString(), results: lines }, null, 2),
  );
}
