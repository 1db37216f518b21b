// Makes sure a Chromium and the fonts the screenshots rely on are installed before browser tests.
// As root on Debian it installs them with apt-get; anywhere else it prints the one command to run.
import { existsSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
// Liberation and DejaVu back the system font stack; Noto Color Emoji draws emoji (identicons, gl-emoji).
// The headless shell runs the product's end-to-end tests (scripts/chromium.ts).
const packages = [
  'chromium',
  'chromium-headless-shell',
  'fonts-liberation',
  'fonts-dejavu-core',
  'fonts-noto-color-emoji',
];
const fontDirs = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/noto'];
const hasChromium =
  candidates.some((p) => p && existsSync(p)) &&
  (!existsSync('/etc/debian_version') ||
    [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell'].some((p) => p && existsSync(p)));
const hasFonts = fontDirs.every((dir) => existsSync(dir)) || !existsSync('/etc/debian_version');

if (hasChromium && hasFonts) process.exit(0);

const isDebian = existsSync('/etc/debian_version') || /debian/i.test(safeRead('/etc/os-release'));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// Without Chromium's recommendations (Mesa's drivers and LLVM, udev, upower, a printer dialog):
// 22 packages instead of 230 to download and unpack (11 s instead of 17 from apt's cache). Headless
// with --disable-gpu draws in software and uses none of them; every baseline matched without them.
const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;

if (isDebian && isRoot) {
  console.log(`forgekit: Chromium or its fonts are missing; installing: ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  process.exit(0);
}

console.error(
  `forgekit: browser tests need Chromium and its fonts (Liberation, DejaVu, Noto Color Emoji), and none were found.\n` +
    (isDebian
      ? `Run once: sudo ${command}\n`
      : `Install Chromium, or point CHROMIUM_PATH at a Chromium or Chrome binary.\n`),
);
process.exit(1);

function safeRead(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
