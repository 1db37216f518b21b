// forgekit/emoji on a server: importing it touches no DOM or storage, and the element is not defined.
import { afterEach, describe, expect, it } from 'vitest';
import * as emoji from '../src/emoji';

describe('forgekit/emoji without a DOM', () => {
  // The node layer's files share a worker's modules: the map another file loaded is not this one's.
  afterEach(() => emoji.resetEmojiMap());

  it('imports and defines nothing without customElements', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof customElements).toBe('undefined');
    expect(() => emoji.defineGlEmoji()).not.toThrow();
  });

  it('loads the map from an injected fetcher and counts every emoji as drawable', async () => {
    emoji.resetEmojiMap();
    await emoji.initEmojiMap({
      fetchEmojis: async () => [{ n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' }],
      loadAliases: async () => ({ '+1': 'thumbsup' }),
    });
    expect(emoji.getEmojiInfo('+1').e).toBe('👍');
    expect(emoji.isEmojiUnicodeSupported('🪊', '17.0')).toBe(true);
    expect(emoji.emojiFallbackImageSrc('thumbsup')).toBe('/-/emojis/3/thumbsup.png');
  });
});
