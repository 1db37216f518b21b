// Copies the non-JS assets of the package into dist/: tokens.css (custom properties only), the
// icon sprite and the emoji data. tsup extracts each entry's CSS on its own (dist/index.css,
// dist/markdown.css, dist/emoji.css); `forgekit/styles.css` is dist/index.css, so the Markdown and
// emoji entries' CSS is appended to it here, each source file once (tsup heads every file's rules
// with `/* src/... */`, and a component used by several entries appears in each of their files).
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = new URL('../dist/', import.meta.url);
await copyFile(new URL('../src/tokens/generated/tokens.css', import.meta.url), new URL('tokens.css', dist));
await copyFile(require.resolve('@gitlab/svgs/dist/icons.svg'), new URL('icons.svg', dist));
// The emoji data the product serves at /-/emojis/3/emojis.json (forgekit/emojis.json).
await mkdir(new URL('emojis/3/', dist), { recursive: true });
await copyFile(new URL('../src/emoji/generated/emojis.json', import.meta.url), new URL('emojis/3/emojis.json', dist));
/** The `/* src/... *\/`-headed sections of a tsup CSS file, by source path. */
function sections(css) {
  const parts = css.split(/^(?=\/\* src\/)/m);
  return new Map(parts.map((part) => [part.slice(0, part.indexOf('*/') + 2), part]));
}
const styles = new URL('index.css', dist);
const all = sections(await readFile(styles, 'utf8'));
for (const entry of ['markdown.css', 'emoji.css']) {
  for (const [source, part] of sections(await readFile(new URL(entry, dist), 'utf8'))) {
    if (source.startsWith('/* src/') && !all.has(source)) all.set(source, part);
  }
}
await writeFile(styles, [...all.values()].join(''));
console.log('postbuild: styles.css holds the components, Markdown and emoji CSS');
console.log('postbuild: copied tokens.css, icons.svg and emojis/3/emojis.json into dist/');
