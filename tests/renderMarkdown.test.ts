// renderMarkdown with a DOM (jsdom): raw HTML is allowed and everything goes through sanitizeHtml.
// Checks that the sanitiser removes what it must and keeps every class and attribute the
// post-processing pipeline reads (the renderer's own markup must survive sanitising intact).
import { describe, expect, it, vi } from 'vitest';
import { renderMarkdown, type MarkdownReference } from '../src/markdown';

/** Parses sanitised output for querying (never attached to the page). */
function parse(html: string) {
  return new DOMParser().parseFromString(html, 'text/html').body;
}

it('runs with a DOM', () => {
  expect(typeof window).toBe('object');
});

describe('raw HTML is allowed, then sanitised', () => {
  const cases: { name: string; markdown: string; contains: string[]; excludes: string[] }[] = [
    {
      name: 'details and summary',
      markdown: '<details>\n<summary>More</summary>\n\n**Hidden** text\n\n</details>',
      contains: ['<details>', '<summary>More</summary>', '<strong>Hidden</strong>'],
      excludes: ['&lt;details'],
    },
    {
      name: 'inline HTML',
      markdown: 'a <b>bold</b> <kbd>Ctrl</kbd> <sup>2</sup>',
      contains: ['<b>bold</b>', '<kbd>Ctrl</kbd>', '<sup>2</sup>'],
      excludes: [],
    },
    {
      name: 'scripts are shown as text (the GFM tag filter)',
      markdown: 'x<script>alert(1)</script>\n\n<script>alert(2)</script>',
      contains: ['x&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(2)&lt;/script&gt;'],
      excludes: ['<script'],
    },
    {
      name: 'event handlers',
      markdown: '<img src="a.png" onerror="alert(1)"> <b onclick="x()">b</b>',
      contains: ['<img src="a.png">', '<b>b</b>'],
      excludes: ['onerror', 'onclick'],
    },
    {
      name: 'javascript: in raw links',
      markdown: '<a href="javascript:alert(1)">x</a>',
      contains: ['<a>x</a>'],
      excludes: ['javascript'],
    },
    {
      name: 'javascript: in Markdown links',
      markdown: '[x](javascript:alert(1))',
      contains: [],
      excludes: ['href="javascript'],
    },
    {
      name: 'forms, style and mstyle',
      markdown: '<form action="/x"><input name="a"></form><style>*{}</style><math><mstyle></mstyle></math>',
      contains: [],
      excludes: ['<form', '<style', '<mstyle'],
    },
    {
      name: 'action data attributes',
      markdown: '<a href="/x" data-method="delete" data-remote="true">x</a>',
      contains: ['<a href="/x">x</a>'],
      excludes: ['data-method', 'data-remote'],
    },
    { name: 'iframes', markdown: '<iframe src="https://evil.example"></iframe>', contains: [], excludes: ['<iframe'] },
    {
      name: 'gl-emoji written by hand keeps only safe attributes',
      markdown: '<gl-emoji data-name="x" onmouseover="alert(1)">x</gl-emoji>',
      contains: ['<gl-emoji data-name="x">x</gl-emoji>'],
      excludes: ['onmouseover'],
    },
  ];
  for (const { name, markdown, contains, excludes } of cases) {
    it(name, async () => {
      const html = await renderMarkdown(markdown);
      for (const text of contains) expect(html).toContain(text);
      for (const text of excludes) expect(html).not.toContain(text);
    });
  }
});

describe("the renderer's markup survives sanitising", () => {
  it('references keep their link, classes and data attributes', async () => {
    const resolveReferences = vi.fn(async (refs: MarkdownReference[]) =>
      refs.map((ref, i) => ({
        url: `/r/${i}`,
        title: `T${i}`,
        id: i + 1,
        type: ref.name === 'devs' ? ('group' as const) : undefined,
      })),
    );
    const body = parse(await renderMarkdown('g/p#12 @alice @devs !3', { resolveReferences }));
    const issue = body.querySelector('a.gfm.gfm-issue')!;
    expect(issue.getAttribute('href')).toBe('/r/0');
    expect(issue.getAttribute('title')).toBe('T0');
    expect(issue.getAttribute('data-reference-type')).toBe('issue');
    expect(issue.getAttribute('data-project')).toBe('g/p');
    expect(issue.getAttribute('data-iid')).toBe('12');
    expect(issue.getAttribute('data-issue')).toBe('1');
    expect(issue.getAttribute('data-original')).toBe('g/p#12');
    const user = body.querySelector('a.gfm-project_member[data-reference-type="user"]')!;
    expect(user.getAttribute('data-user')).toBe('2');
    expect(user.getAttribute('data-username')).toBe('alice');
    expect(body.querySelector('a.gfm-project_member[data-reference-type="group"]')?.getAttribute('data-group')).toBe(
      '3',
    );
    expect(body.querySelector('a.gfm-merge_request')?.textContent).toBe('!3');
  });

  it('references inside raw HTML links are left alone', async () => {
    const resolveReferences = vi.fn(async (refs: MarkdownReference[]) => refs.map(() => ({ url: '/r' })));
    const html = await renderMarkdown('<a href="/x">see #12</a> and #13', { resolveReferences });
    expect(resolveReferences.mock.calls[0]![0].map((r) => r.text)).toEqual(['#13']);
    expect(parse(html).querySelectorAll('a')).toHaveLength(2);
  });

  it('heading ids and permalinks', async () => {
    const heading = parse(await renderMarkdown('## Getting started')).querySelector('h2')!;
    expect(heading.id).toBe('user-content-getting-started');
    const anchor = heading.querySelector('a.anchor')!;
    expect(anchor.getAttribute('href')).toBe('#getting-started');
    expect(anchor.getAttribute('aria-hidden')).toBe('true');
    expect(anchor.getAttribute('tabindex')).toBe('-1');
  });

  it('heading ids that would clobber DOM properties are kept thanks to their prefix', async () => {
    const body = parse(await renderMarkdown('# Cookie\n# Forms\n# Location'));
    expect([...body.querySelectorAll('h1')].map((h) => h.id)).toEqual([
      'user-content-cookie',
      'user-content-forms',
      'user-content-location',
    ]);
  });

  it('code blocks, diagrams and JSON tables', async () => {
    const body = parse(
      await renderMarkdown('```ts\nx\n```\n\n```mermaid\ngraph TD\n```\n\n```json:table\n{"items":[]}\n```'),
    );
    const code = body.querySelector('pre.code.highlight.js-syntax-highlight')!;
    expect(code.hasAttribute('lang')).toBe(false);
    expect(code.getAttribute('data-canonical-lang')).toBe('ts');
    const mermaid = body.querySelector('pre.js-render-mermaid')!;
    expect(mermaid.getAttribute('data-lang')).toBe('mermaid');
    expect(mermaid.textContent).toBe('graph TD\n');
    expect(body.querySelector('div.js-json-table')?.getAttribute('data-json')).toBe('{"items":[]}');
  });

  it('math', async () => {
    const body = parse(await renderMarkdown('$a$ and\n\n$$\nb\n$$'));
    const [inline, display] = [...body.querySelectorAll('code.code.math.js-render-math')];
    expect(inline?.getAttribute('data-math-style')).toBe('inline');
    expect(display?.getAttribute('data-math-style')).toBe('display');
    expect(display?.parentElement?.tagName).toBe('PRE');
  });

  it('task lists', async () => {
    const body = parse(await renderMarkdown('- [ ] a\n- [x] b'));
    expect(body.querySelector('ul')?.className).toBe('task-list');
    const boxes = [...body.querySelectorAll<HTMLInputElement>('li.task-list-item > input.task-list-item-checkbox')];
    expect(boxes.map((b) => [b.type, b.checked, b.disabled])).toEqual([
      ['checkbox', false, true],
      ['checkbox', true, true],
    ]);
  });

  it('emoji', async () => {
    const body = parse(
      await renderMarkdown(':tada:', { emoji: () => ({ unicode: '🎉', description: 'party popper' }) }),
    );
    const emoji = body.querySelector('gl-emoji')!;
    expect(emoji.getAttribute('data-name')).toBe('tada');
    expect(emoji.getAttribute('title')).toBe('party popper');
    expect(emoji.textContent).toBe('🎉');
  });

  it('footnotes', async () => {
    const body = parse(await renderMarkdown('a[^1]\n\n[^1]: note'));
    expect(body.querySelector('sup.footnote-ref a')?.getAttribute('href')).toBe('#fn1');
    expect(body.querySelector('section.footnotes li')?.id).toBe('fn1');
  });
});
