// AwardEmojiBar on the server (no DOM globals), then hydrated in a DOM where the page has already
// defined <gl-emoji> and the elements have drawn their emoji before React hydrates (a product page
// defines the element early): no mismatch, and React leaves the drawn emoji alone.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AwardEmojiBar, type Award } from '../src/components/AwardEmojiBar';
import { defineGlEmoji, initEmojiMap, resetEmojiMap, type InitEmojiMapOptions } from '../src/emoji';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const INIT_OPTIONS: InitEmojiMapOptions = {
  fetchEmojis: async () => [
    { n: 'thumbsup', e: '👍', d: 'thumbs up', c: 'people', u: '6.0' },
    { n: 'thumbsdown', e: '👎', d: 'thumbs down', c: 'people', u: '6.0' },
    { n: 'tada', e: '🎉', d: 'party popper', c: 'activity', u: '6.0' },
    { n: 'grey_question', e: '❔', d: 'white question mark', c: 'symbols', u: '6.0' },
  ],
  loadAliases: async () => ({}),
  groupPath: null,
  isEmojiSupported: () => true,
};
const AWARDS: Award[] = [
  { name: 'thumbsup', user: { id: 1, name: 'Grace Hopper' } },
  { name: 'tada', user: { id: 2, name: 'Ada Lovelace' } },
];
const bar = (currentUserId?: number) => (
  <AwardEmojiBar awards={AWARDS} currentUserId={currentUserId} onToggle={async () => {}} initOptions={INIT_OPTIONS} />
);

async function until(condition: () => boolean) {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 100) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('AwardEmojiBar on the server', () => {
  it('renders the buttons and empty <gl-emoji data-name> elements without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(bar(1));
    expect(html).toContain('role="group" aria-label="Reactions"');
    expect(html).toMatch(
      /<gl-emoji class="fk-award-emoji-bar__emoji" data-name="thumbsup" aria-hidden="true"><\/gl-emoji>/,
    );
    expect(html).toMatch(/aria-label="thumbsup 1" aria-pressed="true"/);
    expect(html).toMatch(/aria-label="tada 1" aria-pressed="false"/);
    expect(html).toContain('aria-label="Add reaction"');
  });

  it.each([
    ['signed in', 1],
    ['read-only', undefined],
  ])('hydrates over emoji the page has already drawn (%s)', async (_case, currentUserId) => {
    const html = renderToString(bar(currentUserId));
    await withDom(html, async (container) => {
      resetEmojiMap();
      defineGlEmoji(INIT_OPTIONS);
      await initEmojiMap(INIT_OPTIONS);
      const emoji = container.querySelector('gl-emoji[data-name="thumbsup"]')!;
      await until(() => emoji.textContent === '👍');
      expect(emoji.getAttribute('title')).toBe('thumbs up');

      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      const consoleWarn = vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, bar(currentUserId), { onRecoverableError: (error) => errors.push(error) });
      });
      // React kept the server's elements and their drawn content, also through a re-render.
      expect(container.querySelector('gl-emoji[data-name="thumbsup"]')).toBe(emoji);
      await act(async () => root?.render(bar(currentUserId)));
      expect(emoji.textContent).toBe('👍');
      await act(async () => root?.unmount());
      consoleError.mockRestore();
      consoleWarn.mockRestore();
      expect(errors).toEqual([]);
    });
  });
});
