import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GL_EMOJI_IMAGE_CLASS,
  defineGlEmoji,
  initEmojiMap,
  resetEmojiMap,
  type CustomEmojiQueryData,
  type EmojiRecord,
  type InitEmojiMapOptions,
} from '../src/emoji';

const RECORDS: EmojiRecord[] = [
  { n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' },
  { n: 'heart', e: '❤️', d: 'red heart', c: 'people', u: '6.0' },
  { n: 'grey_question', e: '❔', d: 'white question mark', c: 'symbols', u: '6.0' },
  { n: 'trombone', e: '🪊', d: 'trombone', c: 'activity', u: '17.0' },
];

const customPage = (): CustomEmojiQueryData => ({
  group: {
    id: '1',
    customEmoji: {
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: [{ id: '7', name: 'party_parrot', url: 'https://cdn.test/party_parrot.gif' }],
    },
  },
});

const defineOptions = { fetchEmojis: vi.fn(async () => RECORDS) };
const init = (options: InitEmojiMapOptions = {}) =>
  initEmojiMap({
    fetchEmojis: async () => RECORDS,
    loadAliases: async () => ({ '+1': 'thumbsup' }),
    groupPath: 'gitlab-org',
    fetchCustomEmoji: async () => customPage(),
    isEmojiSupported: (_emoji, version) => version !== '17.0',
    ...options,
  });

function mount(html: string): HTMLElement {
  document.body.insertAdjacentHTML('beforeend', html);
  return document.body.lastElementChild as HTMLElement;
}

beforeAll(() => defineGlEmoji(defineOptions));
beforeEach(() => {
  resetEmojiMap();
  localStorage.clear();
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('defineGlEmoji', () => {
  it('defines <gl-emoji> once: later calls change nothing', () => {
    const element = customElements.get('gl-emoji');
    expect(element).toBeDefined();
    expect(() => defineGlEmoji()).not.toThrow();
    expect(customElements.get('gl-emoji')).toBe(element);
  });

  it("initialises the emoji map with its options when the page has not (the first element's call)", async () => {
    const element = mount('<gl-emoji data-name="heart"></gl-emoji>');
    await waitFor(() => expect(element).toHaveTextContent('❤️'));
    expect(defineOptions.fetchEmojis).toHaveBeenCalledTimes(1);
  });
});

describe('a standard emoji', () => {
  beforeEach(() => init());

  it('gets its unicode text, its description as title and its unicode version', async () => {
    const element = mount('<gl-emoji data-name="thumbsup"></gl-emoji>');
    await waitFor(() => expect(element).toHaveTextContent('👍'));
    expect(element).toHaveAttribute('title', 'thumbs up');
    expect(element).toHaveAttribute('data-unicode-version', '6.0');
    expect(element.querySelector('img')).toBeNull();
  });

  it('resolves an alias to the emoji name', async () => {
    const element = mount('<gl-emoji data-name="+1"></gl-emoji>');
    await waitFor(() => expect(element).toHaveTextContent('👍'));
    expect(element).toHaveAttribute('data-name', 'thumbsup');
    expect(element).toHaveAttribute('title', 'thumbs up');
  });

  it('replaces the text of a server-rendered element', async () => {
    const element = mount('<gl-emoji data-name="thumbsup" data-unicode-version="6.0">👍</gl-emoji>');
    await waitFor(() => expect(element).toHaveAttribute('title', 'thumbs up'));
    expect(element.textContent).toBe('👍');
  });

  it('follows a change of data-name', async () => {
    const element = mount('<gl-emoji data-name="thumbsup"></gl-emoji>');
    await waitFor(() => expect(element).toHaveTextContent('👍'));
    element.dataset.name = 'heart';
    await waitFor(() => expect(element).toHaveTextContent('❤️'));
    expect(element).toHaveAttribute('title', 'red heart');
  });
});

describe('an emoji the browser cannot draw', () => {
  it('shows the PNG at {relativeRoot}/-/emojis/3/{name}.png', async () => {
    await init({ relativeRoot: '/gitlab' });
    mount('<gl-emoji data-name="trombone"></gl-emoji>');
    const image = await screen.findByRole('img', { name: ':trombone:' });
    expect(image).toHaveAttribute('src', '/gitlab/-/emojis/3/trombone.png');
    expect(image).toHaveClass(GL_EMOJI_IMAGE_CLASS);
    expect(image.parentElement).toHaveAttribute('title', 'trombone');
    expect(image.parentElement).toHaveAttribute('data-unicode-version', '17.0');
  });

  it('shows data-fallback-src when given', async () => {
    await init();
    mount('<gl-emoji data-name="trombone" data-fallback-src="/assets/trombone.png">🪊</gl-emoji>');
    expect(await screen.findByRole('img', { name: ':trombone:' })).toHaveAttribute('src', '/assets/trombone.png');
  });
});

describe('a custom emoji', () => {
  beforeEach(() => init());

  it('shows as an image with alt text :name:', async () => {
    const element = mount('<gl-emoji data-name="party_parrot"></gl-emoji>');
    const image = await screen.findByRole('img', { name: ':party_parrot:' });
    expect(image).toHaveAttribute('src', 'https://cdn.test/party_parrot.gif');
    expect(element).toHaveAttribute('data-unicode-version', 'custom');
  });

  it("of a group not on the page shows the server's data-fallback-src", async () => {
    mount('<gl-emoji data-name="other_groups" data-unicode-version="custom" data-fallback-src="/u/o.png"></gl-emoji>');
    expect(await screen.findByRole('img', { name: ':other_groups:' })).toHaveAttribute('src', '/u/o.png');
  });
});

describe('an unknown name', () => {
  beforeEach(() => init());

  it('shows the grey_question fallback', async () => {
    const element = mount('<gl-emoji data-name="no_such_emoji"></gl-emoji>');
    await waitFor(() => expect(element).toHaveTextContent('❔'));
    expect(element).toHaveAttribute('data-name', 'grey_question');
    expect(element).toHaveAttribute('title', 'white question mark');
  });

  it('keeps what the server rendered for it', async () => {
    const element = mount('<gl-emoji data-name="brand_new" title="brand new">🆕</gl-emoji>');
    const known = mount('<gl-emoji data-name="heart"></gl-emoji>');
    await waitFor(() => expect(known).toHaveTextContent('❤️'));
    expect(element.textContent).toBe('🆕');
    expect(element).toHaveAttribute('data-name', 'brand_new');
  });
});

describe('an unsafe data-fallback-src (user content can set it)', () => {
  beforeEach(() => init());

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>'])(
    'is ignored for an emoji the platform cannot draw, which gets its PNG instead: %s',
    async (url) => {
      mount(`<gl-emoji data-name="trombone" data-fallback-src="${url}">🪊</gl-emoji>`);
      const image = await screen.findByRole('img', { name: ':trombone:' });
      expect(image).toHaveAttribute('src', '/-/emojis/3/trombone.png');
    },
  );

  it('is ignored for an unknown custom emoji, which falls back to grey_question', async () => {
    const element = mount(
      '<gl-emoji data-name="nope" data-unicode-version="custom" data-fallback-src="javascript:alert(1)"></gl-emoji>',
    );
    await waitFor(() => expect(element).toHaveAttribute('data-name', 'grey_question'));
    expect(element.querySelector('img')).toBeNull();
  });
});
