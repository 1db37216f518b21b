// renderMarkdown in plain Node (no global DOM): every feature of section 1 of the Markdown issue,
// table by table, and the same sanitised output as in a browser (a shared jsdom window, loaded on
// first use), so a server storing `*_html` and the browser agree.
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { MARKDOWN_MAX_NESTING, renderMarkdown, renderMarkdownUnsanitized } from '../src/markdown';
import {
  MARKDOWN_ALERT_TITLES,
  MARKDOWN_AUDIO_EXTENSIONS,
  MARKDOWN_VIDEO_EXTENSIONS,
  TASK_LIST_UNTITLED_LABEL,
} from '../src/markdown/render/constants';
import { MARKDOWN_ESCAPED_TAGS } from '../src/markdown/render/tagFilter';
import { RAW_TAG_NAMES, SURVIVED, notesWithRawTag } from './support/rawTagNames';

interface Case {
  name: string;
  markdown: string;
  /** Exact output, when the whole of it matters. */
  html?: string;
  contains?: string[];
  excludes?: string[];
}

function runCases(cases: Case[], context: Parameters<typeof renderMarkdown>[1] = {}) {
  for (const { name, markdown, html, contains = [], excludes = [] } of cases) {
    it(name, async () => {
      const out = await renderMarkdown(markdown, context);
      if (html !== undefined) expect(out).toBe(html);
      for (const text of contains) expect(out).toContain(text);
      for (const text of excludes) expect(out).not.toContain(text);
    });
  }
}

it('runs without a DOM', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
});

describe('CommonMark and GFM', () => {
  runCases([
    { name: 'emphasis', markdown: '*a* **b** `c`', html: '<p><em>a</em> <strong>b</strong> <code>c</code></p>\n' },
    {
      name: 'images load lazily and decode asynchronously',
      markdown: '![diagram](/uploads/a.png "Title")',
      html: '<p><img src="/uploads/a.png" alt="diagram" title="Title" loading="lazy" decoding="async"></p>\n',
    },
    {
      name: 'tables with alignment',
      markdown: '| a | b |\n|---|:-:|\n| 1 | 2 |',
      contains: [
        '<table>',
        '<th>a</th>',
        '<th style="text-align:center">b</th>',
        '<td>1</td>',
        '<td style="text-align:center">2</td>',
      ],
    },
    { name: 'strikethrough', markdown: '~~gone~~', html: '<p><s>gone</s></p>\n' },
    {
      name: 'task lists',
      markdown: '- [ ] todo\n- [x] done\n- [X] also done\n- plain',
      html:
        '<ul class="task-list">\n' +
        '<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" aria-label="todo" disabled=""> todo</li>\n' +
        '<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" checked="" aria-label="done" disabled=""> done</li>\n' +
        '<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" checked="" aria-label="also done" disabled=""> also done</li>\n' +
        '<li>plain</li>\n</ul>\n',
    },
    {
      name: 'ordered and nested task lists',
      markdown: '1. [ ] one\n   - [x] nested',
      contains: [
        '<ol class="task-list">',
        '<ul class="task-list">',
        'aria-label="one" disabled=""> one',
        'checked="" aria-label="nested" disabled=""> nested',
      ],
    },
    { name: 'no task without the space after the box', markdown: '- [x]done', excludes: ['checkbox'] },
    {
      name: 'autolinks with a scheme',
      markdown: 'see https://example.com/a?b=1.',
      html: '<p>see <a href="https://example.com/a?b=1">https://example.com/a?b=1</a>.</p>\n',
    },
    {
      name: 'www autolinks',
      markdown: 'www.example.com/x',
      html: '<p><a href="http://www.example.com/x">www.example.com/x</a></p>\n',
    },
    {
      name: 'e-mail autolinks',
      markdown: 'me@example.com',
      html: '<p><a href="mailto:me@example.com">me@example.com</a></p>\n',
    },
    {
      name: 'no links for bare file names',
      markdown: 'README.md setup.py example.com',
      html: '<p>README.md setup.py example.com</p>\n',
    },
    {
      name: 'no links for bare file names next to a www address',
      markdown: 'README.md www.a.com',
      html: '<p>README.md <a href="http://www.a.com">www.a.com</a></p>\n',
    },
    {
      name: 'angle-bracket autolinks',
      markdown: '<https://example.com>',
      html: '<p><a href="https://example.com">https://example.com</a></p>\n',
    },
    {
      name: 'footnotes',
      markdown: 'Text[^note].\n\n[^note]: The note.',
      contains: [
        '<p>Text<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup>.</p>',
        '<section class="footnotes">',
        '<li id="fn1" class="footnote-item"><p>The note. <a href="#fnref1" class="footnote-backref">',
      ],
    },
    {
      name: 'inline footnotes',
      markdown: 'Text^[inline note].',
      contains: ['<li id="fn1" class="footnote-item"><p>inline note'],
    },
    {
      name: 'a footnote reference without a definition stays text',
      markdown: 'Text[^none].',
      html: '<p>Text[^none].</p>\n',
    },
    {
      name: 'hard breaks need two spaces or a backslash',
      markdown: 'a\nb  \nc\\\nd',
      html: '<p>a\nb<br>\nc<br>\nd</p>\n',
    },
  ]);
});

describe('task checkboxes are named by the renderer (first paint passes axe, no enhancer needed)', () => {
  const labels = async (markdown: string, context?: Parameters<typeof renderMarkdown>[1]) =>
    Array.from((await renderMarkdown(markdown, context)).matchAll(/aria-label="([^"]*)"/g), (m) => m[1]);

  it('after the item’s own text: formatting dropped, nested lists left out, paragraphs joined', async () => {
    expect(await labels('- [ ] Buy **milk**\n- [x] Walk the _dog_\n  - [ ] Find the lead\n')).toEqual([
      'Buy milk',
      'Walk the dog',
      'Find the lead',
    ]);
    expect(await labels('- [ ] First\n\n  more text\n\n- [x] Second\n')).toEqual(['First more text', 'Second']);
    expect(await labels('1. [~] not `needed` here\n')).toEqual(['not needed here']);
  });

  it(`as '${TASK_LIST_UNTITLED_LABEL}' when the item has no text`, async () => {
    expect(await labels('- [ ]\n- [x] \n')).toEqual([TASK_LIST_UNTITLED_LABEL, TASK_LIST_UNTITLED_LABEL]);
  });

  it('with references and emoji as the reader sees them, and text escaped', async () => {
    const context = {
      resolveReferences: async (refs: unknown[]) => refs.map((_ref, i) => ({ url: `/r/${i}`, state: 'closed' })),
      emoji: (name: string) => ({ unicode: '🙂', description: name }),
    };
    expect(await labels('- [ ] fix #1 with @bob :smile: "a" < b & <b>c</b>[^1]\n\n[^1]: n\n', context)).toEqual([
      'fix #1 (closed) with @bob 🙂 &quot;a&quot; &lt; b &amp; c[1]',
    ]);
  });

  it('the same with the document sanitised in parts (placeholders never reach the name)', async () => {
    const context = {
      resolveReferences: async (refs: unknown[]) => refs.map((_ref, i) => ({ url: `/r/${i}` })),
    };
    expect(await labels('- [ ] ask @bob\n- [ ] ask @bob again\n', context)).toEqual(['ask @bob', 'ask @bob again']);
  });
});

describe('heading anchors', () => {
  runCases([
    {
      name: 'id and permalink',
      markdown: '## Install GitLab',
      html: '<h2 id="user-content-install-gitlab"><a class="anchor" href="#install-gitlab" aria-hidden="true" tabindex="-1"></a>Install GitLab</h2>\n',
    },
    {
      name: 'punctuation removed, dashes squeezed',
      markdown: '# Hello, World! -- `v1.2` & *more*',
      contains: ['id="user-content-hello-world-v12-more"'],
    },
    { name: 'unicode letters kept', markdown: '# Ünïcödé 日本語', contains: ['id="user-content-ünïcödé-日本語"'] },
    {
      name: 'digits only get a prefix',
      markdown: '# 123',
      contains: ['id="user-content-anchor-123"', 'href="#anchor-123"'],
    },
    {
      name: 'duplicates are numbered',
      markdown: '# A\n# A\n# A-1\n# A',
      contains: ['id="user-content-a"', 'id="user-content-a-1"', 'id="user-content-a-1-1"', 'id="user-content-a-2"'],
    },
    { name: 'setext headings too', markdown: 'Title\n=====', contains: ['<h1 id="user-content-title">'] },
    { name: 'no anchor for a heading without text', markdown: '# !!!', html: '<h1>!!!</h1>\n' },
  ]);
});

describe('front matter', () => {
  runCases([
    {
      name: 'YAML front matter as a code block',
      markdown: '---\ntitle: x\n---\n# Body',
      contains: [
        '<pre class="code highlight js-syntax-highlight" data-canonical-lang="yaml" data-lang-params="frontmatter"><code>title: x\n</code></pre>',
        '<h1 id="user-content-body">',
      ],
    },
    {
      name: 'TOML front matter',
      markdown: '+++\na = 1\n+++\n',
      contains: ['data-canonical-lang="toml"', '<code>a = 1\n</code>'],
    },
    {
      name: 'JSON front matter',
      markdown: ';;;\n{"a": 1}\n;;;\n',
      contains: ['data-canonical-lang="json"', '<code>{"a": 1}\n</code>'],
    },
    {
      name: 'a language after the delimiter',
      markdown: '---custom\nx\n---\n',
      contains: ['data-canonical-lang="custom"'],
    },
    { name: 'only at the top', markdown: 'text\n\n---\na: b\n---\n', excludes: ['frontmatter'] },
    {
      name: 'not without its closing delimiter',
      markdown: '---\nA paragraph after a rule.',
      html: '<hr>\n<p>A paragraph after a rule.</p>\n',
    },
  ]);
  it('can be dropped', async () => {
    expect(await renderMarkdown('---\ntitle: x\n---\nBody', { frontMatter: 'drop' })).toBe('<p>Body</p>\n');
  });
});

describe('emoji shortcodes', () => {
  runCases([
    {
      name: 'become gl-emoji elements',
      markdown: 'Nice :smile: :+1: :-1: :100:',
      html: '<p>Nice <gl-emoji data-name="smile">:smile:</gl-emoji> <gl-emoji data-name="+1">:+1:</gl-emoji> <gl-emoji data-name="-1">:-1:</gl-emoji> <gl-emoji data-name="100">:100:</gl-emoji></p>\n',
    },
    {
      name: 'separated by anything but a letter, digit or colon',
      markdown: '(:a:):b:, :c:!',
      html: '<p>(<gl-emoji data-name="a">:a:</gl-emoji>)<gl-emoji data-name="b">:b:</gl-emoji>, <gl-emoji data-name="c">:c:</gl-emoji>!</p>\n',
    },
    { name: 'not back to back', markdown: ':a::b: :c:d', excludes: ['gl-emoji'] },
    {
      name: 'in link text',
      markdown: '[:tada: done](https://example.com)',
      contains: ['<a href="https://example.com"><gl-emoji data-name="tada">:tada:</gl-emoji> done</a>'],
    },
    { name: 'not in code', markdown: '`:smile:`\n\n```\n:smile:\n```', excludes: ['gl-emoji'] },
    { name: 'not in times or words', markdown: 'at 10:30:45, std::vector:x: and a:b:', excludes: ['gl-emoji'] },
    { name: 'not with upper case or spaces', markdown: ':Smile: : smile:', excludes: ['gl-emoji'] },
  ]);

  it('fills in the character and title from context.emoji, leaving unknown names as text', async () => {
    const emoji = vi.fn((name: string) =>
      name === 'smile' ? { unicode: '😄', description: 'smiling face', unicodeVersion: '6.0' } : null,
    );
    const html = await renderMarkdown(':smile: :nope: :smile:', { emoji });
    expect(html).toBe(
      '<p><gl-emoji data-name="smile" title="smiling face" data-unicode-version="6.0">😄</gl-emoji> :nope: <gl-emoji data-name="smile" title="smiling face" data-unicode-version="6.0">😄</gl-emoji></p>\n',
    );
    // Looked up once per distinct name.
    expect(emoji).toHaveBeenCalledTimes(2);
  });

  it('escapes what context.emoji returns', async () => {
    const html = await renderMarkdown(':x:', {
      emoji: () => ({ unicode: '<img src=x onerror=alert(1)>', description: '"><script>' }),
    });
    expect(html).not.toMatch(/<(img|script)/);
  });
});

describe('math', () => {
  const inline = (tex: string, style = 'inline') =>
    `<code class="code math js-render-math" data-math-style="${style}">${tex}</code>`;
  const block = (tex: string) => `<pre>${inline(tex, 'display')}</pre>\n`;
  runCases([
    { name: '$...$ inline', markdown: 'Area $\\pi r^2$ here', html: `<p>Area ${inline('\\pi r^2')} here</p>\n` },
    { name: "GitLab's $`...`$ inline", markdown: 'Area $`a*b*c`$ here', html: `<p>Area ${inline('a*b*c')} here</p>\n` },
    {
      name: '$$...$$ within text is display math',
      markdown: 'so $$x^2$$ is',
      html: `<p>so ${inline('x^2', 'display')} is</p>\n`,
    },
    { name: '$$ block over lines', markdown: '$$\na = b\n+ c\n$$', html: block('a = b\n+ c') },
    { name: '$$ block on one line', markdown: '$$ a = b $$', html: block('a = b') },
    { name: '$$ block in a list', markdown: '- item\n\n  $$\n  x\n  $$', contains: [block('x')] },
    { name: '```math fence', markdown: '```math\n\\frac{1}{2}\n```', html: block('\\frac{1}{2}\n') },
    { name: 'markdown is not parsed inside math', markdown: '$a*b*c_d_$', html: `<p>${inline('a*b*c_d_')}</p>\n` },
    { name: 'math source is escaped', markdown: '$a<b>c$', html: `<p>${inline('a&lt;b&gt;c')}</p>\n` },
    { name: 'money is not math', markdown: 'It costs $5 and $6.', html: '<p>It costs $5 and $6.</p>\n' },
    { name: 'a dollar before a digit closes nothing', markdown: 'From $a to $1$2', html: '<p>From $a to $1$2</p>\n' },
    { name: 'no math when the dollar is followed by a space', markdown: '$ a$', html: '<p>$ a$</p>\n' },
    { name: 'escaped dollars', markdown: '\\$a$', html: '<p>$a$</p>\n' },
    { name: 'a closing dollar can be escaped inside', markdown: '$a\\$b$', html: `<p>${inline('a\\$b')}</p>\n` },
    { name: 'not in code spans', markdown: '`$a$`', html: '<p><code>$a$</code></p>\n' },
    { name: 'unclosed $$ is text', markdown: '$$\nx', html: '<p>$$\nx</p>\n' },
    {
      name: 'a $$ block needs nothing after its closing $$',
      markdown: '$$ a $$ b',
      html: `<p>${inline(' a ', 'display')} b</p>\n`,
    },
  ]);
});

describe('code blocks', () => {
  runCases([
    {
      name: 'a fence with a language',
      markdown: '```ts\nconst a = 1 < 2;\n```',
      html: '<pre class="code highlight js-syntax-highlight" data-canonical-lang="ts"><code>const a = 1 &lt; 2;\n</code></pre>\n',
    },
    {
      name: 'no language is plaintext',
      markdown: '```\nx\n```',
      html: '<pre class="code highlight js-syntax-highlight" data-canonical-lang="plaintext"><code>x\n</code></pre>\n',
    },
    {
      name: 'indented code is plaintext',
      markdown: '    x',
      html: '<pre class="code highlight js-syntax-highlight" data-canonical-lang="plaintext"><code>x\n</code></pre>\n',
    },
    {
      name: 'the language is lower-cased',
      markdown: '```TypeScript\nx\n```',
      contains: ['data-canonical-lang="typescript"'],
    },
    {
      name: 'c++, c# and objective-c are languages',
      markdown: '```c++\n```\n```c#\n```\n```objective-c\n```',
      contains: ['data-canonical-lang="c++"', 'data-canonical-lang="c#"', 'data-canonical-lang="objective-c"'],
    },
    {
      name: 'the rest of the info string is kept as parameters, as GitLab does',
      markdown: '~~~~    ruby startline=3 $%@#$\nx\n~~~~~~~',
      contains: ['data-canonical-lang="ruby" data-lang-params="startline=3 $%@#$"><code>x\n</code>'],
    },
    {
      name: 'languages in any script',
      markdown: '```föö\n```\n```日本語:x\n```',
      contains: ['data-canonical-lang="föö"', 'data-canonical-lang="日本語" data-lang-params="x"'],
    },
    {
      name: 'parameters after a colon',
      markdown: '```yaml:config\n```',
      contains: ['data-canonical-lang="yaml" data-lang-params="config"'],
    },
    {
      name: 'a language with other characters is dropped',
      markdown: '```"><script>alert(1)</script>\nx\n```\n```a"b\n```\n```j&s\n```',
      excludes: ['<script', 'a"b', 'j&'],
      contains: ['data-canonical-lang="plaintext"'],
    },
    {
      name: 'mermaid fences become diagram blocks',
      markdown: '```mermaid\ngraph TD; A-->B<br>;\n```',
      html: '<pre class="js-render-mermaid" data-lang="mermaid"><code>graph TD; A--&gt;B&lt;br&gt;;\n</code></pre>\n',
    },
    {
      name: 'json:table fences become JSON table blocks',
      markdown: '```json:table\n{"items": [{"a": "<b>"}]}\n```',
      html: '<div class="js-json-table" data-json="{&quot;items&quot;: [{&quot;a&quot;: &quot;&lt;b&gt;&quot;}]}"><pre><code>{"items": [{"a": "&lt;b&gt;"}]}\n</code></pre></div>\n',
    },
    { name: 'plain json stays code', markdown: '```json\n{}\n```', contains: ['data-canonical-lang="json"'] },
  ]);

  it('uses context.highlight and marks the block as highlighted', async () => {
    const highlight = vi.fn((code: string, lang: string) =>
      lang === 'ts' ? `<span class="k">${code.trim()}</span>` : null,
    );
    const html = await renderMarkdown('```ts\nconst\n```\n\n```py\nx\n```\n\n```mermaid\ng\n```\n\n```math\nm\n```', {
      highlight,
    });
    expect(html).toContain(
      'data-canonical-lang="ts"><code data-highlighted="yes"><span class="k">const</span></code></pre>',
    );
    expect(html).toContain('data-canonical-lang="py"><code>x\n</code></pre>');
    expect(highlight.mock.calls).toEqual([
      ['const\n', 'ts'],
      ['x\n', 'py'],
    ]);
  });
});

describe('table of contents', () => {
  runCases([
    {
      name: '[[_TOC_]] lists every heading, nested as GitLab nests them',
      markdown: '[[_TOC_]]\n\n## A\n#### B\n### C\n# D',
      html:
        '<nav class="table-of-contents" aria-label="Table of contents"><ul class="section-nav">' +
        '<li><a href="#a">A</a><ul><li><a href="#b">B</a></li><li><a href="#c">C</a></li></ul></li>' +
        '<li><a href="#d">D</a></li></ul></nav>\n' +
        '<h2 id="user-content-a"><a class="anchor" href="#a" aria-hidden="true" tabindex="-1"></a>A</h2>\n' +
        '<h4 id="user-content-b"><a class="anchor" href="#b" aria-hidden="true" tabindex="-1"></a>B</h4>\n' +
        '<h3 id="user-content-c"><a class="anchor" href="#c" aria-hidden="true" tabindex="-1"></a>C</h3>\n' +
        '<h1 id="user-content-d"><a class="anchor" href="#d" aria-hidden="true" tabindex="-1"></a>D</h1>\n',
    },
    {
      name: 'entries link to the numbered slugs of repeated headings, their text escaped',
      markdown: '[TOC]\n\n# a <b\n# a <b',
      contains: ['<a href="#a-b">a &lt;b</a>', '<a href="#a-b-1">a &lt;b</a>'],
    },
    {
      name: 'only the first tag gets a table',
      markdown: '[TOC]\n\n# A\n\n[TOC]',
      html: '<nav class="table-of-contents" aria-label="Table of contents"><ul class="section-nav"><li><a href="#a">A</a></li></ul></nav>\n<h1 id="user-content-a"><a class="anchor" href="#a" aria-hidden="true" tabindex="-1"></a>A</h1>\n',
    },
    { name: 'nothing without headings', markdown: '[TOC]', html: '' },
    { name: 'not inside a list', markdown: '- [TOC]\n\n# A', excludes: ['section-nav'] },
  ]);
});

describe('inline diff', () => {
  runCases([
    {
      name: 'additions and deletions, both bracket forms',
      markdown: '{+ added +} [+ added +] {- removed -} [- removed -]',
      html:
        '<p><span class="idiff left right addition"> added </span> <span class="idiff left right addition"> added </span> ' +
        '<span class="idiff left right deletion"> removed </span> <span class="idiff left right deletion"> removed </span></p>\n',
    },
    {
      name: 'not across markup, not escaped, not unclosed, not in code',
      markdown: '{+ **a** +} \\{+ b +} {+ c `{+ d +}`',
      excludes: ['idiff'],
    },
    {
      name: 'its text is escaped',
      markdown: '{+ <b +}',
      contains: ['<span class="idiff left right addition"> &lt;b </span>'],
    },
  ]);
});

describe('multi-line block quotes', () => {
  runCases([
    {
      name: '>>> ... >>> holds any Markdown',
      markdown: '>>>\nquote **b**\n\n- item\n>>>\nafter',
      html: '<blockquote>\n<p>quote <strong>b</strong></p>\n<ul>\n<li>item</li>\n</ul>\n</blockquote>\n<p>after</p>\n',
    },
    {
      name: 'without its closing line, CommonMark nested quotes',
      markdown: '>>> foo\n> bar\n>>baz',
      html: '<blockquote>\n<blockquote>\n<blockquote>\n<p>foo\nbar\nbaz</p>\n</blockquote>\n</blockquote>\n</blockquote>\n',
    },
    {
      name: 'inside a list item',
      markdown: '- a\n\n  >>>\n  q\n  >>>',
      contains: ['<li>\n<p>a</p>\n<blockquote>\n<p>q</p>\n</blockquote>'],
    },
  ]);
});

describe('alerts', () => {
  const alert = (type: string, title: string, body = '') =>
    `<div class="markdown-alert markdown-alert-${type}">\n<p class="markdown-alert-title">${title}</p>\n${body}</div>\n`;
  runCases(
    Object.entries(MARKDOWN_ALERT_TITLES).map(([type, title]) => ({
      name: `[!${type}] with its default title`,
      markdown: `> [!${type.toUpperCase()}]\n> Read *this*.`,
      html: alert(type, title, '<p>Read <em>this</em>.</p>\n'),
    })),
  );
  runCases([
    {
      name: 'a custom title, with Markdown',
      markdown: '> [!warning] Data **deletion**\n> Gone.',
      html: alert('warning', 'Data <strong>deletion</strong>', '<p>Gone.</p>\n'),
    },
    { name: 'a marker alone', markdown: '> [!tip]', html: alert('tip', 'Tip') },
    {
      name: 'in a multi-line quote',
      markdown: '>>>\n[!note]\nSee.\n>>>',
      html: alert('note', 'Note', '<p>See.</p>\n'),
    },
    {
      name: 'unknown types and markers inside the text stay quotes',
      markdown: '> [!danger]\n> x\n\n> x [!note]',
      excludes: ['markdown-alert'],
    },
  ]);
});

describe('images, video and audio', () => {
  runCases([
    {
      name: 'width and height after an image',
      markdown: '![x](y.png){width=75% height=100px} and ![z](z.png){width=10}',
      html: '<p><img src="y.png" alt="x" width="75%" height="100px" loading="lazy" decoding="async"> and <img src="z.png" alt="z" width="10" loading="lazy" decoding="async"></p>\n',
    },
    { name: 'other attributes stay text', markdown: '![x](y.png){onerror=alert(1)}', contains: ['{onerror=alert(1)}'] },
    {
      name: 'a video by extension, sized, query ignored',
      markdown: '![clip](/f/clip.webm?x=1){width=300}',
      html: `<p><span class="media-container video-container"><video src="/f/clip.webm?x=1" controls="" preload="metadata" data-title="clip" width="300"></video><a href="/f/clip.webm?x=1" target="_blank" rel="noopener noreferrer" title="Download 'clip'">clip</a></span></p>\n`,
    },
    {
      name: 'every video and audio extension',
      markdown: [...MARKDOWN_VIDEO_EXTENSIONS, ...MARKDOWN_AUDIO_EXTENSIONS]
        .map((ext) => `![m](a.${ext.toUpperCase()})`)
        .join(' '),
      contains: ['<video src="a.MP4"', '<video src="a.OGV"', '<audio src="a.MP3"', '<audio src="a.WAV"'],
      excludes: ['<img'],
    },
  ]);
});

describe('colour chips', () => {
  const chip = (code: string) =>
    `<code>${code}<span class="gfm-color_chip"><span style="background-color: ${code};"></span></span></code>`;
  runCases([
    {
      name: 'hex, RGB(A) and HSL(A), any case',
      markdown:
        '`#F00` `#F00A` `#FF0000` `#ff0000aa` `RGB(0,255,0)` `rgba(0%, 100%, 0%, 0.3)` `HSL(540,70%,50%)` `hsla(540, 70%, 50%, .3)`',
      html: `<p>${['#F00', '#F00A', '#FF0000', '#ff0000aa', 'RGB(0,255,0)', 'rgba(0%, 100%, 0%, 0.3)', 'HSL(540,70%,50%)', 'hsla(540, 70%, 50%, .3)'].map(chip).join(' ')}</p>\n`,
    },
    {
      name: 'nothing else gets a chip',
      markdown: '`#F0` `#GGG` `red` `rgb(1,2)` `rgb(1,2,3);color:red` `hsl(1,2,3)` #F00',
      excludes: ['gfm-color_chip'],
    },
  ]);
});

describe('wiki links (context.wiki)', () => {
  runCases(
    [
      {
        name: 'pages, with and without a text',
        markdown: '[[Home page]] and [[the setup|How to/set up]]',
        html: '<p><a href="/g/p/-/wikis/Home-page" data-wiki-page="Home page">Home page</a> and <a href="/g/p/-/wikis/How-to/set-up" data-wiki-page="How to/set up">the setup</a></p>\n',
      },
      {
        name: 'addresses and images',
        markdown: '[[https://example.com/a]] [[diagram.png]]',
        html: '<p><a href="https://example.com/a">https://example.com/a</a> <img src="/g/p/-/wikis/diagram.png" alt="diagram.png" loading="lazy" decoding="async"></p>\n',
      },
      { name: 'no javascript: targets', markdown: '[[javascript:alert(1)]]', excludes: ['<a'] },
      { name: 'not across lines, not empty', markdown: '[[a\nb]] [[]] [[ | ]]', excludes: ['<a'] },
    ],
    { wiki: { baseUrl: '/g/p/-/wikis/' } },
  );
  it('are text outside a wiki', async () => {
    expect(await renderMarkdown('[[Home]]')).toBe('<p>[[Home]]</p>\n');
  });
});

describe('relative links (context.location)', () => {
  runCases(
    [
      {
        name: 'uploads, repository files from the rendered file, images raw, folders as trees',
        markdown: '[u](/uploads/ab/f.pdf) [r](../LICENSE) [s](sub/a.md#h) ![i](img.png) [d](sub/) [w](../../..)',
        contains: [
          '<a href="/root/g/p/-/uploads/ab/f.pdf" data-canonical-src="/uploads/ab/f.pdf">u</a>',
          '<a href="/root/g/p/-/blob/main/LICENSE" data-canonical-src="../LICENSE">r</a>',
          '<a href="/root/g/p/-/blob/main/docs/sub/a.md#h" data-canonical-src="sub/a.md#h">s</a>',
          '<img src="/root/g/p/-/raw/main/docs/img.png" alt="i" data-canonical-src="img.png"',
          '<a href="/root/g/p/-/tree/main/docs/sub/" data-canonical-src="sub/">d</a>',
          '<a href="/root/g/p/-/tree/main/" data-canonical-src="../../..">w</a>',
        ],
      },
      {
        name: 'absolute paths, addresses, fragments and autolinks stay',
        markdown: '[a](/g/p/-/issues/1) [b](https://x.com/y) [c](#top) [d](?q) <https://x.com/z> www.x.com/w',
        excludes: ['data-canonical-src'],
      },
    ],
    { location: { project: 'g/p', ref: 'main', path: 'docs/README.md', root: '/root' } },
  );
  runCases(
    [
      {
        name: "a group's uploads; without a ref relative paths stay",
        markdown: '[u](/uploads/f.png) [r](a.md)',
        html: '<p><a href="/groups/g/-/uploads/f.png" data-canonical-src="/uploads/f.png">u</a> <a href="a.md">r</a></p>\n',
      },
    ],
    { location: { group: 'g' } },
  );
});

describe('raw HTML is sanitised in Node as in a browser', () => {
  runCases([
    { name: 'inline HTML is kept', markdown: 'a <b>bold</b> move', html: '<p>a <b>bold</b> move</p>\n' },
    {
      name: 'details and summary are kept, Markdown inside them rendered',
      markdown: '<details><summary>More</summary>\n\n**Hidden**\n\n</details>',
      contains: ['<details><summary>More</summary>', '<strong>Hidden</strong>'],
    },
    { name: 'scripts', markdown: '<script>alert(1)</script>', excludes: ['<script'] },
    {
      name: 'event handlers',
      markdown: '<img src=x onerror=alert(1)> <b onclick="x()">b</b>',
      contains: ['<img src="x">', '<b>b</b>'],
      excludes: ['onerror', 'onclick'],
    },
    { name: 'forms', markdown: '<form action="/x"><input name="a"></form>', excludes: ['<form'] },
    {
      name: 'javascript: links',
      markdown:
        '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) <javascript:alert(1)> <a href="javascript:alert(1)">z</a>',
      excludes: ['href="javascript:', 'href="JaVaScRiPt:'],
    },
    {
      name: 'vbscript: and data: links',
      markdown: '[x](vbscript:msgbox) [y](data:text/html;base64,PHNjcmlwdD4=)',
      excludes: ['<a'],
    },
    { name: 'javascript: images', markdown: '![x](javascript:alert(1))', excludes: ['<img'] },
    {
      name: 'link titles and URLs are escaped',
      markdown: '[x](/a" onmouseover="alert(1) "t\\"")',
      excludes: ['<a'],
    },
    {
      name: 'data: images of known formats are kept',
      markdown: '![x](data:image/png;base64,iVBOR)',
      contains: ['<img src="data:image/png;base64,iVBOR" alt="x" loading="lazy" decoding="async">'],
    },
  ]);

  it('gives the same HTML as with a window of its own', async () => {
    const { window } = new JSDOM('');
    const text = '<details><summary>s</summary>\n\n- [x] *done* <kbd>K</kbd>\n\n</details>\n\n<b onclick="x()">b</b>';
    expect(await renderMarkdown(text)).toBe(
      await renderMarkdown(text, { window: window as unknown as Window & typeof globalThis }),
    );
  });
});

describe('the GFM tag filter: raw tags that would hide what follows are shown as text', () => {
  for (const tag of MARKDOWN_ESCAPED_TAGS) {
    it(`<${tag}> inline, as a block, closing and in upper case`, async () => {
      const upper = tag.toUpperCase();
      const html = await renderMarkdown(`a <${tag}> b </${tag}>\n\n<${upper} x="1">\n\nlater`);
      expect(html).toMatch(new RegExp(`^<p>a &lt;${tag}&gt; b &lt;/${tag}&gt;</p>\n&lt;${upper} x="1"&gt;\n`));
      // <script>, <style> and <textarea> start an HTML block that runs to their closing tag (CommonMark):
      // the rest is shown as its source, as GitLab does.
      expect(html).toMatch(/\n(<p>)?later(<\/p>)?\n?$/);
    });
  }

  it("GitLab's example (disallowed raw HTML)", async () => {
    const html = await renderMarkdown(
      '<strong> <title> <style> <em>\n\n<blockquote>\n  <xmp> is disallowed.  <XMP> is also disallowed.\n</blockquote>',
    );
    expect(html).toContain('&lt;title&gt; &lt;style&gt;');
    expect(html).toContain('&lt;xmp&gt; is disallowed.  &lt;XMP&gt; is also disallowed.');
  });

  it('leaves other tags and look-alikes alone', async () => {
    expect(await renderMarkdown('<b>x</b> <scripts> <titled> `<script>`')).toBe(
      '<p><b>x</b>   <code>&lt;script&gt;</code></p>\n',
    );
  });

  it('nothing makes later content disappear', async () => {
    const { window } = new JSDOM('');
    const lost: string[] = [];
    for (const name of RAW_TAG_NAMES) {
      for (const markdown of notesWithRawTag(name)) {
        const body = new window.DOMParser().parseFromString(await renderMarkdown(markdown), 'text/html').body;
        if (!SURVIVED.test(body.textContent ?? '')) lost.push(markdown);
      }
    }
    expect(lost).toEqual([]);
  });
});

describe('renderMarkdownUnsanitized', () => {
  it('returns raw HTML from the text as is: it must go through sanitizeHtml', async () => {
    expect(await renderMarkdownUnsanitized('<b onclick="x()">b</b>')).toBe('<p><b onclick="x()">b</b></p>\n');
  });
});

describe('nesting limit', () => {
  it(`parses at most ${MARKDOWN_MAX_NESTING} levels of quotes`, async () => {
    const html = await renderMarkdown(`${'> '.repeat(MARKDOWN_MAX_NESTING + 50)}deep`);
    const depth = html.match(/<blockquote>/g)?.length ?? 0;
    expect(depth).toBeGreaterThan(MARKDOWN_MAX_NESTING / 2);
    expect(depth).toBeLessThanOrEqual(MARKDOWN_MAX_NESTING);
  });
});
