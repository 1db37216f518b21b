// Huge and hostile input in GitLab's own syntax (references, labels, emoji, autolinks, inline diff,
// multi-line quotes, alerts, tables of contents, colour chips, image attributes, wiki and relative
// links) finishes in bounded time in the renderer, timed against markdown-it on the same input in
// the same run (tests/support/markdownLimits.ts).
import { MARKDOWN_MAX_REFERENCES } from '../src/markdown';
import { describeHostileCases, fuzzy, MB } from './support/markdownLimits';

describeHostileCases("GitLab's syntax", [
  ['1 MB of issue references', () => '#1 '.repeat(MB / 3)],
  [
    `${MARKDOWN_MAX_REFERENCES * 100} distinct references`,
    () => Array.from({ length: MARKDOWN_MAX_REFERENCES * 100 }, (_, i) => `#${i}`).join(' '),
  ],
  ['1 MB of @', () => '@'.repeat(MB)],
  ['1 MB of unclosed quoted labels', () => '~"a'.repeat(MB / 3)],
  ['a 1 MB project path', () => `${'a/'.repeat(MB / 2)}#1`],
  ['project paths without a reference', () => 'a/b.c-d/e '.repeat(MB / 10)],
  ['1 MB of hex', () => 'a'.repeat(MB)],
  ['SHA-like words', () => 'abcdef1 '.repeat(MB / 8)],
  ['unclosed work item references', () => '[work_item:'.repeat(MB / 11)],
  ['colon runs', () => ':a'.repeat(MB / 2)],
  ['www autolinks', () => 'www.a.com '.repeat(100_000), fuzzy],
  ['a www autolink ending in 1 MB of parentheses', () => `www.a.com/${')'.repeat(MB)}`, fuzzy],
  ['inline diff openers without closers', () => '{+ [- '.repeat(MB / 6)],
  ['multi-line quote openers without closers', () => '- >>>\n'.repeat(MB / 7)],
  ['alert markers', () => '> [!note] x\n\n'.repeat(MB / 14)],
  [
    'a table of contents over 50,000 headings',
    () => `[[_TOC_]]\n\n${'# a\n'.repeat(50_000)}${'[TOC]\n\n'.repeat(10_000)}`,
  ],
  ['colour chip look-alikes', () => '`rgb(1, 2, 3, 4, 5` '.repeat(MB / 20)],
  ['image size look-alikes', () => '![a](b.png){width=1 width=1 '.repeat(MB / 30)],
  ['unclosed wiki links', () => '[[a '.repeat(MB / 4)],
  ['wiki links broken by line ends', () => '[[a\n]] '.repeat(MB / 8)],
  ['relative links', () => '[a](../../b/c.md) ![d](e.png) '.repeat(MB / 32)],
]);
