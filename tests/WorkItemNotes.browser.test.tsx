// Real Chromium: a long activity renders the rest of its threads in idle time (each off screen
// skipped by layout, content-visibility), grows at once as the reader nears its end (the
// IntersectionObserver), and a #note_<id> link to a thread far down renders up to it and scrolls
// it into view; keyboard: the reply box takes focus, Escape
// cancels it and Ctrl+Enter submits it.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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
import { startTransition, useState } from 'react';
import { NOTE_ACTION_LABELS } from '../src/markdown/WorkItemNotes/constants';
import type { WorkItemDiscussion } from '../src/markdown/WorkItemNotes';
import {
  commentNote,
  longDiscussions,
  NOTES_CURRENT_USER,
  NOTES_USERS,
  sampleDiscussions,
} from '../stories/markdown/workItemNotesData';

const threads = () => document.querySelectorAll('.fk-work-item-notes__list > li').length;
const sentinel = () => document.querySelector<HTMLElement>('[data-component="WorkItemNotes.More"]');

beforeEach(() => {
  history.replaceState(null, '', location.pathname + location.search);
  window.scrollTo(0, 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
/** Rendering 500 notes in idle periods on a loaded machine. */
const ALL_RENDERED_TIMEOUT_MS = 60_000;

describe('WorkItemNotes in Chromium: long activities', () => {
  it('renders the rest in idle time while the reader stays at the top, every thread off screen skipped by layout', async () => {
    const discussions = longDiscussions(500);
    render(<WorkItemNotes discussions={discussions} onAddNote={async () => {}} />);
    expect(threads()).toBe(NOTES_INITIAL_COUNT);
    // Every thread in the end, for find-in-page and screen readers, without scrolling.
    await waitFor(() => expect(threads()).toBe(discussions.length), { timeout: ALL_RENDERED_TIMEOUT_MS });
    expect(sentinel()).toBeNull();
    expect(window.scrollY).toBe(0);
    // Off-screen threads are neither laid out nor painted: they take their estimated height.
    const last = document.querySelector<HTMLElement>('.fk-work-item-notes__list > li:last-child')!;
    expect(getComputedStyle(last).contentVisibility).toBe('auto');
    expect(last.checkVisibility({ contentVisibilityAuto: true })).toBe(true);
    expect(last.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })).toBe(false);
    expect(last.textContent).not.toBe('');
  });

  it('renders batches while the end of the list is near, and more as the reader scrolls', async () => {
    // No idle periods: the end of the list coming near is what renders more.
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => {});
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
    // It stays in view while the threads around it are drawn (their real heights replace the estimates).
    await waitFor(() => expect(threads()).toBe(discussions.length), { timeout: ALL_RENDERED_TIMEOUT_MS });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const box = document.getElementById(noteAnchorId(target.id))!.getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.top).toBeLessThan(window.innerHeight);
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

  it('keeps focus in the thread when a reply to a single comment is sent and the new thread arrives after the form closed', async () => {
    // As the product does: the reply's request resolves, the form closes, and the refreshed
    // discussion (now a thread) comes in a later transition.
    function Product() {
      const [discussions, setDiscussions] = useState<WorkItemDiscussion[]>(() => [
        { id: 'd-single', notes: [commentNote(NOTES_USERS.grace, 3)] },
      ]);
      return (
        <WorkItemNotes
          discussions={discussions}
          currentUser={NOTES_CURRENT_USER}
          canCreateNote
          onAddNote={async ({ body }) => {
            setTimeout(() =>
              startTransition(() =>
                setDiscussions(([single]) => [
                  { ...single!, notes: [...single!.notes, commentNote(NOTES_CURRENT_USER, 0, 0, { body })] },
                ]),
              ),
            );
          }}
        />
      );
    }
    render(<Product />);
    await userEvent.click(screen.getByRole('button', { name: NOTE_ACTION_LABELS.reply }));
    await userEvent.keyboard('On it');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByRole('button', { name: REPLY_PLACEHOLDER })).toBeVisible());
    await waitFor(() => expect(screen.getByRole('button', { name: REPLY_PLACEHOLDER })).toHaveFocus());
  });
});
