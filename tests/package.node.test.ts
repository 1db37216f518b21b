// The built package as a consumer gets it: every entry point of package.json `exports` loads in
// plain Node (no DOM globals), through both `import` and `require`, and every asset exists.
// Needs `npm run build` first (npm test builds before it runs the tests).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, unknown>>;
};

const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: 'pipe' });

describe('package exports', () => {
  it('is built', () => {
    expect(existsSync(`${root}dist/index.js`), 'dist/ is missing: run `npm run build` first').toBe(true);
  });

  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    if (typeof target === 'string') {
      it(`${specifier} points at a file that exists`, () => {
        expect(existsSync(`${root}${target}`), target).toBe(true);
      });
      continue;
    }
    it(`${specifier} loads in plain Node with import`, () => {
      const out = run([
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(specifier)}); if (typeof window !== 'undefined') throw new Error('DOM'); console.log(Object.keys(m).length);`,
      ]);
      expect(Number(out.trim())).toBeGreaterThan(0);
    });
    it(`${specifier} loads in plain Node with require`, () => {
      const out = run(['-e', `console.log(Object.keys(require(${JSON.stringify(specifier)})).length)`]);
      expect(Number(out.trim())).toBeGreaterThan(0);
    });
  }
});
