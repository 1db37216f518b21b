// The stories' screenshot comparison, run in Node as a vitest browser command: one capture of the
// story canvas through the Chrome DevTools Protocol, compared with the committed baseline byte for
// byte. Vitest's `toMatchScreenshot` (a Playwright element screenshot, then both PNGs decoded and
// compared pixel by pixel) cost 160 ms of CPU a screenshot, 1,280 of them a run; see decision 025.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CDPSession, Frame, Page } from 'playwright';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { BrowserCommand } from 'vitest/node';

/** A rectangle of the runner page, in CSS pixels (the page's device scale factor is 1). */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the command answers the story's test with. */
export interface ScreenshotResult {
  pass: boolean;
  /** Why it failed, for the test's error. */
  message?: string;
}

/** Where baselines and a failed comparison's images go. */
export interface ScreenshotPaths {
  /** The committed baselines: `<dir>/<name>.png`. */
  baselines: string;
  /** A mismatch's `<name>-actual.png` and `<name>-diff.png` (read by scripts/visual-report.mjs). */
  attachments: string;
}

/** How long the canvas may keep changing after a capture that differs from its baseline. */
const STABLE_TIMEOUT_MS = 5_000;

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** The page's DevTools session, opened once per page. */
function devTools(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** A baseline's file name for a story's screenshot name: word characters, single dashes. */
function fileName(name: string): string {
  return name
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-');
}

/** Rounds a rectangle outwards to whole pixels, as Playwright's element screenshots do. */
function enclosingIntRect({ x, y, width, height }: Rect): Rect {
  const left = Math.floor(x + 1e-3);
  const top = Math.floor(y + 1e-3);
  const right = Math.ceil(x + width - 1e-3);
  const bottom = Math.ceil(y + height - 1e-3);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

async function capture(page: Page, clip: Rect): Promise<Buffer> {
  const session = await devTools(page);
  const viewport = page.viewportSize();
  // As Playwright does: a clip larger than the viewport is drawn beyond it.
  const fits = !!viewport && clip.width <= viewport.width && clip.height <= viewport.height;
  const { data } = await session.send('Page.captureScreenshot', {
    format: 'png',
    clip: { ...clip, scale: 1 },
    captureBeyondViewport: !fits,
  });
  return Buffer.from(data, 'base64');
}

/**
 * Where the element `selector` selects is on the runner page (the test frame's offset plus the
 * element's place in it), rounded outwards to whole pixels; null when there is no such element.
 */
async function locate(frame: Frame, selector: string): Promise<Rect | null> {
  const rect = await frame.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const { left, top, width, height } = element.getBoundingClientRect();
    const owner = window.frameElement;
    const offset = owner?.getBoundingClientRect() ?? { left: 0, top: 0 };
    const x = owner ? offset.left + owner.clientLeft + window.parent.scrollX : 0;
    const y = owner ? offset.top + owner.clientTop + window.parent.scrollY : 0;
    return { x: x + left, y: y + top, width, height };
  }, selector);
  return rect && enclosingIntRect(rect);
}

const sameRect = (a: Rect, b: Rect) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * Locates and captures the element until two rounds in a row give the same place and the same
 * image: content that arrives late (a lazily loaded part, a font) has settled. Null if it never
 * does within STABLE_TIMEOUT_MS.
 */
async function stableCapture(page: Page, frame: Frame, selector: string): Promise<Buffer | null> {
  const deadline = performance.now() + STABLE_TIMEOUT_MS;
  let previous: { rect: Rect; image: Buffer } | null = null;
  while (performance.now() < deadline) {
    const rect = await locate(frame, selector);
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    const image = await capture(page, rect);
    if (previous && sameRect(previous.rect, rect) && previous.image.equals(image)) return image;
    previous = { rect, image };
  }
  return null;
}

async function write(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
}

/**
 * Compares the element `selector` selects in the test frame with the baseline `<name>.png`: equal
 * bytes pass at once; otherwise the element is captured until it settles and compared pixel by
 * pixel (threshold 0: no pixel may differ). `vitest -u` writes the settled capture as the baseline.
 */
export function createScreenshotCommand(paths: ScreenshotPaths): BrowserCommand<[name: string, selector: string]> {
  return async (context, rawName, selector) => {
    const name = fileName(rawName);
    const { page, frame: testFrame } = context as unknown as { page: Page; frame(): Promise<Frame> };
    const frame = await testFrame();
    const baselinePath = join(paths.baselines, `${name}.png`);
    const actualPath = join(paths.attachments, `${name}-actual.png`);
    const diffPath = join(paths.attachments, `${name}-diff.png`);
    const update = context.project.serializedConfig.snapshotOptions.updateSnapshot;
    const baseline = await readFile(baselinePath).catch(() => null);

    // The common case, a story that looks as it did: one capture, equal bytes. An update always
    // waits for the canvas to settle, so that a baseline never shows a state on its way.
    if (baseline && update !== 'all') {
      const rect = await locate(frame, selector);
      if (rect && rect.width > 0 && rect.height > 0 && baseline.equals(await capture(page, rect)))
        return { pass: true };
    }
    const shot = await stableCapture(page, frame, selector);
    if (!shot) {
      return {
        pass: false,
        message: `${selector} of ${name} has no area, or kept changing for ${STABLE_TIMEOUT_MS} ms.`,
      };
    }

    if (!baseline) {
      if (update === 'none') {
        await write(actualPath, shot);
        return { pass: false, message: `No baseline ${baselinePath}; the capture is at ${actualPath}.` };
      }
      await write(baselinePath, shot);
      return update === 'all'
        ? { pass: true }
        : { pass: false, message: `No baseline existed; ${baselinePath} was written. Review it, then run again.` };
    }
    if (baseline.equals(shot)) return { pass: true };
    if (update === 'all') {
      await write(baselinePath, shot);
      return { pass: true };
    }

    const expected = PNG.sync.read(baseline);
    const actual = PNG.sync.read(shot);
    let message: string;
    if (expected.width !== actual.width || expected.height !== actual.height) {
      message = `Expected ${expected.width}×${expected.height} px, the capture is ${actual.width}×${actual.height} px.`;
    } else {
      const diff = new PNG({ width: expected.width, height: expected.height });
      const differing = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, {
        threshold: 0,
      });
      // The same pixels in another encoding (a baseline written by another PNG encoder).
      if (differing === 0) return { pass: true };
      message = `${differing} pixels differ.`;
      await write(diffPath, PNG.sync.write(diff));
    }
    await write(actualPath, shot);
    return { pass: false, message: `Screenshot ${name} does not match its baseline ${baselinePath}: ${message}` };
  };
}
