// Huge and hostile CommonMark input (quotes, lists, emphasis, brackets, footnotes, headings, task
// items, front matter, math) finishes in bounded time in the renderer: each case is timed against
// plain markdown-it on the same input in the same run (tests/support/markdownLimits.ts). Sanitising
// is DOMPurify's, timed in docs/benchmarks.md. GitLab's own syntax is in
// renderMarkdown.limitsGitlab.node.test.ts, issue 16's inputs in renderMarkdown.linear.node.test.ts.
import { it, expect } from 'vitest';
import { issueThread } from '../bench/corpus';
import { MARKDOWN_MAX_REFERENCES, renderMarkdown } from '../src/markdown';
import { describeHostileCases, limitsContext, LIMITS_TIMEOUT_MS, MB, resolver } from './support/markdownLimits';

describeHostileCases('CommonMark', [
  ['10 MB issue thread', () => issueThread(10 * MB, 3)],
  ['10 MB paragraph of plain words', () => 'lorem ipsum dolor sit amet '.repeat((10 * MB) / 27)],
  ['10,000 nested quotes', () => `${'> '.repeat(10_000)}a`],
  [
    '2,000 lines of ever deeper quotes',
    () => Array.from({ length: 2_000 }, (_, i) => `${'>'.repeat(i + 1)} a`).join('\n'),
  ],
  ['10,000 nested lists', () => `${'- '.repeat(10_000)}a`],
  ['10,000 nested ordered lists', () => `${'1. '.repeat(10_000)}a`],
  ['10,000 nested links and emphasis', () => `${'[*_'.repeat(10_000)}a${'_*](x)'.repeat(10_000)}`],
  ['pathological emphasis *a **a *a', () => '*a **a *a'.repeat(50_000)],
  ['pathological emphasis _a __a _a', () => '_a __a _a'.repeat(50_000)],
  ['strikethrough runs', () => '~~a ~'.repeat(100_000)],
  ['backtick runs', () => Array.from({ length: 20_000 }, (_, i) => '`'.repeat((i % 200) + 1)).join('a')],
  ['unclosed brackets', () => '[a'.repeat(100_000)],
  ['nested brackets', () => `${'['.repeat(100_000)}a${']'.repeat(100_000)}`],
  ['unclosed links', () => '[a]('.repeat(100_000)],
  ['unclosed HTML tags', () => '<a '.repeat(100_000)],
  ['footnote label runs', () => `[^a]: x\n\n${'[^a'.repeat(100_000)}`],
  ['inline footnote runs', () => '^[a'.repeat(100_000)],
  ['20,000 footnotes', () => Array.from({ length: 20_000 }, (_, i) => `x[^${i}]\n\n[^${i}]: note`).join('\n\n')],
  ['100,000 identical headings', () => '# a\n'.repeat(100_000)],
  ['one heading line of 2 MB', () => `# ${'a '.repeat(MB)}`],
  ['100,000 task items', () => '- [ ] a\n'.repeat(100_000)],
  ['front matter that never closes', () => `---\n${'a: b\n'.repeat(200_000)}`],
  ['single dollars without a closer', () => '$a '.repeat(200_000)],
  ['double dollars without a closer', () => '$$a '.repeat(200_000)],
  ['dollar backticks', () => '$`a`'.repeat(200_000)],
  ['$$ block openers', () => '$$ a\n'.repeat(100_000)],
  ['an unclosed $$ block', () => `$$\n${'x\n'.repeat(200_000)}`],
]);

// The file's first sanitised render: it loads jsdom and the sanitiser (4-7 s at load 25).
it(
  'never sends more than the reference cap to the resolver',
  async () => {
    resolver.lastCount = 0;
    await renderMarkdown(
      Array.from({ length: MARKDOWN_MAX_REFERENCES * 3 }, (_, i) => `@u${i}`).join(' '),
      limitsContext,
    );
    expect(resolver.lastCount).toBe(MARKDOWN_MAX_REFERENCES);
  },
  LIMITS_TIMEOUT_MS,
);
