// Copies the non-JS assets of the package into dist/: tokens.css (custom properties only), the
// icon sprite and the emoji data. Component CSS is already extracted by tsup into dist/index.css.
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = new URL('../dist/', import.meta.url);
await copyFile(new URL('../src/tokens/generated/tokens.css', import.meta.url), new URL('tokens.css', dist));
await copyFile(require.resolve('@gitlab/svgs/dist/icons.svg'), new URL('icons.svg', dist));
// The emoji data the product serves at /-/emojis/3/emojis.json (forgekit/emojis.json).
await mkdir(new URL('emojis/3/', dist), { recursive: true });
await copyFile(new URL('../src/emoji/generated/emojis.json', import.meta.url), new URL('emojis/3/emojis.json', dist));
console.log('postbuild: copied tokens.css, icons.svg and emojis/3/emojis.json into dist/');
