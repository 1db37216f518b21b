// FileTree on the server (no DOM globals), then hydrated: no mismatch.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FILE_TREE_INITIAL_ROWS, FileTree } from '../src/components/FileTree';
import { manyEntries, REPOSITORY_NOW, ROOT_ENTRIES } from '../stories/support/repository';
import { DOM_GLOBALS, withDom } from './support/domGlobals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LARGE_DIRECTORY = 1000;
/** Hydrating 1,000 rows in jsdom: about 1.5 s alone, over 5 s (vitest's default) on a loaded 2-core machine. */
const LARGE_HYDRATION_TIMEOUT_MS = 30_000;

describe('FileTree on the server', () => {
  it('renders rows without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(<FileTree entries={ROOT_ENTRIES} parentHref="/up" now={REPOSITORY_NOW} />);
    expect(html).toContain('aria-label="Files"');
    expect(html).toContain('href="/forge/forgekit/-/blob/main/README.md"');
    expect(html).toContain('2 hours ago');
  });

  it("shows the UTC date before hydration when no fixed now is given (the server cannot know the reader's clock)", () => {
    const html = renderToString(<FileTree entries={ROOT_ENTRIES} />);
    expect(html).toMatch(/<time[^>]*dateTime="2026-11-25T10:00:00.000Z"[^>]*>2026-11-25<\/time>/);
    expect(html).not.toContain('title=');
  });

  it.each([
    ['with last commits and a fixed now', ROOT_ENTRIES, REPOSITORY_NOW],
    ['with last commits following the clock', ROOT_ENTRIES, undefined],
    ['while last commits load', ROOT_ENTRIES.map(({ lastCommit: _c, ...entry }) => entry), undefined],
  ])('hydrates without a mismatch (%s)', async (_case, entries, now) => {
    const tree = <FileTree entries={entries} parentHref="/up" now={now} />;
    const html = renderToString(tree);
    await withDom(html, async (container) => {
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(container.querySelectorAll('tbody tr')).toHaveLength(entries.length + 1);
      await act(async () => root?.unmount());
      consoleError.mockRestore();
      expect(errors).toEqual([]);
    });
  });

  it(`renders a directory of ${LARGE_DIRECTORY} entries, directories first`, () => {
    const html = renderToString(
      <FileTree entries={manyEntries(LARGE_DIRECTORY)} now={REPOSITORY_NOW} initialRowCount={LARGE_DIRECTORY} />,
    );
    const types = [...html.matchAll(/data-component="FileTree.Row" data-type="(\w+)"/g)].map((match) => match[1]);
    expect(types).toHaveLength(LARGE_DIRECTORY);
    expect(types.indexOf('blob')).toBe(types.lastIndexOf('tree') + 1);
  });

  it(
    `renders the first ${FILE_TREE_INITIAL_ROWS} rows of a long directory on the server and the rest after hydration`,
    async () => {
      const entries = manyEntries(LARGE_DIRECTORY);
      const tree = <FileTree entries={entries} now={REPOSITORY_NOW} />;
      const html = renderToString(tree);
      expect(html.match(/data-component="FileTree.Row"/g)).toHaveLength(FILE_TREE_INITIAL_ROWS);
      await withDom(html, async (container) => {
        const { hydrateRoot } = await import('react-dom/client');
        const errors: unknown[] = [];
        const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
        let root: ReturnType<typeof hydrateRoot> | undefined;
        await act(async () => {
          root = hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
        });
        expect(container.querySelectorAll('[data-component="FileTree.Row"]')).toHaveLength(LARGE_DIRECTORY);
        await act(async () => root?.unmount());
        consoleError.mockRestore();
        expect(errors).toEqual([]);
      });
    },
    LARGE_HYDRATION_TIMEOUT_MS,
  );
});
