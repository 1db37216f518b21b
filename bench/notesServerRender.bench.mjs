/**
 * Work item notes, server render CPU time (`node --import tsx bench/notesServerRender.bench.mjs`;
 * not part of `npm test`; issue 15): `renderToString` of `<WorkItemNotes>` with the 500-note activity
 * of `bench/notes.bench.tsx`, as the product renders it on the server (the notes' HTML sanitised
 * where it was rendered, `isHtmlSanitized`), incremental (the first 20 threads, the rest after
 * hydration) against every thread at once (`initialCount` = all), interleaved, in this process:
 * the CPU time (user + system, `process.cpuUsage`) of each render, steadier than wall time on a
 * shared machine, and the HTML's size. React's production build (`NODE_ENV=production`, set here
 * before React loads), as the product's server runs it. Prints the Markdown rows for docs/benchmarks.md.
 *
 * `BENCH_ROUNDS` (default 15) sets the rounds; one warm-up render of each comes first.
 */
import { register } from 'node:module';
import { loadavg } from 'node:os';

process.env.NODE_ENV = 'production';
// The library's components import their stylesheets; a server render has no use for them.
register(
  `data:text/javascript,${encodeURIComponent(
    "export async function load(url, context, next) { return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context); }",
  )}`,
);

const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const { WorkItemNotes } = await import('../src/markdown/WorkItemNotes/index.ts');
const { longDiscussions, NOTES_CURRENT_USER } = await import('../stories/markdown/workItemNotesData.ts');
const { cpuMs, median } = await import('./cpuTime.ts');

const NOTE_COUNT = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DISCUSSIONS = longDiscussions(NOTE_COUNT);
const noop = async () => {};

/** The activity as the product's issue page renders it, incremental or every thread at once. */
const activity = (all) =>
  createElement(WorkItemNotes, {
    discussions: DISCUSSIONS,
    currentUser: NOTES_CURRENT_USER,
    canCreateNote: true,
    onAddNote: noop,
    onToggleAward: noop,
    isHtmlSanitized: true,
    initialCount: all ? DISCUSSIONS.length : undefined,
  });

const html = { incremental: renderToString(activity(false)), all: renderToString(activity(true)) };
const cpu = { incremental: [], all: [] };
const load = loadavg()[0];
for (let round = 0; round < ROUNDS; round += 1) {
  cpu.incremental.push(await cpuMs(() => renderToString(activity(false))));
  cpu.all.push(await cpuMs(() => renderToString(activity(true))));
}

const kb = (text) => `${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`;
const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (candidate, anchor) => `${(anchor / candidate).toFixed(1)}x`;
const [incremental, all] = [median(cpu.incremental), median(cpu.all)];
console.log(
  `${DISCUSSIONS.length} threads, ${NOTE_COUNT} notes; medians of ${ROUNDS} interleaved rounds; load average ${load.toFixed(1)} -> ${loadavg()[0].toFixed(1)}\n`,
);
console.log('| metric | incremental | all at once | all / incremental |');
console.log('| --- | ---: | ---: | ---: |');
console.log(
  `| server HTML | ${kb(html.incremental)} | ${kb(html.all)} | ${ratio(html.incremental.length, html.all.length)} |`,
);
console.log(
  `| server render CPU time (\`renderToString\`) | ${ms(incremental)} | ${ms(all)} | ${ratio(incremental, all)} |`,
);
