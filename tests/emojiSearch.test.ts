import { beforeEach, describe, expect, it } from 'vitest';
import emojis from '../src/emoji/generated/emojis.json';
import aliases from '../src/emoji/generated/aliases';
import {
  EMOJI_SEARCH_ADJUSTMENTS,
  createEmojiSearch,
  emojiMatchScore,
  initEmojiMap,
  normalizeEmojiQuery,
  resetEmojiMap,
  searchEmoji,
  type EmojiInfo,
  type EmojiRecord,
} from '../src/emoji';

const info = (record: EmojiRecord): EmojiInfo => ({ ...record, name: record.n });
const names = (results: { emoji: EmojiInfo }[]) => results.map((result) => result.emoji.name);

describe('the ranking adjustments (spec section 9)', () => {
  it('are thumbsup 0.5, slight_smile 0.5, thumbsdown 1.5, slight_frown 1.5', () => {
    expect(EMOJI_SEARCH_ADJUSTMENTS).toEqual({ thumbsup: 0.5, slight_smile: 0.5, thumbsdown: 1.5, slight_frown: 1.5 });
  });

  it('multiply 2 to the power of the match position: lower is better', () => {
    expect(emojiMatchScore('smile', 0)).toBe(1);
    expect(emojiMatchScore('smile', 3)).toBe(8);
    expect(emojiMatchScore('thumbsup', 0)).toBe(0.5);
    expect(emojiMatchScore('thumbsdown', 0)).toBe(1.5);
    expect(emojiMatchScore('slight_smile', 2)).toBe(2);
    expect(emojiMatchScore('slight_frown', 1)).toBe(3);
  });
});

describe('searching the full generated data', () => {
  beforeEach(async () => {
    resetEmojiMap();
    localStorage.clear();
    await initEmojiMap({
      fetchEmojis: async () => emojis,
      loadAliases: async () => aliases,
      groupPath: null,
      isEmojiSupported: () => true,
    });
  });

  it("ranks thumbsup first and thumbsdown after it for 'thumb'", () => {
    const ranked = names(searchEmoji('thumb'));
    expect(ranked[0]).toBe('thumbsup');
    expect(ranked.indexOf('thumbsdown')).toBeGreaterThan(0);
    expect(ranked.slice(0, 2)).toEqual(['thumbsup', 'thumbsdown']);
  });

  it("ranks slight_smile first and slight_frown second for 'slight'", () => {
    expect(names(searchEmoji('slight')).slice(0, 2)).toEqual(['slight_smile', 'slight_frown']);
  });

  it('finds an emoji by its exact unicode, ahead of everything', () => {
    const [first] = searchEmoji('👍');
    expect(first).toMatchObject({ field: 'unicode', score: 0.5, fieldValue: 'thumbsup' });
    expect(first?.emoji.name).toBe('thumbsup');
    // with or without the emoji variation selector
    expect(names(searchEmoji('❤'))[0]).toBe('heart');
    expect(names(searchEmoji('❤️'))[0]).toBe('heart');
  });

  it('finds emoji by alias: +1 and the GitHub names', () => {
    expect(searchEmoji('+1')[0]).toMatchObject({ field: 'alias', fieldValue: '+1' });
    expect(names(searchEmoji('+1'))[0]).toBe('thumbsup');
    expect(names(searchEmoji('slightly_smiling'))[0]).toBe('slight_smile');
  });

  it('finds emoji by description', () => {
    const [first] = searchEmoji('party popper');
    expect(first).toMatchObject({ field: 'description', fieldValue: 'party popper' });
    expect(first?.emoji.name).toBe('tada');
  });

  it('accepts a typed :shortcode: and any case', () => {
    expect(normalizeEmojiQuery('  :Thumbsup: ')).toBe('thumbsup');
    expect(names(searchEmoji(':THUMBSUP:'))[0]).toBe('thumbsup');
  });

  it('gives the same results while typing on (narrowing the previous matches) as a fresh search', () => {
    const records = emojis as EmojiRecord[];
    const fresh = (query: string) => createEmojiSearch(records.map(info), aliases)(query);
    const typing = createEmojiSearch(records.map(info), aliases);
    for (const query of [
      's',
      'sm',
      'smi',
      'smile',
      'h',
      'he',
      'hea',
      'heart',
      'heart ',
      '❤',
      '❤️',
      't',
      'th',
      'thumbs',
    ]) {
      expect(typing(query), query).toEqual(fresh(query));
    }
    // An exact unicode match after a text query that it does not contain.
    typing('up');
    expect(names(typing('up👍'))).toEqual(names(fresh('up👍')));
    typing('thumb');
    expect(typing('thumb👍')).toEqual(fresh('thumb👍'));
  });

  it('returns each emoji once, by its best match', () => {
    const ranked = names(searchEmoji('smile'));
    expect(new Set(ranked).size).toBe(ranked.length);
    expect(ranked[0]).toBe('smile');
  });

  it('matches nothing for an empty query or an unknown word', () => {
    expect(searchEmoji('')).toEqual([]);
    expect(searchEmoji('   ')).toEqual([]);
    expect(searchEmoji('zzzzqqq')).toEqual([]);
  });
});

describe('ordering', () => {
  const search = createEmojiSearch(
    [
      info({ n: 'cat2', e: '🐈', d: 'cat', c: 'nature', u: '6.0' }),
      info({ n: 'cat', e: '🐱', d: 'cat face', c: 'nature', u: '6.0' }),
      info({ n: 'black_cat', e: '🐈‍⬛', d: 'black cat', c: 'nature', u: '13.0' }),
      info({ n: 'scream_cat', e: '🙀', d: 'weary cat', c: 'people', u: '6.0' }),
      info({ n: 'thumbsdown', e: '👎', d: 'thumbs down', c: 'people', u: '6.0' }),
      info({ n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' }),
    ],
    { kitty: 'cat', kitten_face: 'cat', xcat: 'scream_cat' },
  );

  it('orders by match position, ties alphabetically by the matched text', () => {
    expect(search('cat').map((r) => [r.emoji.name, r.field, r.fieldValue, r.score])).toEqual([
      ['cat2', 'description', 'cat', 1],
      ['cat', 'description', 'cat face', 1],
      ['scream_cat', 'alias', 'xcat', 2],
      ['black_cat', 'description', 'black cat', 64],
    ]);
  });

  it('keeps the earliest alias match, then the alphabetically first alias', () => {
    expect(search('kit')[0]).toMatchObject({ field: 'alias', fieldValue: 'kitten_face', score: 1 });
  });

  it('puts the positive thumb before the negative one whatever the data order', () => {
    expect(search('thumbs').map((r) => r.emoji.name)).toEqual(['thumbsup', 'thumbsdown']);
  });
});
