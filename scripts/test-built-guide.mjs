// The style guide as a reader meets it: `storybook build`, the static files served by a plain static
// server on loopback, Chromium with animations on. Checks that the UI fonts load, that a Mermaid
// diagram and the diagram error box render from the built files (the sandbox page and script are
// part of the build), and runs the play functions of the built guide's stories, as Storybook runs
// them for a reader (STORY_FINISHED, with the a11y report).
//
//   node --import tsx scripts/test-built-guide.mjs [--no-build] [--all] [--repeat N] [story-id ...]
//
// By default the play functions run for the stories whose play functions failed in the built guide
// before (issue 16: diagrams, popovers, modals, pickers, forms); --all runs every story with a play
// function (about four minutes on a loaded 2-core machine); story ids pick stories by hand.
// --no-build reuses storybook-static/; --repeat runs each story N times (flakiness hunt).
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, VIEWPORT, chromiumPath } from './chromium.ts';
import { MERMAID_ERROR_MESSAGE, MERMAID_FRAME_TITLE } from '../src/markdown/pipeline/enhancers/mermaidConstants.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'no-build': { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
  },
});

const OUT_DIR = join(import.meta.dirname, '..', 'storybook-static');
/** The story whose diagram must render, and the one whose diagram fails on purpose. */
const DIAGRAM_STORY = 'markdown-mermaid--flowchart';
const DIAGRAM_ERROR_STORY = 'markdown-mermaid--render-error';
/** The tag Storybook's index gives every story that has a play function. */
const PLAY_TAG = 'play-fn';
/** Story id prefixes of the default play-function run: the stories the built guide used to fail. */
const DEFAULT_STORY_PREFIXES = [
  'markdown-mermaid--',
  'markdown-reference--',
  'markdown-referencepopovers--',
  'markdown-mentions--',
  'components-form--requires-input',
  'components-modal--',
  'components-popover--',
  'components-emojipicker--',
  'components-alert--global-alerts',
  'components-broadcastmessage--',
];
/** The families the guide's text is set in (stories/support/fonts.css), at a size to probe. */
const FONT_PROBES = ['16px Inter', '16px "JetBrains Mono"'];
/** A story's render, play function, animations and a11y check together; generous for a loaded machine. */
const STORY_TIMEOUT_MS = 30_000;

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

/** A static host: files as they are, `index.html` for a folder, 404 for anything else. No CORS headers. */
function serveStatic(root) {
  return createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname));
    let file = join(root, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      await stat(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
}

if (!values['no-build']) {
  const build = spawnSync('npx', ['storybook', 'build', '--quiet', '-o', OUT_DIR], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const index = JSON.parse(await readFile(join(OUT_DIR, 'index.json'), 'utf8'));
const playStories = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && entry.tags.includes(PLAY_TAG))
  .map((entry) => entry.id);
const selected = positionals.length
  ? positionals
  : playStories.filter((id) => values.all || DEFAULT_STORY_PREFIXES.some((prefix) => id.startsWith(prefix)));

let server;
let origin;
let browser;
let page;
/** Responses of 400 and above, and page errors, seen since the last story was opened. */
let problems = [];
/** The story the page shows: selecting it again would not re-run it. */
let currentStory;

/**
 * Opens a story as the built guide does and waits for Storybook's STORY_FINISHED (render, play
 * function, animations, a11y check). The first story loads the canvas page (the channel is hooked
 * as the preview creates it); later ones are selected in the same page, as the guide's sidebar does,
 * unless `reload` asks for a fresh page.
 */
async function openStory(id, { reload = false } = {}) {
  problems = [];
  const isLoaded = await page.evaluate(() => Boolean(window.__STORYBOOK_ADDONS_CHANNEL__)).catch(() => false);
  if (isLoaded && !reload && currentStory !== id) {
    await page.evaluate((storyId) => {
      window.__fkStoryFinished = undefined;
      window.__fkPlayError = undefined;
      window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, id);
  } else {
    await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
  }
  const finished = await page.waitForFunction(
    (storyId) => window.__fkStoryFinished?.storyId === storyId && window.__fkStoryFinished,
    id,
    {
      timeout: STORY_TIMEOUT_MS,
    },
  );
  currentStory = id;
  return finished.jsonValue();
}

before(async () => {
  server = serveStatic(OUT_DIR);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({ executablePath: chromiumPath(), chromiumSandbox: false, args: CHROMIUM_ARGS });
  // Animations on (no reduced motion): a reader's browser, not the visual tests' frozen one.
  const context = await browser.newContext({ viewport: { ...VIEWPORT }, deviceScaleFactor: 1 });
  await context.addInitScript(() => {
    let channel;
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(value) {
        channel = value;
        value.on('playFunctionThrewException', (error) => (window.__fkPlayError = error));
        value.on(
          'storyFinished',
          (event) => (window.__fkStoryFinished = { ...event, playError: window.__fkPlayError }),
        );
      },
    });
  });
  page = await context.newPage();
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

describe('the built style guide', () => {
  test('sets its text in the bundled UI and code fonts', async () => {
    await openStory(DIAGRAM_STORY, { reload: true });
    for (const probe of FONT_PROBES) {
      const loaded = await page.evaluate(async (font) => (await document.fonts.load(font)).length, probe);
      assert.ok(loaded > 0, `no @font-face in the built guide matches ${probe}`);
      assert.ok(await page.evaluate((font) => document.fonts.check(font), probe), `${probe} is not loaded`);
    }
  });

  test('renders a Mermaid diagram from the built files', async () => {
    const finished = await openStory(DIAGRAM_STORY, { reload: true });
    assert.equal(finished.status, 'success', JSON.stringify(finished));
    const frame = page.frameLocator(`iframe[title="${MERMAID_FRAME_TITLE}"]`).first();
    const box = await frame.locator('svg').first().boundingBox({ timeout: STORY_TIMEOUT_MS });
    assert.ok(box && box.height > 0 && box.width > 0, 'the diagram has no size');
    assert.ok((await frame.locator('svg text, svg foreignObject').count()) > 0, 'the diagram has no labels');
    assert.deepEqual(problems, []);
  });

  test('shows the diagram error box in the UI font', async () => {
    await openStory(DIAGRAM_ERROR_STORY, { reload: true });
    const frame = page.frameLocator(`iframe[title="${MERMAID_FRAME_TITLE}"]`).first();
    const alert = frame.getByRole('alert');
    await alert.waitFor({ timeout: STORY_TIMEOUT_MS });
    assert.ok((await alert.innerText()).startsWith(MERMAID_ERROR_MESSAGE), await alert.innerText());
    // The frame has its own document: its fonts are its own (inlined into the sandbox page).
    const fonts = await alert.evaluate((element) =>
      [...element.ownerDocument.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
    );
    assert.ok(
      fonts.some((family) => family.replaceAll('"', '') === 'Inter'),
      `frame fonts loaded: ${fonts}`,
    );
  });
});

describe('play functions in the built guide (animations on)', () => {
  const repeat = Number(values.repeat);
  for (const id of selected) {
    for (let run = 1; run <= repeat; run += 1) {
      test(repeat > 1 ? `${id} (run ${run})` : id, async () => {
        const finished = await openStory(id);
        const failedReports = finished.reporters?.filter((report) => report.status === 'failed') ?? [];
        assert.equal(
          finished.status,
          'success',
          finished.playError?.message ?? JSON.stringify(failedReports.map((report) => report.result ?? report)),
        );
      });
    }
  }
});
