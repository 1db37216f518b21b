/**
 * The product's work item activity (`app/src/pages/projects/issues/IssueNotes.tsx`) re-renders only
 * the threads that changed when the page reads the item again (a new note, a realtime push): each
 * read brings new objects for every thread and a new user object, and the threads are memo.
 *
 * A thread's renders are read from React's committed tree, as React DevTools reads them: a thread
 * component that rendered has a new list of hooks, one that React skipped keeps its list.
 */
import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { IssueNotes } from '../app/src/pages/projects/issues/IssueNotes.tsx';
import type { GqlDiscussion, GqlWorkItem } from '../app/src/pages/projects/issues/workItemQueries.ts';

/** The parts of React's fiber the test reads. */
interface Fiber {
  child: Fiber | null;
  sibling: Fiber | null;
  elementType: { $$typeof?: symbol } | string | null;
  memoizedProps: { discussion?: { id: string } } | null;
  memoizedState: unknown;
}

const MEMO = Symbol.for('react.memo');
const THREADS = 5;
const AUTHOR = {
  id: 'gid://gitlab/User/1',
  username: 'amara',
  name: 'Amara Okafor',
  avatarUrl: null,
  webUrl: 'http://forge.test/amara',
};

function discussion(index: number): GqlDiscussion {
  return {
    id: `gid://gitlab/Discussion/${index}`,
    resolvable: true,
    resolved: false,
    resolvedBy: null,
    notes: {
      nodes: [
        {
          id: `gid://gitlab/Note/${index}`,
          body: `Comment ${index}`,
          bodyHtml: `<p>Comment ${index}</p>`,
          createdAt: '2026-11-20T10:00:00Z',
          lastEditedAt: null,
          system: false,
          internal: false,
          url: `http://forge.test/atlas/router/-/issues/1#note_${index}`,
          author: AUTHOR,
          awardEmoji: { nodes: [] },
          userPermissions: { adminNote: true, awardEmoji: true, createNote: true, resolveNote: true },
        },
      ],
    },
  };
}

/** The work item as the page's loader reads it (only what the activity reads), with `discussions`. */
function workItem(discussions: GqlDiscussion[]): GqlWorkItem {
  // Each read is new JSON: new objects for every thread, as the page's loader gives them.
  return JSON.parse(
    JSON.stringify({
      id: 'gid://gitlab/WorkItem/1',
      state: 'OPEN',
      workItemType: { name: 'Issue' },
      userPermissions: { createNote: true, adminWorkItem: true },
      widgets: [
        { type: 'NOTES', discussions: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: discussions } },
      ],
    }),
  ) as GqlWorkItem;
}

/** Props as `WorkItemPage` passes them on every render (a new user object each time). */
function props(discussions: GqlDiscussion[]): ComponentProps<typeof IssueNotes> {
  return {
    workItem: workItem(discussions),
    currentUser: { ...AUTHOR, avatarUrl: undefined },
    previewUrl: '/atlas/router/-/preview_markdown',
    onUpdate: async () => undefined,
    onRefresh: async () => undefined,
  };
}

/** Each thread on screen (by discussion id) with its list of hooks as last committed. */
function threadHooks(container: HTMLElement): Map<string, unknown> {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
  const hostRoot = (container as unknown as Record<string, { stateNode: { current: Fiber } }>)[key!]!;
  const threads = new Map<string, unknown>();
  const visit = (fiber: Fiber | null) => {
    for (let node = fiber; node; node = node.sibling) {
      const type = node.elementType;
      const thread = node.memoizedProps?.discussion;
      if (typeof type === 'object' && type?.$$typeof === MEMO && thread) threads.set(thread.id, node.memoizedState);
      visit(node.child);
    }
  };
  visit(hostRoot.stateNode.current);
  return threads;
}

/** The ids of the threads that rendered between two readings of `threadHooks`. */
function rendered(before: Map<string, unknown>, after: Map<string, unknown>): string[] {
  return [...after].filter(([id, hooks]) => before.get(id) !== hooks).map(([id]) => id);
}

describe('IssueNotes', () => {
  const first = Array.from({ length: THREADS }, (_, index) => discussion(index + 1));

  it('re-renders only the new thread when a read brings a new note', () => {
    const { container, rerender } = render(<IssueNotes {...props(first)} />);
    const before = threadHooks(container);
    expect(before.size).toBe(THREADS);

    const added = discussion(THREADS + 1);
    rerender(<IssueNotes {...props([...first, added])} />);
    const after = threadHooks(container);
    expect(after.size).toBe(THREADS + 1);
    expect(rendered(before, after)).toEqual([added.id]);
  });

  it('re-renders only the thread that changed when a read brings a reaction', () => {
    const { container, rerender } = render(<IssueNotes {...props(first)} />);
    const before = threadHooks(container);

    const changed = discussion(2);
    changed.notes.nodes[0]!.awardEmoji.nodes.push({ name: 'thumbsup', user: AUTHOR });
    rerender(<IssueNotes {...props(first.map((thread) => (thread.id === changed.id ? changed : thread)))} />);
    expect(rendered(before, threadHooks(container))).toEqual([changed.id]);
  });

  it('renders nothing again when a read brings the same threads', () => {
    const { container, rerender } = render(<IssueNotes {...props(first)} />);
    const before = threadHooks(container);
    rerender(<IssueNotes {...props(first)} />);
    expect(rendered(before, threadHooks(container))).toEqual([]);
  });
});
