/**
 * The product's own documentation for `/help`: the product's README (`app/README.md`: running
 * the product, its seed and accounts, its configuration) is the help index, and each Markdown
 * file of the repository's `docs/` folder is `/help/{path}` (`docs/decisions/001-x.md` is
 * `/help/decisions/001-x`). On the server the files are read from disk; in the browser (a client
 * navigation) they come from the build, one chunk per file, through Vite's `import.meta.glob`.
 */
import type * as Fs from 'node:fs/promises';

/** A help path: slash-separated names of letters, digits, `-`, `_` and `.` (never `..`). */
const HELP_PATH = /^[\w-]+(?:\.[\w-]+)*(?:\/[\w-]+(?:\.[\w-]+)*)*$/;
/** The Markdown file extension, optional in help URLs. */
const MARKDOWN = '.md';

/** The documentation folder and the index file, relative to this module. */
const DOCS_FOLDER = '../../../../docs/';
const INDEX_FILE = '../../../README.md';

/** The docs as the browser build holds them (`undefined` on the server, where Vite does not run). */
const bundled =
  import.meta.env?.SSR === false
    ? {
        docs: import.meta.glob<string>('../../../../docs/**/*.md', { query: '?raw', import: 'default' }),
        index: () => import('../../../README.md?raw').then((module) => module.default as string),
      }
    : undefined;

/** Node's file system, reached at run time on the server only (never bundled for the browser). */
function fileSystem(): typeof Fs {
  return process.getBuiltinModule('node:fs/promises') as typeof Fs;
}

/** `decisions/001-x` or `decisions/001-x.md` → `decisions/001-x.md`; null for anything else. */
export function docFile(path: string): string | null {
  if (!HELP_PATH.test(path)) return null;
  return path.endsWith(MARKDOWN) ? path : `${path}${MARKDOWN}`;
}

/** The help index's Markdown. */
export async function readHelpIndex(): Promise<string> {
  if (bundled) return bundled.index();
  return fileSystem().readFile(new URL(INDEX_FILE, import.meta.url), 'utf8');
}

/** The Markdown of the doc at `path`, or null when there is none. */
export async function readHelpDoc(path: string): Promise<string | null> {
  const file = docFile(path);
  if (!file) return null;
  if (bundled) return (await bundled.docs[`${DOCS_FOLDER}${file}`]?.()) ?? null;
  try {
    return await fileSystem().readFile(new URL(`${DOCS_FOLDER}${file}`, import.meta.url), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Every doc's help path (without `.md`), sorted. */
export async function listHelpDocs(): Promise<string[]> {
  const files = bundled
    ? Object.keys(bundled.docs).map((key) => key.slice(DOCS_FOLDER.length))
    : (await fileSystem().readdir(new URL(DOCS_FOLDER, import.meta.url), { recursive: true })).filter((file) =>
        file.endsWith(MARKDOWN),
      );
  return files.map((file) => file.slice(0, -MARKDOWN.length)).sort();
}

/** A document's title: its first level-1 heading, else `fallback`. */
export function docTitle(markdown: string, fallback: string): string {
  return /^#\s+(.+?)\s*#*$/m.exec(markdown)?.[1] ?? fallback;
}

/** A help document as sanitised HTML; the renderer loads only when a help page is rendered (it is large). */
export async function renderHelpMarkdown(markdown: string): Promise<string> {
  const { renderMarkdown } = await import('forgekit/markdown');
  return renderMarkdown(markdown);
}
