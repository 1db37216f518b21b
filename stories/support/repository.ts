// A small repository for the repository-browser stories and tests: one directory's entries with
// their last commits, all dated from one fixed moment so relative times never depend on the clock.
import type { BlobBlameRange } from '../../src/components/BlobViewer';
import type { FileTreeEntry } from '../../src/components/FileTree';
import { DAY_IN_MS, HOUR_IN_MS } from '../../src/utils/date';

/** The moment every fixture date is measured from. */
export const REPOSITORY_NOW = Date.parse('2026-11-25T12:00:00Z');

const BASE = '/forge/forgekit/-';

function commit(title: string, sha: string, ago: number) {
  return { title, href: `${BASE}/commit/${sha}`, committedDate: REPOSITORY_NOW - ago };
}

/** The root of a small project, files before directories (the tree puts directories first). */
export const ROOT_ENTRIES: FileTreeEntry[] = [
  {
    type: 'blob',
    name: 'README.md',
    path: 'README.md',
    href: `${BASE}/blob/main/README.md`,
    mode: '100644',
    lastCommit: commit('Document the release process', 'a1b2c3d', 2 * HOUR_IN_MS),
  },
  {
    type: 'blob',
    name: 'package.json',
    path: 'package.json',
    href: `${BASE}/blob/main/package.json`,
    mode: '100644',
    lastCommit: commit('Bump the React peer dependency to 19', 'b2c3d4e', 3 * DAY_IN_MS),
  },
  {
    type: 'blob',
    name: 'LICENSE',
    path: 'LICENSE',
    href: `${BASE}/blob/main/LICENSE`,
    mode: '120000',
    lastCommit: commit('Link the licence from the legal repository', 'c3d4e5f', 40 * DAY_IN_MS),
  },
  {
    type: 'tree',
    name: 'src',
    path: 'src',
    href: `${BASE}/tree/main/src`,
    mode: '040000',
    lastCommit: commit('FileTree: directories first, then files', 'd4e5f6a', 5 * HOUR_IN_MS),
  },
  {
    type: 'commit',
    name: 'vendor-icons',
    path: 'vendor-icons',
    href: `${BASE}/tree/main/vendor-icons`,
    mode: '160000',
    lastCommit: commit('Update the icon submodule', 'e5f6a7b', 12 * DAY_IN_MS),
  },
  {
    type: 'tree',
    name: 'docs',
    path: 'docs',
    href: `${BASE}/tree/main/docs`,
    mode: '040000',
    lastCommit: commit('Decision record: the repository browser components', 'f6a7b8c', DAY_IN_MS),
  },
];

/** `count` entries of a large generated directory (a tenth of them directories), with last commits. */
export function manyEntries(count: number): FileTreeEntry[] {
  const DIRECTORY_EVERY = 10;
  return Array.from({ length: count }, (_, index) => {
    const isDirectory = index % DIRECTORY_EVERY === 0;
    const name = isDirectory ? `module-${index}` : `generated-file-${index}.ts`;
    return {
      type: isDirectory ? 'tree' : 'blob',
      name,
      path: `generated/${name}`,
      href: `${BASE}/${isDirectory ? 'tree' : 'blob'}/main/generated/${name}`,
      lastCommit: commit(`Regenerate ${name}`, index.toString(16).padStart(7, '0'), index * HOUR_IN_MS),
    };
  });
}

/** A small TypeScript file, with a comment spanning lines (its colour must carry over). */
export const SOURCE_FILE = `/**
 * Formats a byte count.
 */
export function formatSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB'];
  let index = 0;
  while (bytes >= 1024 && index < units.length - 1) {
    bytes /= 1024;
    index += 1;
  }
  return \`\${bytes.toFixed(1)} \${units[index]}\`;
}
`;

/** SOURCE_FILE as GitLab's blame API groups it: three commits. */
export const SOURCE_BLAME: BlobBlameRange[] = [
  {
    commit: {
      id: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
      title: 'Add formatSize',
      href: `${BASE}/commit/a1b2c3d4`,
      authorName: 'Ada Lovelace',
      authoredDate: REPOSITORY_NOW - 40 * DAY_IN_MS,
    },
    lines: SOURCE_FILE.split('\n').slice(0, 4),
  },
  {
    commit: {
      id: 'b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0a1',
      title: 'formatSize: binary units up to MiB',
      href: `${BASE}/commit/b2c3d4e5`,
      authorName: 'Grace Hopper',
      authoredDate: REPOSITORY_NOW - 3 * DAY_IN_MS,
    },
    lines: SOURCE_FILE.split('\n').slice(4, 10),
  },
  {
    commit: {
      id: 'c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0a1b2',
      title: 'One decimal place',
      href: `${BASE}/commit/c3d4e5f6`,
      authorName: 'Ada Lovelace',
      authoredDate: REPOSITORY_NOW - 2 * HOUR_IN_MS,
    },
    lines: SOURCE_FILE.split('\n').slice(10, 12),
  },
];
