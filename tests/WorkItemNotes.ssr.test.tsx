// Server rendering with no DOM globals, then hydration without a mismatch: the first batch of
// threads, the 'Load more' fallback, the default filter and sort (the stored choice is read after
// hydration, not on the server), and the comment box.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { CommentForm } from '../src/markdown/CommentForm';
import {
  NOTES_LOAD_MORE_LABEL,
  WorkItemNotes,
  noteAnchorId,
  type WorkItemDiscussion,
} from '../src/markdown/WorkItemNotes';
import { NOTES_FILTER_STORAGE_KEY } from '../src/utils/workItems';
import { longDiscussions, NOTES_CURRENT_USER, sampleDiscussions } from '../stories/markdown/workItemNotesData';
import { withDom } from './support/domGlobals';
import { renderAndHydrate } from './support/hydration';

const noop = async () => {};
const firstNoteId = (discussions: readonly WorkItemDiscussion[], index: number) => {
  const note = discussions[index]?.notes[0];
  if (!note) throw new Error(`no thread ${index}`);
  return note.id;
};

it('renders the first batch of a long activity on the server and hydrates it cleanly', async () => {
  const discussions = longDiscussions(500);
  const html = await renderAndHydrate(
    <WorkItemNotes discussions={discussions} currentUser={NOTES_CURRENT_USER} canCreateNote onAddNote={noop} />,
    (container) => {
      // The server's 20 were adopted (no mismatch); the idle steps that render the rest may have
      // begun (without requestIdleCallback each is a 0 ms timer, which can expire during act).
      const rendered = container.querySelectorAll('.fk-work-item-notes__list > li').length;
      expect(rendered).toBeGreaterThanOrEqual(20);
      expect(rendered).toBeLessThan(discussions.length);
    },
    { preserves: `#${noteAnchorId(firstNoteId(discussions, 0))}` },
  );
  expect(html).toContain(`id="${noteAnchorId(firstNoteId(discussions, 19))}"`);
  expect(html).not.toContain(`id="${noteAnchorId(firstNoteId(discussions, 20))}"`);
  expect(html).toContain(`>${NOTES_LOAD_MORE_LABEL}</button>`);
  expect(html).toContain('data-filter="all"');
  expect(html).toContain('data-sort="asc"');
  expect(html).toContain('Write a comment or drag your files here…');
});

it('hydrates a page whose storage holds a filter without a mismatch, then applies it', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const element = <WorkItemNotes discussions={sampleDiscussions()} onAddNote={noop} />;
  const html = renderToString(element);
  expect(html).toContain('data-filter="all"');
  await withDom(html, async (container) => {
    localStorage.setItem(NOTES_FILTER_STORAGE_KEY, JSON.stringify('ONLY_ACTIVITY'));
    const { hydrateRoot } = await import('react-dom/client');
    const problems: unknown[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, element, { onRecoverableError: (problem) => problems.push(problem) });
      });
      const section = container.querySelector<HTMLElement>('[data-component="WorkItemNotes"]');
      expect(section?.dataset.filter).toBe('history');
      expect(container.querySelectorAll('[data-variant="comment"]')).toHaveLength(0);
      expect(problems).toEqual([]);
    } finally {
      error.mockRestore();
      await act(async () => root?.unmount());
    }
  });
});

it('renders the comment box on the server', async () => {
  const html = await renderAndHydrate(
    <CommentForm onSubmit={noop} canMarkInternal workItemType="issue" onToggleState={noop} />,
  );
  expect(html).toContain('Make this an internal note');
  expect(html).toContain('>Close issue</button>');
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
});

it('draws sanitised note bodies (isHtmlSanitized) as they are in the server render, and hydrates cleanly', async () => {
  const discussions = sampleDiscussions();
  const html = await renderAndHydrate(<WorkItemNotes discussions={discussions} onAddNote={noop} isHtmlSanitized />);
  // Hydration starts loading the enhancers' pipeline: the test ends once it has arrived.
  await import('../src/markdown/pipeline/renderGfm');
  const body = discussions.flatMap((discussion) => discussion.notes).find((note) => !note.system)?.bodyHtml;
  expect(body).toMatch(/^</);
  // The markup itself, not the text that stands in while a sanitiser loads.
  expect(html).toContain(body);
  expect(html).toContain('class="fk-markdown fk-work-item-note__body" data-state="rendered"');
});
