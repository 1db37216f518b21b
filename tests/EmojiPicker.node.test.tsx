// "A page that never opens it pays nothing for it or the emoji data" (emoji picker issue), proven
// from the bundle graph: an app importing `EmojiPicker` is bundled with code splitting (esbuild, as
// an app bundler would). The modules reachable through static imports from its entry must include
// none of the panel's code, the emoji store, search, frequently used, the alias data or the
// virtualiser, nor the popover (react-aria's focus scope and overlay, floating-ui); each of them must
// be in a chunk reached only through a dynamic import. (The emoji data itself is fetched by the
// store, never bundled.)
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { splitBundle } from '../bench/bundleSize';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What a page with a closed picker pays, min+gzip: the toggle alone (3.1 KB, 4.5 KB through the
 * folder with the embeddable panel's light shell, 2026-11-26); 28 KB while the popover was static.
 */
const INITIAL_BUDGET_KB = 6;

const LAZY = {
  "the panel's code": /src\/components\/EmojiPicker\/EmojiPickerContent\.tsx$/,
  'emoji store': /src\/emoji\/store\.ts$/,
  'emoji search': /src\/emoji\/search\.ts$/,
  'frequently used': /src\/emoji\/frequentlyUsed\.ts$/,
  'alias data': /src\/emoji\/generated\/aliases\.ts$/,
  '@tanstack/virtual-core': /node_modules\/@tanstack\/virtual-core\//,
  // Issue 14: the popover loads on the toggle's first intent or press.
  "the picker's popover": /src\/components\/EmojiPicker\/EmojiPickerPopover\.tsx$/,
  Popover: /src\/components\/Popover\/Popover\.tsx$/,
  'floating-ui': /node_modules\/@floating-ui\/dom\//,
  "react-aria's focus scope": /node_modules\/react-aria\/dist\/private\/focus\/FocusScope\.mjs$/,
};

it.each([
  ['the component module', `export { EmojiPicker } from './src/components/EmojiPicker/EmojiPicker';`],
  ['the component folder (as forgekit re-exports it)', `export { EmojiPicker } from './src/components/EmojiPicker';`],
])(
  "keeps the panel's code, the emoji store and the virtualiser out of the initial load (%s)",
  async (_, contents) => {
    const { initialInputs, lazyInputs, initialGzip } = await splitBundle(contents, root);
    expect(initialGzip / 1024, 'initial load budget (KB min+gzip)').toBeLessThan(INITIAL_BUDGET_KB);
    for (const [name, pattern] of Object.entries(LAZY)) {
      expect(
        initialInputs.filter((input) => pattern.test(input)),
        `${name} in the initial load`,
      ).toEqual([]);
      expect(
        lazyInputs.some((input) => pattern.test(input)),
        `${name} in a lazily loaded chunk`,
      ).toBe(true);
    }
    // The toggle is in the initial load.
    expect(initialInputs.some((input) => input.endsWith('src/components/EmojiPicker/EmojiPicker.tsx'))).toBe(true);
  },
  120_000,
);
