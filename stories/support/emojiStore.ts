// The emoji store for stories: the real emoji data, no network. The store is a module singleton
// (one map per page), so stories that need emoji load it in a loader, before they render:
//
//   loaders: [emojiStoreLoader],
//   parameters: { emojiStore: { ...STORY_EMOJI_OPTIONS, groupPath: 'gitlab-org', fetchCustomEmoji } },
//
// The loader resets the store only when a story asks for other options than the ones loaded, so
// the stories of one file (and its docs page, where they render together) share one load. Give
// every story of a file the same options object where you can: on a docs page a reset for one
// story would reload the map under the others.
import type { Parameters } from '@storybook/react-vite';
import {
  EMOJI_STORAGE_KEY,
  defineGlEmoji,
  initEmojiMap,
  resetEmojiMap,
  type EmojiRecord,
  type InitEmojiMapOptions,
} from '../../src/emoji';
import { removeStorage } from '../../src/utils/storage';

/** The standard emoji data the product serves, from the repository. */
export const loadStoryEmojiData = (): Promise<EmojiRecord[]> =>
  import('../../src/emoji/generated/emojis.json').then((module) => module.default as EmojiRecord[]);

/**
 * Real data, no custom emoji, and every emoji drawable (the colour emoji font is installed where
 * screenshots are taken; a canvas test could still disagree from machine to machine).
 */
export const STORY_EMOJI_OPTIONS: InitEmojiMapOptions = {
  fetchEmojis: loadStoryEmojiData,
  groupPath: null,
  isEmojiSupported: () => true,
};

let loadedWith: InitEmojiMapOptions | null = null;

/** Defines `<gl-emoji>` and loads the emoji map with `options`, resetting it if loaded otherwise. */
export async function loadStoryEmoji(options: InitEmojiMapOptions = STORY_EMOJI_OPTIONS): Promise<void> {
  // Elements that connect while nothing is loading load these (real data, no network either).
  defineGlEmoji(STORY_EMOJI_OPTIONS);
  if (loadedWith !== options) {
    resetEmojiMap();
    // The store prefers its localStorage copy: a copy some other page left must not stand in.
    removeStorage('local', EMOJI_STORAGE_KEY);
    loadedWith = options;
  }
  await initEmojiMap(options);
}

/** Story loader: the emoji map with `parameters.emojiStore` (default `STORY_EMOJI_OPTIONS`). */
export const emojiStoreLoader = async ({ parameters }: { parameters: Parameters }) => {
  await loadStoryEmoji((parameters.emojiStore as InitEmojiMapOptions | undefined) ?? STORY_EMOJI_OPTIONS);
  return {};
};
