// Copies the non-JS assets of the package into dist/: tokens.css (custom properties only) and
// the icon sprite. Component CSS is already extracted by tsup into dist/index.css.
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = new URL('../dist/', import.meta.url);
await copyFile(new URL('../src/tokens/generated/tokens.css', import.meta.url), new URL('tokens.css', dist));
await copyFile(require.resolve('@gitlab/svgs/dist/icons.svg'), new URL('icons.svg', dist));
console.log('postbuild: copied tokens.css and icons.svg into dist/');
