// Real Chromium: a long activity grows by itself as the reader scrolls towards its end (the
// IntersectionObserver), stops growing while the end is far away, and a #note_<id> link to a thread
// far down renders up to it and scrolls it into view; keyboard: the reply box takes focus, Escape
// cancels it and Ctrl+Enter submits it.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  NOTES_BATCH_SIZE,
  NOTES_INITIAL_COUNT,
  NOTES_PRELOAD_MARGIN,
  REPLY_PLACEHOLDER,
  WorkItemNotes,
  noteAnchorId,
} from '../src/markdown/WorkItemNotes';
import { longDiscussions, NOTES_CURRENT_USER, sampleDiscussions } from '../stories/markdown/workItemNotesData';

const threads = () => document.querySelectorAll('.fk-work-item-notes__list > li').length;
const sentinel = () => document.querySelector<HTMLElement>('[data-component="WorkItemNotes.More"]');

beforeEach(() => {
  history.replaceState(null, '', location.pathname + location.search);
  window.scrollTo(0, 0);
});
afterEach(() => vi.restoreAllMocks());

describe('WorkItemNotes in Chromium: long activities', () => {
  it('renders batches while the end of the list is near, and more as the reader scrolls', async () => {
    const discussions = longDiscussions(500);
    render(<WorkItemNotes discussions={discussions} onAddNote={async () => {}} />);
    // Batches follow until the end of the list is farther than the preload margin below the viewport.
    await waitFor(() => {
      const more = sentinel();
      expect(more).not.toBeNull();
      expect(more!.getBoundingClientRect().top).toBeGreaterThan(window.innerHeight + NOTES_PRELOAD_MARGIN);
    });
    const settled = threads();
    expect(settled).toBeGreaterThanOrEqual(NOTES_INITIAL_COUNT);
    expect(settled).toBeLessThan(discussions.length);
    expect((settled - NOTES_INITIAL_COUNT) % NOTES_BATCH_SIZE).toBe(0);
    // Nothing more while the reader stays at the top.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(threads()).toBe(settled);

    sentinel()!.scrollIntoView();
    await waitFor(() => expect(threads()).toBeGreaterThan(settled));
  });

  it('renders up to the thread of a #note_<id> link far down and scrolls it into view', async () => {
    const discussions = longDiscussions(500);
    const target = discussions[200]!.notes[0]!;
    history.replaceState(null, '', `#${noteAnchorId(target.id)}`);
    render(<WorkItemNotes discussions={discussions} onAddNote={async () => {}} />);
    await waitFor(() => expect(document.getElementById(noteAnchorId(target.id))).not.toBeNull());
    await waitFor(() => {
      const box = document.getElementById(noteAnchorId(target.id))!.getBoundingClientRect();
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeLessThan(window.innerHeight);
    });
    expect(document.getElementById(noteAnchorId(target.id))).toHaveAttribute('data-target', 'true');
  });
});

describe('WorkItemNotes in Chromium: keyboard', () => {
  it('opens a reply with focus in it, cancels with Escape and submits with Ctrl+Enter, focus back on Reply… each time', async () => {
    const onAddNote = vi.fn(async () => {});
    render(
      <WorkItemNotes
        discussions={sampleDiscussions()}
        currentUser={NOTES_CURRENT_USER}
        canCreateNote
        onAddNote={onAddNote}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: REPLY_PLACEHOLDER }));
    const box = screen.getByRole('textbox', { name: 'Reply' });
    expect(box).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    // The form's control is gone: focus returns to the thread's 'Reply…', not to the page.
    await waitFor(() => expect(screen.getByRole('button', { name: REPLY_PLACEHOLDER })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: REPLY_PLACEHOLDER }));
    await userEvent.keyboard('Sounds good');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onAddNote).toHaveBeenCalledWith(expect.objectContaining({ body: 'Sounds good', internal: false }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: REPLY_PLACEHOLDER })).toHaveFocus());
  });
});
