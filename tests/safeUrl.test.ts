import { describe, expect, it } from 'vitest';
import { BLANK_URL, UNSAFE_URL_MESSAGE, isSafeImageSrc, safeUrl } from '../src/utils/url';

describe('safeUrl (spec section 5: only http and https)', () => {
  it.each(['https://gitlab.test/a?b#c', 'http://gitlab.test/', '/relative/path', 'page.html', '//cdn.test/x.png'])(
    'keeps %s',
    (url) => expect(safeUrl(url)).toBe(url),
  );

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.test',
    'ftp://a.test/',
    'http://[bad',
  ])('turns %s into about:blank', (url) => expect(safeUrl(url)).toBe(BLANK_URL));

  it('throws the spec message when asked to', () => {
    expect(() => safeUrl('javascript:alert(1)', { throwOnUnsafe: true })).toThrow(
      new Error('Only http and https protocols are allowed'),
    );
    expect(UNSAFE_URL_MESSAGE).toBe('Only http and https protocols are allowed');
    expect(safeUrl('https://a.test/', { throwOnUnsafe: true })).toBe('https://a.test/');
  });

  it('resolves relative URLs against the given base', () => {
    expect(safeUrl('x', { base: 'ftp://files.test/' })).toBe(BLANK_URL);
    expect(safeUrl('x', { base: 'https://files.test/' })).toBe('x');
  });
});

describe('isSafeImageSrc', () => {
  it.each(['/-/emojis/3/smile.png', 'https://cdn.test/e.png', 'data:image/png;base64,iVBORw0KGgo='])(
    'allows %s',
    (url) => expect(isSafeImageSrc(url)).toBe(true),
  );
  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'data:text/html,x', 'vbscript:x'])(
    'refuses %s',
    (url) => expect(isSafeImageSrc(url)).toBe(false),
  );
});
