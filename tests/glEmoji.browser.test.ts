// The support test and <gl-emoji> in real Chromium, with the colour emoji font of the machine
// (fonts-noto-color-emoji): what the canvas says is what the page shows.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import emojis from '../src/emoji/generated/emojis.json';
import aliases from '../src/emoji/generated/aliases';
import {
  FEATURE_SAMPLES,
  UNICODE_VERSION_SAMPLES,
  defineGlEmoji,
  getAllEmoji,
  initEmojiMap,
  isEmojiNameValid,
  isEmojiUnicodeSupported,
  resetEmojiMap,
  type EmojiRecord,
} from '../src/emoji';

/** A private-use character no emoji font draws; no sample exists for its made-up version. */
const UNDRAWABLE: EmojiRecord = { n: 'private_use', e: '\u{10FFFD}', d: 'private use', c: 'symbols', u: '99.0' };
/** A dingbat that only text fonts have: drawn, but in black. */
const MONOCHROME: EmojiRecord = { n: 'pencil_dingbat', e: '\u270E', d: 'lower right pencil', c: 'objects', u: '99.0' };
/** Two emoji joined by a ZWJ that no font joins: drawn as two glyphs. */
const UNJOINED: EmojiRecord = {
  n: 'lime_unicorn',
  e: '\u{1F34B}\u200D\u{1F984}',
  d: 'lime unicorn',
  c: 'food',
  u: '99.0',
};
/** A 1x1 PNG, for an image that really loads. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const mount = (html: string) => {
  document.body.insertAdjacentHTML('beforeend', html);
  return document.body.lastElementChild as HTMLElement;
};

beforeAll(() => defineGlEmoji());
beforeEach(async () => {
  resetEmojiMap();
  localStorage.clear();
  await initEmojiMap({
    relativeRoot: '/gitlab',
    fetchEmojis: async () => [...(emojis as EmojiRecord[]), UNDRAWABLE, MONOCHROME, UNJOINED],
    loadAliases: async () => aliases,
    groupPath: 'gitlab-org',
    fetchCustomEmoji: async () => ({
      group: {
        id: '1',
        customEmoji: {
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: [{ id: '1', name: 'party_parrot', url: PIXEL }],
        },
      },
    }),
  });
});
afterEach(() => document.body.replaceChildren());

describe('the canvas support test', () => {
  it('finds the colour emoji font: common emoji, flags and joined sequences draw', () => {
    expect(isEmojiUnicodeSupported('👍', '6.0')).toBe(true);
    expect(isEmojiUnicodeSupported(FEATURE_SAMPLES.flag, '6.0')).toBe(true);
    expect(isEmojiUnicodeSupported(FEATURE_SAMPLES.zwj, '8.0')).toBe(true);
    expect(isEmojiUnicodeSupported(UNICODE_VERSION_SAMPLES['15.1']!, '15.1')).toBe(true);
  });

  it('finds no glyph for a private-use character, a black one for a dingbat, two for an unjoined sequence', () => {
    expect(isEmojiUnicodeSupported(UNDRAWABLE.e, UNDRAWABLE.u)).toBe(false);
    expect(isEmojiUnicodeSupported(MONOCHROME.e, MONOCHROME.u)).toBe(false);
    expect(isEmojiUnicodeSupported(UNJOINED.e, UNJOINED.u)).toBe(false);
  });
});

describe('the store in a real browser', () => {
  it('drops the emoji it cannot draw, version by version', () => {
    expect(isEmojiNameValid('thumbsup')).toBe(true);
    expect(isEmojiNameValid(UNDRAWABLE.n)).toBe(false);
    expect(isEmojiNameValid(UNJOINED.n)).toBe(false);
    expect(isEmojiNameValid(MONOCHROME.n)).toBe(false);
    const kept = new Set(getAllEmoji().map((emoji) => emoji.name));
    for (const [version, sample] of Object.entries(UNICODE_VERSION_SAMPLES)) {
      const ofVersion = (emojis as EmojiRecord[]).filter(
        (record) => record.u === version && !record.e.includes('\u200D'),
      );
      const drawn = isEmojiUnicodeSupported(sample, version);
      expect(
        ofVersion.filter((record) => kept.has(record.n) !== drawn).map((record) => record.n),
        `version ${version}`,
      ).toEqual([]);
    }
  });
});

describe('<gl-emoji> in Chromium', () => {
  it('draws a standard emoji as text in the emoji font, one glyph wide', async () => {
    const element = mount('<gl-emoji data-name="+1" style="font-size: 20px"></gl-emoji>');
    await waitFor(() => expect(element).toHaveTextContent('👍'));
    expect(element).toHaveAttribute('data-name', 'thumbsup');
    expect(element).toHaveAttribute('title', 'thumbs up');
    expect(getComputedStyle(element).fontFamily).toContain('Noto Color Emoji');
    const { width } = element.getBoundingClientRect();
    expect(width).toBeGreaterThan(15);
    expect(width).toBeLessThan(30);
  });

  it('shows the PNG fallback for an emoji the browser cannot draw', async () => {
    mount(`<gl-emoji data-name="${UNDRAWABLE.n}"></gl-emoji>`);
    const image = await screen.findByRole('img', { name: `:${UNDRAWABLE.n}:` });
    expect(image).toHaveAttribute('src', `/gitlab/-/emojis/3/${UNDRAWABLE.n}.png`);
  });

  it('shows a custom emoji as a loaded image, 1em square', async () => {
    mount('<gl-emoji data-name="party_parrot" style="font-size: 20px"></gl-emoji>');
    const image = (await screen.findByRole('img', { name: ':party_parrot:' })) as HTMLImageElement;
    await waitFor(() => expect(image.complete && image.naturalWidth).toBe(1));
    expect(image.getBoundingClientRect()).toMatchObject({ width: 20, height: 20 });
  });

  it('shows grey_question for an unknown name', async () => {
    const element = mount('<gl-emoji data-name="no_such_emoji"></gl-emoji>');
    await waitFor(() => expect(element).toHaveTextContent('❔'));
    expect(element).toHaveAttribute('data-name', 'grey_question');
  });
});
