import { describe, expect, it } from 'vitest';
import { highlightCodeLines, splitHighlightedLines } from '../src/markdown';

describe('splitHighlightedLines', () => {
  it('closes the spans open at a line end and opens them again on the next line', () => {
    const html = 'a <span class="hljs-comment">/* one\ntwo <span class="hljs-doctag">@x</span>\nthree */</span> b';
    expect(splitHighlightedLines(html)).toEqual([
      'a <span class="hljs-comment">/* one</span>',
      '<span class="hljs-comment">two <span class="hljs-doctag">@x</span></span>',
      '<span class="hljs-comment">three */</span> b',
    ]);
  });

  it('keeps empty lines and text without markup', () => {
    expect(splitHighlightedLines('x\n\ny &lt; z')).toEqual(['x', '', 'y &lt; z']);
  });
});

describe('highlightCodeLines', () => {
  it('highlights by language name or file extension, one HTML string per line', async () => {
    const lines = await highlightCodeLines('def greet\n  "hi"\nend', 'rb');
    expect(lines).toHaveLength(3);
    expect(lines![0]).toBe('<span class="hljs-keyword">def</span> <span class="hljs-title function_">greet</span>');
    expect(lines![1]).toContain('<span class="hljs-string">&quot;hi&quot;</span>');
  });

  it('resolves to undefined for a language it cannot load', async () => {
    expect(await highlightCodeLines('text', 'no-such-language')).toBeUndefined();
  });
});
