import { beforeEach, describe, expect, it } from 'vitest';
import {
  FREQUENTLY_USED_LIMIT,
  FREQUENTLY_USED_STORAGE_KEY,
  addToFrequentlyUsed,
  getEmojiCategories,
  getFrequentlyUsedEmojis,
  initEmojiMap,
  resetEmojiMap,
  type CustomEmojiQueryData,
  type EmojiRecord,
} from '../src/emoji';

const RECORDS: EmojiRecord[] = [
  { n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' },
  { n: 'smile', e: '😄', d: 'grinning face with smiling eyes', c: 'people', u: '6.0' },
  { n: 'tada', e: '🎉', d: 'party popper', c: 'activity', u: '6.0' },
  { n: 'dog', e: '🐶', d: 'dog face', c: 'nature', u: '6.0' },
  { n: 'grey_question', e: '❔', d: 'white question mark', c: 'symbols', u: '6.0' },
  { n: 'flag_us', e: '🇺🇸', d: 'flag: United States', c: 'flags', u: '6.0' },
];
// Enough extra emoji to overflow the cap.
const MANY = Array.from({ length: 40 }, (_, i): EmojiRecord => ({
  n: `e${i}`,
  e: '🆗',
  d: `e ${i}`,
  c: 'symbols',
  u: '6.0',
}));

const init = (custom: string[] = []) =>
  initEmojiMap({
    fetchEmojis: async () => [...RECORDS, ...MANY],
    loadAliases: async () => ({ '+1': 'thumbsup' }),
    groupPath: custom.length ? 'gitlab-org' : null,
    fetchCustomEmoji: async (): Promise<CustomEmojiQueryData> => ({
      group: {
        id: '1',
        customEmoji: {
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: custom.map((name) => ({ id: name, name, url: `/uploads/${name}.png` })),
        },
      },
    }),
    isEmojiSupported: () => true,
  });

const stored = () => JSON.parse(localStorage.getItem(FREQUENTLY_USED_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  resetEmojiMap();
  localStorage.clear();
});

describe('frequently used emoji', () => {
  beforeEach(() => init());

  it('are remembered in localStorage under the frequently-used key, most recent first', () => {
    expect(FREQUENTLY_USED_STORAGE_KEY).toBe('frequently_used_emojis');
    expect(getFrequentlyUsedEmojis()).toEqual([]);
    addToFrequentlyUsed('tada');
    addToFrequentlyUsed('dog');
    addToFrequentlyUsed('tada');
    expect(stored()).toEqual(['tada', 'dog']);
    expect(getFrequentlyUsedEmojis()).toEqual(['tada', 'dog']);
  });

  it('remember an alias as its emoji', () => {
    addToFrequentlyUsed('+1');
    expect(stored()).toEqual(['thumbsup']);
  });

  it(`keep at most ${FREQUENTLY_USED_LIMIT} (four picker rows of 9)`, () => {
    expect(FREQUENTLY_USED_LIMIT).toBe(36);
    for (let i = 0; i < 40; i += 1) addToFrequentlyUsed(`e${i}`);
    expect(stored()).toHaveLength(36);
    expect(getFrequentlyUsedEmojis()[0]).toBe('e39');
    expect(getFrequentlyUsedEmojis().at(-1)).toBe('e4');
  });

  it('leave out names that no longer exist, and unreadable entries', () => {
    localStorage.setItem(FREQUENTLY_USED_STORAGE_KEY, JSON.stringify(['gone_emoji', 'dog', 42, '+1', 'thumbsup']));
    expect(getFrequentlyUsedEmojis()).toEqual(['dog', 'thumbsup']);
    localStorage.setItem(FREQUENTLY_USED_STORAGE_KEY, '"dog"');
    expect(getFrequentlyUsedEmojis()).toEqual([]);
  });
});

describe('getEmojiCategories', () => {
  it('leaves out frequently used while it is empty, and custom without custom emoji', async () => {
    await init();
    expect(getEmojiCategories().map((c) => c.name)).toEqual([
      'people',
      'activity',
      'nature',
      'food',
      'travel',
      'objects',
      'symbols',
      'flags',
    ]);
  });

  it('shows frequently used first once an emoji was used, and custom when the group has some', async () => {
    await init(['party_parrot']);
    addToFrequentlyUsed('dog');
    const categories = getEmojiCategories();
    expect(categories.slice(0, 3)).toEqual([
      { name: 'frequently_used', label: 'Frequently used', iconName: 'history', emojiNames: ['dog'] },
      { name: 'custom', label: 'Custom', iconName: 'tanuki', emojiNames: ['party_parrot'] },
      { name: 'people', label: 'Smileys & people', iconName: 'smiley', emojiNames: ['thumbsup', 'smile'] },
    ]);
    expect(categories.find((c) => c.name === 'flags')).toMatchObject({ iconName: 'flag', emojiNames: ['flag_us'] });
  });

  it('throws before initialisation', () => {
    expect(() => getEmojiCategories()).toThrow('The emoji map is uninitialized or initialization has not completed');
  });
});
