// renderMarkdown's input cap (GitLab's 1 MiB, truncated after GitLab's notice) and sanitising in
// parts (render/fragments.ts): the same HTML as sanitising the whole output, for less sanitiser work.
import { JSDOM } from 'jsdom';
import createMarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { documentationPage, issueThread } from '../bench/corpus';
import {
  MARKDOWN_MAX_INPUT_BYTES,
  MARKDOWN_TRUNCATION_OMISSION,
  markdownTruncatedMessage,
  renderMarkdown,
  renderMarkdownUnsanitized,
  type MarkdownContext,
  type MarkdownReference,
} from '../src/markdown';
import { SanitizedFragments, sanitizeRendered } from '../src/markdown/render/fragments';
import { renderHtml } from '../src/markdown/render/render';
import { truncateMarkdown } from '../src/markdown/render/truncate';
import { sanitizeHtml, sanitizerWindow } from '../src/utils/sanitize';

const bytes = (text: string) => new TextEncoder().encode(text).length;
/** Sanitising a 64 kB thread in jsdom twice takes seconds on a loaded machine. */
const SLOW_MS = 60_000;
/**
 * A thread rendered again parses at most this much of markdown-it's HTML in the sanitiser (about
 * 0.58: its markup; its text and code are serialised without the parser; 1.03 when they were not).
 */
const REPEATED_THREAD_MAX_HTML_RATIO = 0.7;
/** Code points per line of the character sweep. */
const SWEEP_LINE = 64;
const FIRST_NON_ASCII = 0x80;
const LAST_BMP = 0xffff;
const SURROGATES = [0xd800, 0xdfff];
/** The private-use characters render/fragments.ts marks placeholders with (text holding one is sanitised whole). */
const MARKERS = [0xe000, 0xe003];
const NOTICE = `${markdownTruncatedMessage(MARKDOWN_MAX_INPUT_BYTES)}\n\n`;

describe(`input over ${MARKDOWN_MAX_INPUT_BYTES} bytes`, () => {
  it(
    'is rendered truncated, after GitLab’s notice',
    async () => {
      const html = await renderMarkdown(`${'word '.repeat(MARKDOWN_MAX_INPUT_BYTES / 5)}tail`);
      expect(
        html.startsWith(`<p><em>The text is longer than 1048576 characters and has been visually truncated.</em></p>`),
      ).toBe(true);
      expect(html).not.toContain('tail');
      expect(html.trimEnd().endsWith(`${MARKDOWN_TRUNCATION_OMISSION}</p>`)).toBe(true);
    },
    SLOW_MS,
  );

  it('keeps text up to the cap as it is, counted in UTF-8 bytes', () => {
    const ascii = 'a'.repeat(MARKDOWN_MAX_INPUT_BYTES);
    expect(truncateMarkdown(ascii)).toBe(ascii);
    const over = `${ascii}b`;
    const cut = truncateMarkdown(over);
    expect(cut.startsWith(NOTICE)).toBe(true);
    expect(bytes(cut.slice(NOTICE.length))).toBe(MARKDOWN_MAX_INPUT_BYTES);
    // Three bytes a character: a third of the cap in characters is already over it.
    const wide = '€'.repeat(MARKDOWN_MAX_INPUT_BYTES / 3 + 1);
    expect(truncateMarkdown(wide).startsWith(NOTICE)).toBe(true);
  });

  it('never cuts inside a character or an emoji sequence', () => {
    // A family emoji: four people joined by zero-width joiners, 25 bytes, one grapheme.
    const family = '👨‍👩‍👧‍👦';
    const text = `${'a'.repeat(MARKDOWN_MAX_INPUT_BYTES - MARKDOWN_TRUNCATION_OMISSION.length - 10)}${family.repeat(2)}`;
    const kept = truncateMarkdown(text).slice(NOTICE.length, -MARKDOWN_TRUNCATION_OMISSION.length);
    expect(kept).toBe('a'.repeat(MARKDOWN_MAX_INPUT_BYTES - MARKDOWN_TRUNCATION_OMISSION.length - 10));
    const pairs = `${'a'.repeat(MARKDOWN_MAX_INPUT_BYTES - MARKDOWN_TRUNCATION_OMISSION.length - 1)}😀😀`;
    expect(truncateMarkdown(pairs).endsWith(`a${MARKDOWN_TRUNCATION_OMISSION}`)).toBe(true);
  });
});

const resolveReferences = async (refs: MarkdownReference[]) =>
  refs.map((ref, i) => ({
    url: `/-/references/${i}`,
    title: ref.text,
    id: i,
    state: i % 3 ? 'opened' : 'closed',
    color: '#c0ffee',
  }));
const context: MarkdownContext = {
  resolveReferences,
  emoji: (name) => ({ unicode: '🙂', description: name }),
};

describe('sanitising in parts', () => {
  const samples: [string, string, MarkdownContext?][] = [
    ['an issue thread', issueThread(64 * 1024)],
    ['a documentation page', documentationPage(64 * 1024)],
    [
      'references in headings, tables, quotes, footnotes, link text and images',
      '# #1 @u\n\n> ~"a b" %v1 &3 !4 abcdef12 [work_item:5] :smile:\n\n| #1 | @a |\n|--|--|\n| x | #2 |\n\n' +
        '[see #1 :smile:](https://x.io) ![#1 @u](x.png)\n\nnote[^1] ^[inline #7]\n\n[^1]: #1 in a note\n',
    ],
    [
      'raw HTML around references (sanitised whole)',
      '<svg>#1</svg> <video>@u</video> <b>#2</b>\n\n<div>\n\n#1\n\n</div>',
    ],
    ['a marker character in the text (sanitised whole)', 'a \uE000 #1 \uE0010\uE001 #2'],
    [
      'a marker character from the resolver (sanitised whole)',
      '#1 #2 #1',
      { resolveReferences: async (refs) => refs.map((_ref, i) => ({ url: `/r/${i}`, title: `x\uE002y` })) },
    ],
  ];
  for (const [name, text, sampleContext = context] of samples) {
    it(
      `gives the same HTML as sanitising the whole: ${name}`,
      async () => {
        const window = await sanitizerWindow();
        const whole = sanitizeHtml(await renderMarkdownUnsanitized(text, sampleContext), { window });
        expect(await renderMarkdown(text, sampleContext)).toBe(whole);
      },
      SLOW_MS,
    );
  }

  it(
    'sends each distinct reference through the sanitiser once',
    async () => {
      const text = Array.from({ length: 200 }, (_, i) => `#${i % 5} @user${i % 3} :smile: ~bug`).join(' ');
      const rendered = await renderHtml(text, context, true);
      const whole = await renderMarkdownUnsanitized(text, context);
      const sanitised: string[] = [];
      const window = await sanitizerWindow();
      const html = sanitizeRendered(rendered, (part) => {
        sanitised.push(part);
        return sanitizeHtml(part, { window });
      });
      expect(html).toBe(sanitizeHtml(whole, { window }));
      // The document without its 800 links, and the 10 distinct ones.
      expect(sanitised).toHaveLength(2);
      expect(sanitised.join('').length).toBeLessThan(whole.length / 5);
      expect(rendered.fragments?.html).toHaveLength(10);
    },
    SLOW_MS,
  );

  it(
    'serialises text and code as the sanitiser does, for every character',
    async () => {
      const codePoints: number[] = [];
      for (let c = FIRST_NON_ASCII; c <= LAST_BMP; c++) {
        if ((c < SURROGATES[0]! || c > SURROGATES[1]!) && (c < MARKERS[0]! || c > MARKERS[1]!)) codePoints.push(c);
      }
      const lines: string[] = [];
      for (let at = 0; at < codePoints.length; at += SWEEP_LINE) {
        lines.push(String.fromCodePoint(...codePoints.slice(at, at + SWEEP_LINE)));
      }
      const ascii = 'a & b < c > d " e \' f &amp; &lt; &quot; &nbsp; &#13; &#0; &#xD800; &#128512; \\< \\& x\r\ny\rz';
      const text =
        `#1 ${ascii} \`${ascii}\` :smile:\n\n\`\`\`\n${ascii}\n<tag> & "quote"\n\`\`\`\n\n    indented <b> &amp;\n\n` +
        lines.map((line) => `#1 ${line} \`${line}\`\n\n\`\`\`\n${line}\n\`\`\`\n\n`).join('') +
        // Lone surrogates and a CR in code, which the parser changes: sanitised with the document.
        '`\uD800 \uDC00 a\uD83D` #2\n\n```\nx\uDFFFy\r\n```\n';
      const rendered = await renderHtml(text, context, true);
      expect(rendered.fragments?.text.length).toBeGreaterThan(codePoints.length / SWEEP_LINE);
      const window = await sanitizerWindow();
      const whole = sanitizeHtml(await renderMarkdownUnsanitized(text, context), { window });
      expect(sanitizeRendered(rendered, (html) => sanitizeHtml(html, { window }))).toBe(whole);
    },
    SLOW_MS,
  );

  it('sanitises text with raw HTML whole', async () => {
    const rendered = await renderHtml('<b>#1</b> #1', context, true);
    expect(rendered.fragments).toBeUndefined();
  });

  it(
    'keeps sanitised fragments between renders: a thread rendered again sanitises about markdown-it’s HTML',
    async () => {
      const text = issueThread(64 * 1024);
      const window = await sanitizerWindow();
      const whole = sanitizeHtml(await renderMarkdownUnsanitized(text, context), { window });
      const kept = new SanitizedFragments();
      const sanitisedLengths = async () => {
        const lengths: number[] = [];
        const html = sanitizeRendered(
          await renderHtml(text, context, true),
          (part) => {
            lengths.push(part.length);
            return sanitizeHtml(part, { window });
          },
          kept,
        );
        expect(html).toBe(whole);
        return lengths;
      };
      const first = await sanitisedLengths();
      const again = await sanitisedLengths();
      // The first render sanitises the document and its distinct references; the second the document only.
      expect(first).toHaveLength(2);
      expect(again).toHaveLength(1);
      // The comment path's cost is the sanitiser's, about proportional to the HTML it parses: against
      // markdown-it + sanitiser, a thread sanitised whole parsed 2.5 times the HTML, in parts the first
      // time 1.7 times (0.65x its speed), again 1.03 times.
      const markdownIt = createMarkdownIt({ html: true, linkify: true }).render(text).length;
      const parsed = again.reduce((sum, length) => sum + length, 0);
      expect(parsed / markdownIt).toBeLessThan(REPEATED_THREAD_MAX_HTML_RATIO);
    },
    SLOW_MS,
  );

  it('keeps the most recently used fragments up to its capacity', () => {
    const kept = new SanitizedFragments(2);
    kept.set('<b>a</b>', 'A');
    kept.set('<b>b</b>', 'B');
    expect(kept.get('<b>a</b>')).toBe('A');
    kept.set('<b>c</b>', 'C');
    expect(kept.size).toBe(2);
    expect(kept.get('<b>b</b>')).toBeUndefined();
    expect(kept.get('<b>a</b>')).toBe('A');
    expect(kept.get('<b>c</b>')).toBe('C');
  });

  it(
    'gives the same HTML with fragments kept from earlier renders, per window',
    async () => {
      const window = new JSDOM('').window as unknown as Window & typeof globalThis;
      const first = issueThread(16 * 1024, 5);
      const second = issueThread(16 * 1024, 6);
      await renderMarkdown(first, { ...context, window });
      const expected = sanitizeHtml(await renderMarkdownUnsanitized(second, context), { window });
      expect(await renderMarkdown(second, { ...context, window })).toBe(expected);
    },
    SLOW_MS,
  );
});
