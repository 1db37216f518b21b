// The generated emoji data (scripts/build-emoji.mjs; docs/decisions/005-emoji-data.md).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  EMOJI_CATEGORIES,
  EMOJI_CATEGORY_ICONS,
  FALLBACK_EMOJI_NAME,
  UNICODE_VERSION_SAMPLES,
  type EmojiRecord,
} from '../src/emoji';
import { ICON_NAMES } from '../src/components/Icon/generated/names';
import aliases from '../src/emoji/generated/aliases';

const file = new URL('../src/emoji/generated/emojis.json', import.meta.url);
const text = readFileSync(file, 'utf8');
const records = JSON.parse(text) as EmojiRecord[];
const byName = new Map(records.map((record) => [record.n, record]));

/** Target for the served file (issue 6: "target under 40 KB" gzipped). */
const GZIP_BUDGET_BYTES = 40 * 1024;

describe('emojis.json', () => {
  it('is an array of records with exactly the short keys n, e, d, c, u', () => {
    expect(records.length).toBeGreaterThan(1800);
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual(['c', 'd', 'e', 'n', 'u']);
      expect(Object.values(record).every((value) => typeof value === 'string' && value !== '')).toBe(true);
    }
  });

  it(`is under 40 KB gzipped (${(gzipSync(text).length / 1024).toFixed(1)} KB)`, () => {
    expect(gzipSync(text).length).toBeLessThan(GZIP_BUDGET_BYTES);
  });

  it('uses the familiar names: thumbsup, thumbsdown, slight_smile, slight_frown, grey_question', () => {
    expect(byName.get('thumbsup')).toEqual({ n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' });
    expect(byName.get('thumbsdown')?.e).toBe('👎');
    expect(byName.get('slight_smile')?.e).toBe('🙂');
    expect(byName.get('slight_frown')?.e).toBe('🙁');
    expect(byName.get(FALLBACK_EMOJI_NAME)).toMatchObject({ e: '❔', c: 'symbols' });
    expect(byName.get('flag_us')?.e).toBe('🇺🇸');
  });

  it('has unique names, all lowercase shortcodes', () => {
    expect(byName.size).toBe(records.length);
    for (const record of records) expect(record.n).toMatch(/^[a-z0-9_+-]+$/);
  });

  it('uses the spec categories (all but frequently_used and custom), grouped in picker order', () => {
    const standard = EMOJI_CATEGORIES.filter((c) => c !== 'frequently_used' && c !== 'custom');
    const seen = [...new Set(records.map((record) => record.c))];
    expect(seen).toEqual(standard);
    expect(standard).toEqual(['people', 'activity', 'nature', 'food', 'travel', 'objects', 'symbols', 'flags']);
  });

  it('keeps skin-tone neutral emoji only', () => {
    const skinTone = /[\u{1F3FB}-\u{1F3FF}]/u;
    expect(records.filter((record) => skinTone.test(record.e)).map((record) => record.n)).toEqual([]);
    expect(byName.has('thumbsup_tone1')).toBe(false);
  });

  it('gives every unicode version a support sample', () => {
    for (const version of new Set(records.map((record) => record.u))) {
      expect(UNICODE_VERSION_SAMPLES, version).toHaveProperty([version]);
    }
  });

  it('writes text-default emoji with the emoji variation selector', () => {
    expect(byName.get('heart')?.e).toBe('\u2764\uFE0F');
    expect(byName.get('thumbsup')?.e).not.toContain('\uFE0F');
  });
});

describe('the alias map', () => {
  it('maps the other shortcodes (GitHub, JoyPixels, Slack) to names', () => {
    expect(aliases['+1']).toBe('thumbsup');
    expect(aliases['-1']).toBe('thumbsdown');
    expect(aliases.slightly_smiling_face).toBe('slight_smile');
    expect(aliases.slightly_frowning_face).toBe('slight_frown');
    expect(aliases.us).toBe('flag_us');
  });

  it('points at existing names and never shadows a name', () => {
    for (const [alias, name] of Object.entries(aliases)) {
      expect(byName.has(name), `${alias} -> ${name}`).toBe(true);
      expect(byName.has(alias), alias).toBe(false);
    }
  });
});

describe('category icons', () => {
  it('are sprite icons: history, tanuki, smiley, dumbbell, nature, food, car, bulb, heart, flag', () => {
    expect(EMOJI_CATEGORY_ICONS).toEqual({
      frequently_used: 'history',
      custom: 'tanuki',
      people: 'smiley',
      activity: 'dumbbell',
      nature: 'nature',
      food: 'food',
      travel: 'car',
      objects: 'bulb',
      symbols: 'heart',
      flags: 'flag',
    });
    for (const icon of Object.values(EMOJI_CATEGORY_ICONS)) expect(ICON_NAMES).toContain(icon);
  });
});
