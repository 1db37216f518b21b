// Issue 16's hostile inputs timed against markdown-it (default preset, raw HTML and linkify on, as
// the renderer; for `www.` links with linkify-it's fuzzy links, the same work), in this process, CPU
// time, interleaved rounds, medians. Prints ours / markdown-it for each input and for the input
// doubled, and how much our time grew when the input doubled (linear: about 2).
//   node --import tsx bench/markdownHostile.ts [rounds]
import { loadavg } from 'node:os';
import createMarkdownIt from 'markdown-it';
import { renderMarkdownUnsanitized } from '../src/markdown/render/renderMarkdown';
import type { MarkdownReference } from '../src/markdown/render/types';
import { HOSTILE_INPUTS } from './corpus';
import { cpuMs, median } from './cpuTime.ts';

const DEFAULT_ROUNDS = 5;
const rounds = Number(process.argv[2] ?? DEFAULT_ROUNDS);
const plain = createMarkdownIt({ html: true, linkify: true });
const fuzzy = createMarkdownIt({ html: true, linkify: true });
fuzzy.linkify.set({ fuzzyLink: true });
const context = {
  resolveReferences: async (refs: MarkdownReference[]) => refs.map((_ref, i) => ({ url: `/r/${i}` })),
};

console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}, ${rounds} rounds`,
);
for (const { name, make, fuzzyLinks } of HOSTILE_INPUTS) {
  const baseline = fuzzyLinks ? fuzzy : plain;
  const results = [];
  for (const scale of [1, 2]) {
    const text = make(scale);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      theirs.push(await cpuMs(() => baseline.render(text)));
      ours.push(await cpuMs(() => renderMarkdownUnsanitized(text, context)));
    }
    results.push({ ours: median(ours), theirs: median(theirs) });
  }
  const [once, twice] = results as [{ ours: number; theirs: number }, { ours: number; theirs: number }];
  console.log(
    `${name}: ${once.ours.toFixed(0)} / ${once.theirs.toFixed(0)} ms = ${(once.ours / once.theirs).toFixed(2)}x; ` +
      `doubled ${twice.ours.toFixed(0)} / ${twice.theirs.toFixed(0)} ms = ${(twice.ours / twice.theirs).toFixed(2)}x; ` +
      `ours grew ${(twice.ours / once.ours).toFixed(2)}x`,
  );
}
