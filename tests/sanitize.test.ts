// Runs on jsdom (DOMPurify's own fixtures pass there); the real-browser check is sanitize.browser.test.ts.
import { describe, expect, it } from 'vitest';
import { SANITIZE_FORBIDDEN_ATTRIBUTES, escapeHtml, sanitizeHtml } from '../src/utils/sanitize';
import { sanitizeCases } from './support/sanitizeCases';

describe('sanitizeHtml (jsdom)', () => {
  for (const { name, input, profile, contains, excludes } of sanitizeCases) {
    it(name, () => {
      const out = sanitizeHtml(input, { profile });
      for (const text of contains) expect(out).toContain(text);
      for (const text of excludes) expect(out).not.toContain(text);
    });
  }

  it('removes every forbidden attribute of spec section 5', () => {
    const attrs = SANITIZE_FORBIDDEN_ATTRIBUTES.map((a) => `${a}="x"`).join(' ');
    expect(sanitizeHtml(`<a href="/x" ${attrs}>x</a>`)).toBe('<a href="/x">x</a>');
  });

  it('escapes instead of sanitising when there is no DOM to sanitise with', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });
});
