// The same table in real Chromium, the reference DOM for the sanitiser.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/utils/sanitize';
import { sanitizeCases } from './support/sanitizeCases';

describe('sanitizeHtml (Chromium)', () => {
  for (const { name, input, profile, contains, excludes } of sanitizeCases) {
    it(name, () => {
      const out = sanitizeHtml(input, { profile });
      for (const text of contains) expect(out).toContain(text);
      for (const text of excludes) expect(out).not.toContain(text);
    });
  }
});
