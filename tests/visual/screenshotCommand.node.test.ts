// The stories' screenshot command (screenshotCommand.ts) against real Chromium: an element in a
// framed page (as vitest's runner frames each test) is captured where it is, new baselines are
// written or refused as vitest's update modes say, a one-unit colour change in one pixel fails with
// the new image and a diff, the same pixels in another PNG encoding pass, and content that arrives
// late is waited for.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserCommandContext } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.ts';
import { createScreenshotCommand, type ScreenshotResult } from './screenshotCommand';

const CANVAS = '#canvas';
const COLOUR = [10, 20, 30] as const;

let browser: Browser;
let page: Page;
let dir: string;
let baselines: string;
let attachments: string;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), chromiumSandbox: false, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 400, height: 300 }, deviceScaleFactor: 1 });
}, 60_000);
afterAll(() => browser?.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'forgekit-screenshots-'));
  baselines = join(dir, 'baselines');
  attachments = join(dir, 'attachments');
  return () => rmSync(dir, { recursive: true, force: true });
});

/** A test frame away from the page's corner, with a border, holding `body`. */
async function showFrame(body: string) {
  const doc = `<style>body{margin:0}</style>${body}`.replaceAll('"', '&quot;');
  await page.setContent(
    `<body style="margin:0;background:#fff"><iframe name="test" srcdoc="${doc}"
      style="position:absolute;left:37px;top:23px;width:200px;height:150px;border:3px solid rgb(255,0,0)"></iframe></body>`,
  );
  await page.frame({ name: 'test' })!.waitForSelector(CANVAS);
}

const canvas = (extra = '') =>
  `<div id="canvas" style="position:relative;margin:11px;width:100px;height:50px;background:rgb(${COLOUR.join(',')})">${extra}</div>`;

/** Runs the command as vitest would for a story in the frame, in the given update mode. */
function match(name: string, updateSnapshot: 'all' | 'new' | 'none' = 'none'): Promise<ScreenshotResult> {
  const command = createScreenshotCommand({ baselines, attachments });
  const context = {
    page,
    frame: async () => page.frame({ name: 'test' })!,
    project: { serializedConfig: { snapshotOptions: { updateSnapshot } } },
  } as unknown as BrowserCommandContext;
  return command(context, name, CANVAS) as Promise<ScreenshotResult>;
}

const read = (path: string) => PNG.sync.read(readFileSync(path));

describe('the stories screenshot command', () => {
  it('writes a missing baseline of the element alone and fails until it is reviewed; then passes', async () => {
    await showFrame(canvas());
    const first = await match('story--default-light', 'new');
    expect(first.pass).toBe(false);
    expect(first.message).toMatch(/No baseline existed/);
    // The story id's double dashes are single in the file name, as vitest's own names had them.
    const baseline = read(join(baselines, 'story-default-light.png'));
    expect([baseline.width, baseline.height]).toEqual([100, 50]);
    // Every pixel is the canvas's: nothing of the frame's border or the page around it.
    for (let i = 0; i < baseline.data.length; i += 4) {
      expect([...baseline.data.subarray(i, i + 3)]).toEqual([...COLOUR]);
    }
    await expect(match('story--default-light')).resolves.toEqual({ pass: true });
  });

  it('in CI (update none) writes no baseline: the capture goes to the attachments', async () => {
    await showFrame(canvas());
    const result = await match('story--new');
    expect(result.pass).toBe(false);
    expect(existsSync(join(baselines, 'story-new.png'))).toBe(false);
    expect(read(join(attachments, 'story-new-actual.png')).width).toBe(100);
  });

  it('fails on a one-unit colour change in one pixel, writing the new image and the diff', async () => {
    await showFrame(canvas());
    await match('story--one-pixel', 'new');
    await showFrame(
      canvas('<i style="position:absolute;left:5px;top:7px;width:1px;height:1px;background:rgb(10,20,31)"></i>'),
    );
    const result = await match('story--one-pixel');
    expect(result).toMatchObject({ pass: false, message: expect.stringMatching(/1 pixels differ/) });
    expect(read(join(attachments, 'story-one-pixel-actual.png')).width).toBe(100);
    expect(read(join(attachments, 'story-one-pixel-diff.png')).width).toBe(100);
    // `-u` accepts it: the new image is the baseline, and the next run passes.
    await expect(match('story--one-pixel', 'all')).resolves.toEqual({ pass: true });
    await expect(match('story--one-pixel')).resolves.toEqual({ pass: true });
  });

  it('fails on a changed size', async () => {
    await showFrame(canvas());
    await match('story--size', 'new');
    await showFrame(canvas().replace('height:50px', 'height:51px'));
    await expect(match('story--size')).resolves.toMatchObject({
      pass: false,
      message: expect.stringMatching(/Expected 100×50 px, the capture is 100×51 px/),
    });
  });

  it('passes the same pixels in another PNG encoding', async () => {
    await showFrame(canvas());
    await match('story--encoding', 'new');
    const path = join(baselines, 'story-encoding.png');
    const reencoded = PNG.sync.write(read(path), { deflateLevel: 1 });
    expect(reencoded.equals(readFileSync(path))).toBe(false);
    writeFileSync(path, reencoded);
    await expect(match('story--encoding')).resolves.toEqual({ pass: true });
  });

  it('captures again until a changing canvas settles, then compares', async () => {
    await showFrame(canvas());
    await match('story--settling', 'new');
    // Another colour on each of the next 20 frames, then the canvas's own.
    await showFrame(
      canvas() +
        `<script>let n = 0; const step = () => { const c = document.querySelector('${CANVAS}');
          c.style.background = ++n < 20 ? 'rgb(' + n * 10 + ',0,0)' : 'rgb(${COLOUR.join(',')})';
          if (n < 20) requestAnimationFrame(step); }; requestAnimationFrame(step);</script>`,
    );
    await expect(match('story--settling')).resolves.toEqual({ pass: true });
  });

  it('fails a canvas that never settles', async () => {
    await showFrame(canvas());
    await match('story--restless', 'new');
    await showFrame(
      canvas() +
        `<script>let n = 0; const step = () => { document.querySelector('${CANVAS}').style.background =
          'rgb(' + (++n % 250) + ',0,0)'; requestAnimationFrame(step); }; requestAnimationFrame(step);</script>`,
    );
    await expect(match('story--restless')).resolves.toMatchObject({
      pass: false,
      message: expect.stringMatching(/kept changing/),
    });
  }, 30_000);
});
