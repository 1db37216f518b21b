// `npm run test:visual`: runs every story in light and dark against the committed baselines and
// writes reports/visual/index.html, showing for each changed story the reference, the new image
// and the diff side by side. `npm run test:visual:update` accepts the new images as baselines.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const attachments = join(root, '.vitest-attachments/visual');
const baselines = join(root, 'tests/visual/__screenshots__');
const report = join(root, 'reports/visual');

rmSync(attachments, { recursive: true, force: true });
rmSync(report, { recursive: true, force: true });
mkdirSync(report, { recursive: true });

const args = ['vitest', 'run', '--project', 'stories', ...process.argv.slice(2)];
const { status } = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, CI: 'true' } });

const changed = existsSync(attachments)
  ? readdirSync(attachments)
      .filter((f) => f.endsWith('-actual.png'))
      .map((f) => f.replace(/-actual\.png$/, ''))
      .sort()
  : [];

const escape = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const figure = (label, file) =>
  file
    ? `<figure><figcaption>${label}</figcaption><a href="${file}"><img src="${file}" alt="${label}"></a></figure>`
    : `<figure><figcaption>${label}</figcaption><p>(none: a new story)</p></figure>`;

const rows = changed.map((name) => {
  const copy = (from, suffix) => {
    if (!existsSync(from)) return '';
    const file = `${name}-${suffix}.png`;
    cpSync(from, join(report, file));
    return file;
  };
  const reference = copy(join(baselines, `${name}.png`), 'reference');
  const actual = copy(join(attachments, `${name}-actual.png`), 'new');
  const diff = copy(join(attachments, `${name}-diff.png`), 'diff');
  return `<section><h2>${escape(name)}</h2><div class="row">${figure('Reference', reference)}${figure('New', actual)}${figure('Diff', diff)}</div></section>`;
});

writeFileSync(
  join(report, 'index.html'),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>forgekit visual changes</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;color:#333238}h1{font-size:20px}h2{font-size:15px;font-family:monospace}
.row{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
img{max-width:100%;border:1px solid #dcdcde;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}</style>
<h1>${changed.length ? `${changed.length} stories changed` : 'No visual changes'}</h1>
<p>Accept intended changes with <code>npm run test:visual:update</code> and commit the baselines in tests/visual/__screenshots__/.</p>
${rows.join('\n')}</html>\n`,
);

console.log(
  `\nvisual: ${changed.length} changed ${changed.length === 1 ? 'story' : 'stories'}${changed.length ? `: ${changed.join(', ')}` : ''}`,
);
console.log(`visual: report at ${join(report, 'index.html')}`);
process.exit(status ?? 1);
