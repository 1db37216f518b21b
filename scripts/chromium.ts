// One definition of how every tool here launches Chromium (vitest browser mode, visual tests,
// benchmarks). Debian's chromium is used: nothing may download its own browser on these machines.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Path of the Chromium binary: $CHROMIUM_PATH, else the first system install found. */
export function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, ...CANDIDATES].find((p): p is string => !!p && existsSync(p));
}

/** Flags that make headless Chromium quiet on a closed network and its pixels reproducible. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--hide-scrollbars',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
  // One raster thread and full-tile raster: anti-aliased edges come out the same on every run.
  '--num-raster-threads=1',
  '--disable-partial-raster',
];

/** The fixed viewport every browser test and screenshot uses. */
export const VIEWPORT = { width: 1024, height: 768 } as const;

/** The page vitest's runner draws the test frame in: larger than VIEWPORT so the frame is never scaled. */
export const RUNNER_VIEWPORT = { width: 1280, height: 1024 } as const;
