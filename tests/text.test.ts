import { firstGrapheme, truncateSha } from '../src/utils/text';
import { SHORT_COMMIT_ID_LENGTH } from '../src/tokens';

describe('truncateSha (spec: short commit id 8 characters)', () => {
  it('uses the spec length', () => {
    expect(SHORT_COMMIT_ID_LENGTH).toBe(8);
  });

  it('keeps the first 8 characters', () => {
    expect(truncateSha('b83d6e391c22777fca1ed3012fce84f633d7fed0')).toBe('b83d6e39');
  });

  it('leaves a shorter id as it is', () => {
    expect(truncateSha('b83d6e')).toBe('b83d6e');
    expect(truncateSha('')).toBe('');
  });
});

describe('firstGrapheme', () => {
  it.each([
    ['Administrator', 'A'],
    ['  spaced', 's'],
    ['élan', 'é'],
    ['e\u0301lan', 'e\u0301'],
    ['👩‍💻 Developer', '👩‍💻'],
    ['👨‍👩‍👧‍👦 family', '👨‍👩‍👧‍👦'],
    ['👍🏽 thumbs', '👍🏽'],
    ['🇫🇷 France', '🇫🇷'],
    ['日本語', '日'],
  ])('of %j is %j', (text, grapheme) => {
    expect(firstGrapheme(text)).toBe(grapheme);
  });

  it('keeps a ZWJ emoji sequence whole', () => {
    const dev = '👩\u200D💻';
    expect(firstGrapheme(`${dev}x`)).toBe(dev);
    expect(firstGrapheme(`${dev}x`)).toHaveLength(dev.length);
  });

  it('gives an empty string for empty or blank text', () => {
    expect(firstGrapheme('')).toBe('');
    expect(firstGrapheme('   ')).toBe('');
  });
});
