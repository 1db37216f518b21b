// Issue 16 ("Structure"): no import circles in src/, and no upward import out of the emoji layer. Every import counts, as madge counts them:
// static imports and re-exports, type-only imports (a circle of types is still a knot in the
// design) and dynamic `import()`s (a lazily loaded module that imports its loader's module back
// makes code splitting share the loader's code with the lazy chunk). Module names are resolved by
// the TypeScript compiler with the project's settings, so `.tsx`, `index.ts` and package subpaths
// resolve as tsc resolves them. No library: madge is not a dependency of the project, and the
// compiler, which is, parses the imports exactly.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_DIR = `${root}src/`;
const SOURCE_FILE = /\.tsx?$/;

/** Module specifiers a file imports: static, re-exported, type-only and `import('literal')`. */
function importedSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The import graph of src/: each source file and the source files it imports. */
function sourceImportGraph(): Map<string, string[]> {
  // The project's compiler options (module resolution, extensions), without enumerating its files.
  const { config } = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const files = readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => SOURCE_FILE.test(path) && !path.endsWith('.d.ts'))
    .map((path) => `${SOURCE_DIR}${path}`);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importedSpecifiers(file)
        .map(
          (specifier) => ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule?.resolvedFileName,
        )
        .filter((resolved): resolved is string => resolved !== undefined && known.has(resolved)),
    ]),
  );
}

/**
 * The import circles of a graph: its strongly connected components with more than one module (or a
 * module importing itself), by Tarjan's algorithm.
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (module: string) => {
    index.set(module, index.size);
    lowLink.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!index.has(imported)) {
        connect(imported);
        lowLink.set(module, Math.min(lowLink.get(module)!, lowLink.get(imported)!));
      } else if (onStack.has(imported)) {
        lowLink.set(module, Math.min(lowLink.get(module)!, index.get(imported)!));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) circles.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) connect(module);
  return circles;
}

/**
 * The imports of `layer`'s modules (files under that folder of src/, e.g. `emoji/`) that leave the
 * layer for a folder not in `allowed`, as `importer -> imported` (paths relative to src/).
 */
export function layerViolations(
  graph: ReadonlyMap<string, readonly string[]>,
  sourceDir: string,
  layer: string,
  allowed: readonly string[],
): string[] {
  const inFolder = (file: string, folder: string) => file.startsWith(`${sourceDir}${folder}`);
  return [...graph]
    .filter(([file]) => inFolder(file, layer))
    .flatMap(([file, imports]) =>
      imports
        .filter((imported) => !inFolder(imported, layer) && !allowed.some((folder) => inFolder(imported, folder)))
        .map((imported) => `${file.slice(sourceDir.length)} -> ${imported.slice(sourceDir.length)}`),
    );
}

/**
 * ARCHITECTURE.md, layers: the emoji layer may import client and utils (and the tokens at the top,
 * which utils already build on), never components or markdown, the layers built on it. The
 * `forgekit/emoji` entry (src/emoji.ts, outside the layer) composes the layer with the picker.
 */
const EMOJI_LAYER = 'emoji/';
const EMOJI_LAYER_MAY_IMPORT = ['client/', 'utils/', 'tokens/'];

describe('import circles', () => {
  it('finds a circle, a self-import and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      importCircles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('src/ has none', () => {
    const graph = sourceImportGraph();
    // Resolution works: the barrel reaches the components through relative imports.
    expect(graph.get(`${SOURCE_DIR}index.ts`)).toContain(`${SOURCE_DIR}components/Button/index.ts`);
    const circles = importCircles(graph).map((circle) => circle.map((file) => file.slice(root.length)));
    expect(circles, 'modules importing each other (directly or around a loop)').toEqual([]);
  }, 60_000);
});

describe('layers', () => {
  it('finds an import leaving a layer for a folder it may not import', () => {
    const graph = new Map([
      ['src/emoji/a.ts', ['src/emoji/b.ts', 'src/utils/c.ts', 'src/components/D/index.ts']],
      ['src/emoji/b.ts', []],
      ['src/components/D/index.ts', ['src/emoji/a.ts']],
      ['src/emoji.ts', ['src/components/D/index.ts']],
    ]);
    expect(layerViolations(graph, 'src/', 'emoji/', ['utils/'])).toEqual(['emoji/a.ts -> components/D/index.ts']);
  });

  it('the emoji layer imports no component (nor anything else it may not)', () => {
    const graph = sourceImportGraph();
    // Resolution works: the store reaches the client and utils.
    expect(graph.get(`${SOURCE_DIR}emoji/store.ts`)).toContain(`${SOURCE_DIR}utils/storage.ts`);
    expect(layerViolations(graph, SOURCE_DIR, EMOJI_LAYER, EMOJI_LAYER_MAY_IMPORT)).toEqual([]);
  }, 60_000);
});
