// Issue 16 ("Structure"): no import circles in src/. Every import counts, as madge counts them:
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
