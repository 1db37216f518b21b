// renderMarkdown throughput in Chromium (it runs in browsers too) against plain markdown-it on the
// same input, in the same run, interleaved. The issue asks for at least 0.5x plain markdown-it.
// Corpora: a 512 kB documentation page and a 1 MB issue thread full of mentions, references and
// code fences (bench/corpus.ts, deterministic).
import createMarkdownIt from 'markdown-it';
import { expect, it } from 'vitest';
import { renderMarkdown, renderMarkdownUnsanitized, type MarkdownReference } from '../src/markdown';
import { sanitizeHtml } from '../src/utils/sanitize';
import { documentationPage, issueThread } from './corpus';
import { measure, report, type Measurement } from './support';

const ROUNDS = 11;
const MB = 1024 * 1024;

/** Runs candidate and anchor alternately, one sample each per round, so drifting load hits both alike. */
async function interleaved(rounds: number, runs: Record<string, () => unknown>): Promise<Record<string, Measurement>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(runs))
      samples[name]!.push(...(await measure(name, run, { samples: 1 })).samplesMs);
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, ms]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return [name, { name, medianMs: sorted[Math.floor(sorted.length / 2)]!, samplesMs: ms }];
    }),
  );
}

const mbPerSecond = (bytes: number, m: Measurement) => (bytes / MB / (m.medianMs / 1000)).toFixed(1);

it('renderMarkdown throughput against plain markdown-it', async () => {
  const plain = createMarkdownIt({ html: true, linkify: true });
  const context = {
    resolveReferences: async (refs: MarkdownReference[]) =>
      refs.map((ref, i) => ({ url: `/-/references/${i}`, title: ref.text, id: i })),
  };
  const corpora = { 'documentation page': documentationPage(), 'issue thread': issueThread() };
  const rows: Parameters<typeof report>[1] = [];

  for (const [corpus, text] of Object.entries(corpora)) {
    // Sanity: the candidate really does the work being measured.
    const html = await renderMarkdown(text, context);
    if (corpus === 'issue thread') {
      expect(html).toContain('class="gfm gfm-issue"');
      expect(html).toContain('class="gfm gfm-project_member"');
    }
    expect(html).toContain('js-syntax-highlight');

    const m = await interleaved(ROUNDS, {
      markdownIt: () => plain.render(text),
      renderMarkdownUnsanitized: () => renderMarkdownUnsanitized(text, context),
      markdownItSanitized: () => sanitizeHtml(plain.render(text)),
      renderMarkdown: () => renderMarkdown(text, context),
    });
    const size = `${(text.length / MB).toFixed(2)} MB`;
    rows.push(
      {
        metric: `${corpus} (${size}), render: renderMarkdownUnsanitized ${mbPerSecond(text.length, m.renderMarkdownUnsanitized!)} MB/s vs markdown-it ${mbPerSecond(text.length, m.markdownIt!)} MB/s`,
        candidate: m.renderMarkdownUnsanitized!,
        anchor: m.markdownIt!,
      },
      {
        metric: `${corpus} (${size}), render + sanitise: renderMarkdown ${mbPerSecond(text.length, m.renderMarkdown!)} MB/s vs markdown-it + sanitizeHtml ${mbPerSecond(text.length, m.markdownItSanitized!)} MB/s`,
        candidate: m.renderMarkdown!,
        anchor: m.markdownItSanitized!,
      },
      {
        metric: `${corpus} (${size}), renderMarkdown (sanitised) vs bare markdown-it`,
        candidate: m.renderMarkdown!,
        anchor: m.markdownIt!,
      },
    );
  }
  await report('markdown', rows);
});
