// Product references in renderMarkdown (Node, sanitised with the shared jsdom window as in a browser).
// Every form of the issue's list, what the resolver receives, and the link it turns into.
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import {
  MARKDOWN_MAX_REFERENCES,
  renderMarkdown,
  type MarkdownReference,
  type ResolvedReference,
} from '../src/markdown';
import { readableTextColor } from '../src/utils/contrast';

/** A resolver that links everything to /ref/<index> and records each batch it receives. */
function recordingResolver(
  answer: (ref: MarkdownReference, index: number) => ResolvedReference | null = (_r, i) => ({ url: `/ref/${i}` }),
) {
  return vi.fn(async (refs: MarkdownReference[]) => refs.map(answer));
}

/** The first `<a ...>` of `html` as an attribute map plus its text. */
function firstLink(html: string) {
  const m = /<a ([^>]*)>(.*?)<\/a>/.exec(html);
  if (!m) return undefined;
  const attrs = Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
  return { attrs, text: m[2] };
}

describe('reference forms', () => {
  const forms: { text: string; ref: MarkdownReference }[] = [
    { text: '#123', ref: { type: 'issue', text: '#123', iid: 123 } },
    {
      text: 'group/project#123',
      ref: { type: 'issue', text: 'group/project#123', project: 'group/project', iid: 123 },
    },
    {
      text: 'group/sub.group/my-project#9',
      ref: { type: 'issue', text: 'group/sub.group/my-project#9', project: 'group/sub.group/my-project', iid: 9 },
    },
    { text: 'project#12', ref: { type: 'issue', text: 'project#12', project: 'project', iid: 12 } },
    { text: '!45', ref: { type: 'merge_request', text: '!45', iid: 45 } },
    {
      text: 'group/project!45',
      ref: { type: 'merge_request', text: 'group/project!45', project: 'group/project', iid: 45 },
    },
    { text: '&7', ref: { type: 'epic', text: '&7', iid: 7 } },
    { text: 'group&7', ref: { type: 'epic', text: 'group&7', project: 'group', iid: 7 } },
    { text: '[work_item:12]', ref: { type: 'work_item', text: '[work_item:12]', iid: 12 } },
    {
      text: '[work_item:group/project/12]',
      ref: { type: 'work_item', text: '[work_item:group/project/12]', project: 'group/project', iid: 12 },
    },
    { text: '%v1.0', ref: { type: 'milestone', text: '%v1.0', name: 'v1.0' } },
    { text: '%"Release 16"', ref: { type: 'milestone', text: '%"Release 16"', name: 'Release 16' } },
    {
      text: 'group/project%v2',
      ref: { type: 'milestone', text: 'group/project%v2', project: 'group/project', name: 'v2' },
    },
    { text: '~bug', ref: { type: 'label', text: '~bug', name: 'bug' } },
    { text: '~"needs review"', ref: { type: 'label', text: '~"needs review"', name: 'needs review' } },
    { text: '~priority::1', ref: { type: 'label', text: '~priority::1', name: 'priority::1' } },
    {
      text: '~"workflow::in review"',
      ref: { type: 'label', text: '~"workflow::in review"', name: 'workflow::in review' },
    },
    {
      text: 'group/project~bug',
      ref: { type: 'label', text: 'group/project~bug', project: 'group/project', name: 'bug' },
    },
    { text: '@alice', ref: { type: 'user', text: '@alice', name: 'alice' } },
    { text: '@alice.smith-2', ref: { type: 'user', text: '@alice.smith-2', name: 'alice.smith-2' } },
    { text: '@group/subgroup', ref: { type: 'user', text: '@group/subgroup', name: 'group/subgroup' } },
    { text: 'abcdef1', ref: { type: 'commit', text: 'abcdef1', sha: 'abcdef1' } },
    { text: 'a'.repeat(40), ref: { type: 'commit', text: 'a'.repeat(40), sha: 'a'.repeat(40) } },
    {
      text: 'group/project@abcdef12',
      ref: { type: 'commit', text: 'group/project@abcdef12', project: 'group/project', sha: 'abcdef12' },
    },
    { text: '$88888', ref: { type: 'snippet', text: '$88888', iid: 88888 } },
    {
      text: 'group/project$12',
      ref: { type: 'snippet', text: 'group/project$12', project: 'group/project', iid: 12 },
    },
  ];

  for (const { text, ref } of forms) {
    it(`${text} is a ${ref.type} reference`, async () => {
      const resolve = recordingResolver();
      const html = await renderMarkdown(`See ${text} here.`, { resolveReferences: resolve });
      expect(resolve).toHaveBeenCalledTimes(1);
      expect(resolve.mock.calls[0]![0]).toEqual([ref]);
      const link = firstLink(html)!;
      expect(link.attrs.href).toBe('/ref/0');
      expect(link.attrs['data-original']).toBe(text.replaceAll('&', '&amp;').replaceAll('"', '&quot;'));
      expect(link.attrs['data-reference-type']).toBe(ref.type);
      // Labels are drawn as <Label>: its classes come first on the link.
      const label = ref.type === 'label' ? 'fk-label__content ' : '';
      expect(link.attrs.class).toBe(`${label}gfm gfm-${ref.type === 'user' ? 'project_member' : ref.type}`);
      if (ref.iid !== undefined) expect(link.attrs['data-iid']).toBe(String(ref.iid));
      if (ref.project !== undefined) expect(link.attrs['data-project']).toBe(ref.project);
    });
  }

  const trailing: [string, string][] = [
    ['Thanks @alice.', '@alice'],
    ['Tagged ~bug.', '~bug'],
    ['Is it ~bug?', '~bug'],
    ['Due in %v1.0.', '%v1.0'],
    ['(#12)', '#12'],
    ['#12, #13', '#12'],
    ['**!3**', '!3'],
    ['- @bob', '@bob'],
  ];
  for (const [markdown, text] of trailing) {
    it(`reads ${JSON.stringify(text)} out of ${JSON.stringify(markdown)}`, async () => {
      const resolve = recordingResolver();
      await renderMarkdown(markdown, { resolveReferences: resolve });
      expect(resolve.mock.calls[0]![0][0]!.text).toBe(text);
    });
  }
});

describe('text that is no reference', () => {
  const cases: [string, string][] = [
    ['in a code span', '`#12 @alice ~bug abcdef1`'],
    ['in a fenced code block', '```\n#12 @alice\n```'],
    ['in an indented code block', '    #12 @alice'],
    ['in inline math', '$#12 + @alice$'],
    ['in a math block', '$$\n#12\n$$'],
    ['in link text', '[see #12 and @alice](https://example.com)'],
    ['in an autolink', 'https://example.com/issues/#12 and <https://example.com/@alice>'],
    ['in image alt text', '![#12 @alice](/a.png)'],
    ['escaped', '\\#12 \\@alice \\~bug'],
    ['an entity', '&#35;12'],
    ['an e-mail address', 'mail me@example.com or me@localhost'],
    ['a number without a sigil target', '#abc !x &y'],
    ['digits glued to letters', '#12abc !3x'],
    ['too short or too long for a SHA', `abcdef ${'a'.repeat(41)} abcdefz`],
    ['a decimal', '1.2345678'],
    ['a percentage', '50% off, 20 %'],
    ['a lone sigil', '# @ ~ % & !'],
    ['an @ inside a word', 'user@host'],
  ];
  for (const [name, markdown] of cases) {
    it(`finds nothing ${name}`, async () => {
      const resolve = recordingResolver();
      const html = await renderMarkdown(markdown, { resolveReferences: resolve });
      expect(resolve).not.toHaveBeenCalled();
      expect(html).not.toContain('gfm-');
    });
  }
});

describe('the batch', () => {
  it('sends every distinct reference once, in order, in one call', async () => {
    const resolve = recordingResolver();
    const text = [
      '# Heading #1',
      '',
      '#1 and !2 and #1 again, @alice and @alice.',
      '',
      '> quoted &3',
      '',
      '- list ~bug',
      '',
      '| a |\n|---|\n| %v1 |',
      '',
      'note[^n]',
      '',
      '[^n]: footnote @bob',
    ].join('\n');
    const html = await renderMarkdown(text, { resolveReferences: resolve });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve.mock.calls[0]![0].map((r) => r.text)).toEqual(['#1', '!2', '@alice', '&3', '~bug', '%v1', '@bob']);
    // Each occurrence links: #1 twice in the paragraph and once in the heading, @alice twice.
    expect(html.match(/href="\/ref\/0"/g)).toHaveLength(3);
    expect(html.match(/href="\/ref\/2"/g)).toHaveLength(2);
  });

  it('is not called when there are no references', async () => {
    const resolve = recordingResolver();
    await renderMarkdown('Plain *text*.', { resolveReferences: resolve });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('leaves references as text without a resolver', async () => {
    const html = await renderMarkdown('#1 !2 @alice ~bug');
    expect(html).toBe('<p>#1 !2 @alice ~bug</p>\n');
  });

  it('leaves unresolved references (null) as plain text', async () => {
    const resolve = recordingResolver((ref, i) => (ref.type === 'issue' ? null : { url: `/ref/${i}` }));
    const html = await renderMarkdown('#1 and !2', { resolveReferences: resolve });
    expect(html).toBe(
      '<p>#1 and <a href="/ref/1" class="gfm gfm-merge_request" data-reference-type="merge_request" data-original="!2" data-iid="2">!2</a></p>\n',
    );
  });

  it('fails with a clear error when the resolver answers with a different length', async () => {
    const resolve = vi.fn(async () => [{ url: '/a' }]);
    await expect(renderMarkdown('#1 #2', { resolveReferences: resolve })).rejects.toThrow(
      'resolveReferences must return one result (or null) per reference: asked for 2, got 1',
    );
  });

  it('passes on a resolver failure', async () => {
    const resolve = vi.fn(async () => {
      throw new Error('network down');
    });
    await expect(renderMarkdown('#1', { resolveReferences: resolve })).rejects.toThrow('network down');
  });

  it(`resolves at most ${MARKDOWN_MAX_REFERENCES} distinct references; later new ones stay text`, async () => {
    const resolve = recordingResolver();
    const issues = Array.from({ length: MARKDOWN_MAX_REFERENCES + 5 }, (_, i) => `#${i + 1}`).join(' ');
    const html = await renderMarkdown(`${issues} #1`, { resolveReferences: resolve });
    expect(resolve.mock.calls[0]![0]).toHaveLength(MARKDOWN_MAX_REFERENCES);
    expect(html).toContain(`>#${MARKDOWN_MAX_REFERENCES}</a> #${MARKDOWN_MAX_REFERENCES + 1} `);
    // A repeat of an already-collected reference after the cap still links.
    expect(html).toMatch(/<a href="\/ref\/0"[^>]*>#1<\/a><\/p>/);
  });
});

describe('links', () => {
  it('writes the resolver result as attributes', async () => {
    const resolve = recordingResolver(() => ({
      url: '/g/p/-/issues/1',
      title: 'Fix "the" <bug>',
      id: 901,
      project: 'g/p',
      state: 'opened',
    }));
    const html = await renderMarkdown('#1', { resolveReferences: resolve });
    expect(html).toBe(
      '<p><a href="/g/p/-/issues/1" class="gfm gfm-issue" title="Fix &quot;the&quot; &lt;bug&gt;" data-reference-type="issue" data-original="#1" data-project="g/p" data-iid="1" data-issue="901" data-state="opened">#1</a></p>\n',
    );
  });

  it('writes a user mention with data-user and data-username', async () => {
    const resolve = recordingResolver(() => ({ url: '/alice', title: 'Alice Liddell', id: 42 }));
    const link = firstLink(await renderMarkdown('cc @alice', { resolveReferences: resolve }))!;
    expect(link.attrs).toEqual({
      href: '/alice',
      class: 'gfm gfm-project_member',
      title: 'Alice Liddell',
      'data-reference-type': 'user',
      'data-original': '@alice',
      'data-user': '42',
      'data-username': 'alice',
    });
  });

  it('lets the resolver say an @name is a group', async () => {
    const resolve = recordingResolver(() => ({ url: '/groups/devs', type: 'group', id: 7 }));
    const link = firstLink(await renderMarkdown('cc @devs', { resolveReferences: resolve }))!;
    expect(link.attrs.class).toBe('gfm gfm-project_member');
    expect(link.attrs['data-reference-type']).toBe('group');
    expect(link.attrs['data-group']).toBe('7');
    expect(link.attrs['data-username']).toBeUndefined();
  });

  it('lets the resolver say a #123 is a work item', async () => {
    const resolve = recordingResolver(() => ({ url: '/g/p/-/work_items/5', type: 'work_item', id: 3 }));
    const link = firstLink(await renderMarkdown('#5', { resolveReferences: resolve }))!;
    expect(link.attrs.class).toBe('gfm gfm-work_item');
    expect(link.attrs['data-reference-type']).toBe('work_item');
    expect(link.attrs['data-work-item']).toBe('3');
  });

  it('ignores a type the product does not know', async () => {
    const resolve = recordingResolver(() => ({ url: '/x', type: 'bogus' as never }));
    expect(firstLink(await renderMarkdown('#5', { resolveReferences: resolve }))!.attrs.class).toBe('gfm gfm-issue');
  });

  it('shows closed and merged states after the link text, as GitLab does', async () => {
    const states = ['closed', 'merged', 'opened'];
    const resolve = recordingResolver((_r, i) => ({ url: `/${i}`, state: states[i] }));
    const html = await renderMarkdown('#1 !2 #3', { resolveReferences: resolve });
    expect(html).toContain('>#1 (closed)</a>');
    expect(html).toContain('>!2 (merged)</a>');
    expect(html).toContain('>#3</a>');
  });

  it('shortens a commit SHA to 8 characters in the link text', async () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const resolve = recordingResolver();
    const link = firstLink(await renderMarkdown(`Fixed in ${sha} and g/p@${sha}`, { resolveReferences: resolve }))!;
    expect(link.text).toBe('01234567');
    expect(link.attrs['data-original']).toBe(sha);
    expect(await renderMarkdown(`g/p@${sha}`, { resolveReferences: resolve })).toContain('>g/p@01234567</a>');
  });

  const unsafe = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'vbscript:x',
    'data:text/html,<script>alert(1)</script>',
  ];
  for (const url of unsafe) {
    it(`leaves a reference as text when the resolver's URL is ${url}`, async () => {
      const resolve = recordingResolver(() => ({ url }));
      const html = await renderMarkdown('#1', { resolveReferences: resolve });
      expect(html).toBe('<p>#1</p>\n');
    });
  }

  it('escapes everything it writes', async () => {
    const resolve = recordingResolver(() => ({
      url: '/a"><script>',
      title: '"><img src=x onerror=alert(1)>',
      id: '"x',
    }));
    const html = await renderMarkdown('~"a<b"', { resolveReferences: resolve });
    expect(html).not.toMatch(/<(script|img|b)[\s>]/);
    expect(html).toContain('data-original="~&quot;a&lt;b&quot;"');
  });

  it('links references in headings without changing the heading id', async () => {
    const resolve = recordingResolver();
    const html = await renderMarkdown('## Fix #12 now', { resolveReferences: resolve });
    expect(html).toContain('<h2 id="user-content-fix-12-now">');
    expect(html).toContain('<a href="/ref/0" class="gfm gfm-issue"');
  });
});

describe('labels are drawn as the library Label, in the colour the resolver gives', () => {
  /** The Label root and its parts, read from the output. */
  function label(html: string) {
    const body = new JSDOM('').window.document;
    body.body.innerHTML = html;
    const root = body.querySelector<HTMLElement>('[data-component="Label"]')!;
    return {
      root,
      link: root.querySelector('a')!,
      scope: root.querySelector('.fk-label__scope')?.textContent,
      name: root.querySelector('.fk-label__name')?.textContent,
    };
  }

  it('a label in its colour with the more readable text colour', async () => {
    const html = await renderMarkdown('~bug', {
      resolveReferences: async (refs) => refs.map(() => ({ url: '/labels/bug', color: '#1f75cb', id: 7 })),
    });
    const { root, link, scope, name } = label(html);
    expect(root.className).toBe('fk-label');
    expect(root.dataset.variant).toBe('default');
    expect(root.dataset.color).toBe('custom');
    expect(root.dataset.textColor).toBe(readableTextColor('#1f75cb'));
    expect(root.style.backgroundColor).toBe('rgb(31, 117, 203)');
    expect(link.getAttribute('href')).toBe('/labels/bug');
    expect(link.dataset.component).toBe('Label.Link');
    expect(link.dataset.label).toBe('7');
    expect(scope).toBeUndefined();
    expect(name).toBe('bug');
  });

  it('a scoped label in two parts, split at the last ::', async () => {
    const html = await renderMarkdown('~"team::backend::api"', {
      resolveReferences: async (refs) => refs.map(() => ({ url: '/l', color: '#fc9' })),
    });
    const { root, scope, name } = label(html);
    expect(root.dataset.variant).toBe('scoped');
    expect(scope).toBe('team::backend');
    expect(name).toBe('api');
  });

  it('neutral without a valid colour, and nothing from the colour reaches the style', async () => {
    const html = await renderMarkdown('~a ~b', {
      resolveReferences: async (refs) =>
        refs.map((ref) => ({ url: '/l', color: ref.name === 'a' ? undefined : 'red;background:url(x)' })),
    });
    expect(html).not.toContain('style=');
    expect(html.match(/data-color="neutral"/g)).toHaveLength(2);
  });

  it('milestones and epics keep their own link markup', async () => {
    const html = await renderMarkdown('%v1 &2', { resolveReferences: async (refs) => refs.map(() => ({ url: '/x' })) });
    expect(html).toContain('class="gfm gfm-milestone"');
    expect(html).toContain('class="gfm gfm-epic"');
    expect(html).not.toContain('fk-label');
  });
});
