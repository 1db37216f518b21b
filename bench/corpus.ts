// Deterministic Markdown corpora for the renderMarkdown benchmark: the same seed gives the same
// text on every machine and run. Pure functions, no DOM, so Node tests can use them too.

/** mulberry32: a small, fast, seedable PRNG. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the pipeline runner cache merge request branch commit review deploy environment package registry token project group member issue label milestone epic design wiki snippet artifact job stage variable secret schedule release tag container image build test coverage report security scan dependency license policy approval rule threshold timeout retry failure success warning error config setting option value default update change fix feature support improve performance memory latency request response client server database migration index query background worker queue event webhook notification email user account permission role access'.split(
    ' ',
  );
const USERS = Array.from({ length: 40 }, (_, i) => `user${i}`);
const LABELS = ['bug', 'feature', 'backend', 'frontend', 'documentation', 'performance', 'security', 'UX'];
const SCOPED = ['priority::1', 'priority::2', 'severity::3', 'workflow::in review', 'type::maintenance'];
const MILESTONES = ['16.0', '16.1', '16.2', 'Backlog', 'Next release'];
const PROJECTS = ['gitlab-org/gitlab', 'gitlab-org/gitlab-ui', 'gitlab-org/cli'];
const LANGUAGES = ['ts', 'ruby', 'yaml', 'shell', 'diff', 'json', 'go', 'python'];
const EMOJI = ['thumbsup', 'tada', 'eyes', 'rocket', 'smile', 'white_check_mark', 'warning'];

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const int = (rng: Rng, max: number) => 1 + Math.floor(rng() * max);
const hex = (rng: Rng, length: number) =>
  Array.from({ length }, () => '0123456789abcdef'[Math.floor(rng() * 16)]).join('');

function sentence(rng: Rng, decorate: (rng: Rng) => string): string {
  const count = 8 + Math.floor(rng() * 14);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = rng();
    if (roll < 0.04) words.push(`**${pick(rng, WORDS)}**`);
    else if (roll < 0.08) words.push(`_${pick(rng, WORDS)}_`);
    else if (roll < 0.12) words.push(`\`${pick(rng, WORDS)}_${pick(rng, WORDS)}\``);
    else if (roll < 0.14) words.push(`[${pick(rng, WORDS)}](https://docs.example.com/${pick(rng, WORDS)}.html)`);
    else if (roll < 0.24) words.push(decorate(rng));
    else words.push(pick(rng, WORDS));
  }
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

function codeBlock(rng: Rng): string {
  const lang = pick(rng, LANGUAGES);
  const lines = Array.from(
    { length: 3 + Math.floor(rng() * 12) },
    () => `  ${pick(rng, WORDS)}_${pick(rng, WORDS)} = ${pick(rng, WORDS)}(${int(rng, 100)}) # <tag> & "quote"`,
  );
  return '```' + lang + '\n' + lines.join('\n') + '\n```';
}

/** A product reference or mention, as people write them in issue threads. */
const SHAS = (() => {
  const rng = random(99);
  return Array.from({ length: 50 }, () => hex(rng, 40));
})();

function reference(rng: Rng): string {
  const roll = rng();
  if (roll < 0.3) return `@${pick(rng, USERS)}`;
  if (roll < 0.5) return `#${int(rng, 250)}`;
  if (roll < 0.6) return `!${int(rng, 150)}`;
  if (roll < 0.65) return `${pick(rng, PROJECTS)}#${int(rng, 50)}`;
  if (roll < 0.75) return `~${pick(rng, LABELS)}`;
  if (roll < 0.8) return `~"${pick(rng, SCOPED)}"`;
  if (roll < 0.85) return `%"${pick(rng, MILESTONES)}"`;
  if (roll < 0.9) return `&${int(rng, 40)}`;
  if (roll < 0.95) return pick(rng, SHAS).slice(0, rng() < 0.5 ? 8 : 40);
  return `:${pick(rng, EMOJI)}:`;
}

const plainWord = (rng: Rng) => pick(rng, WORDS);

/** A long documentation page (about `size` characters): headings, prose, lists, tables, code, notes. */
export function documentationPage(size = 512 * 1024, seed = 1): string {
  const rng = random(seed);
  const parts: string[] = ['---\ntitle: Administration guide\nstage: Verify\n---\n', '# Administration guide\n'];
  let length = parts.join('\n').length;
  let section = 0;
  while (length < size) {
    section++;
    const block: string[] = [`## ${section}. ${sentence(rng, plainWord).slice(0, -1)}`];
    for (let p = 0; p < 4; p++) block.push(Array.from({ length: 3 }, () => sentence(rng, plainWord)).join(' '));
    block.push(`### Configure ${pick(rng, WORDS)} ${pick(rng, WORDS)}`);
    block.push(Array.from({ length: 6 }, (_, i) => `${i + 1}. ${sentence(rng, plainWord)}`).join('\n'));
    block.push(codeBlock(rng));
    block.push(
      ['| Setting | Default | Description |', '|---|:---:|---|']
        .concat(
          Array.from(
            { length: 5 },
            () => `| \`${pick(rng, WORDS)}_${pick(rng, WORDS)}\` | ${int(rng, 1000)} | ${sentence(rng, plainWord)} |`,
          ),
        )
        .join('\n'),
    );
    block.push(
      Array.from({ length: 4 }, () => `- ${sentence(rng, plainWord)}\n  - ${sentence(rng, plainWord)}`).join('\n'),
    );
    block.push(`> **Note:** ${sentence(rng, plainWord)} See the [reference](#${section}-reference)[^${section}].`);
    block.push(`[^${section}]: ${sentence(rng, plainWord)}`);
    if (section % 5 === 0) block.push('```mermaid\ngraph LR\n  A[Push] --> B[Pipeline] --> C[Deploy]\n```');
    if (section % 7 === 0) block.push('$$\n\\sum_{i=1}^{n} x_i^2\n$$');
    if (section % 3 === 0) block.push('- [x] Installed\n- [ ] Configured\n- [ ] Verified');
    const text = block.join('\n\n');
    parts.push(text);
    length += text.length + 2;
  }
  return parts.join('\n\n') + '\n';
}

/**
 * A long issue thread (about `size` characters, 1 MB by default): comments full of mentions,
 * references, labels, emoji and code fences, quoting each other. Distinct references stay below
 * the renderer's per-document cap, so every one is resolved.
 */
export function issueThread(size = 1024 * 1024, seed = 2): string {
  const rng = random(seed);
  const comments: string[] = ['# Pipeline fails intermittently on main\n'];
  let length = comments[0]!.length;
  let n = 0;
  while (length < size) {
    n++;
    const lines: string[] = [`**@${pick(rng, USERS)}** commented:`];
    lines.push(Array.from({ length: 2 + Math.floor(rng() * 3) }, () => sentence(rng, reference)).join(' '));
    if (n % 3 === 0) lines.push(codeBlock(rng));
    if (n % 4 === 0) lines.push(`> ${sentence(rng, reference)}\n> ${sentence(rng, reference)}`);
    if (n % 5 === 0) lines.push(`- [ ] ${sentence(rng, reference)}\n- [x] ${sentence(rng, reference)}`);
    if (n % 6 === 0)
      lines.push(`Thanks @${pick(rng, USERS)} :${pick(rng, EMOJI)}: see ${pick(rng, PROJECTS)}!${int(rng, 80)}`);
    if (n % 9 === 0)
      lines.push('```\nERROR: Job failed: exit code 1\n  at step `script` (#' + int(rng, 300) + ')\n```');
    const text = lines.join('\n\n') + '\n\n---';
    comments.push(text);
    length += text.length + 2;
  }
  return comments.join('\n\n') + '\n';
}

/** A GFM table of `columns` × `rows` one-letter cells. */
function wideTable(columns: number, rows: number): string {
  const row = `|${' a |'.repeat(columns)}`;
  return [row, `|${'-|'.repeat(columns)}`, ...Array.from({ length: rows }, () => row)].join('\n');
}

/**
 * Issue 16's hostile inputs ("Markdown: speed on hostile input"), each a function of a scale: 1 is
 * the issue's size, 2 doubles the input (the check that time grows linearly). `fuzzyLinks`: the fair
 * baseline is markdown-it with linkify-it's fuzzy links on (plain markdown-it links no `www.`).
 */
export const HOSTILE_INPUTS: readonly { name: string; make: (scale: number) => string; fuzzyLinks?: boolean }[] = [
  { name: '2,000-column × 50-row table', make: (scale) => wideTable(2_000 * scale, 50) },
  { name: '50,000 www.a.io links', make: (scale) => 'www.a.io '.repeat(50_000 * scale), fuzzyLinks: true },
  { name: '50,000 ~~a', make: (scale) => '~~a'.repeat(50_000 * scale) },
  { name: '50,000 [^a (a footnote defined)', make: (scale) => `[^a]: x\n\n${'[^a'.repeat(50_000 * scale)}` },
  { name: '10,000 nested brackets', make: (scale) => `${'['.repeat(10_000 * scale)}a${']'.repeat(10_000 * scale)}` },
  { name: '20,000-deep list', make: (scale) => `${'- '.repeat(20_000 * scale)}a` },
];
