// One definition of how every tool here launches Chromium (vitest browser mode, visual tests,
// benchmarks). Debian's chromium is used: nothing may download its own browser on these machines.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Path of the Chromium binary: $CHROMIUM_PATH, else the first system install found. */
export function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, ...CANDIDATES].find((p): p is string => !!p && existsSync(p));
}

const HEADLESS_SHELL_CANDIDATES = ['/usr/bin/chromium-headless-shell'];

/**
 * Path of Chromium's headless shell ($CHROMIUM_HEADLESS_SHELL_PATH, else Debian's), which the
 * product's end-to-end tests drive, as Playwright does by default for headless runs: the same Blink
 * without the full browser's UI layer, so each test's fresh browser context costs less (the specs
 * took 27-31 % less CPU: decision 023). Falls back to the full Chromium. The stories keep the full
 * browser: one long-lived page gains nothing there, and their baselines were drawn in it.
 */
export function headlessShellPath(): string | undefined {
  return (
    [process.env.CHROMIUM_HEADLESS_SHELL_PATH, ...HEADLESS_SHELL_CANDIDATES].find(
      (p): p is string => !!p && existsSync(p),
    ) ?? chromiumPath()
  );
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
