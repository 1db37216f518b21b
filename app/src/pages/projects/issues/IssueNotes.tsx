/**
 * The activity of a work item's page (threads, replies, internal notes, reactions, resolving,
 * filter and sort, the comment form): its own chunk, hydrated after the page's header (see
 * `deferredRegion.tsx`). The first discussions come with the page; the rest are read here.
 */
import { WORK_ITEM_TYPES, type WorkItemTypeName, type WorkItemUser } from 'forgekit';
import { restClient } from 'forgekit/client';
import { WorkItemNotes, type WorkItemDiscussion, type WorkItemNote } from 'forgekit/markdown';
import { useEffect, useMemo, useState } from 'react';
import { graphqlMutate, graphqlQuery } from '../../../graphql.ts';
import {
  CREATE_NOTE,
  DESTROY_NOTE,
  DISCUSSIONS_NEXT_PAGES,
  TOGGLE_AWARD,
  TOGGLE_RESOLVE,
  UPDATE_NOTE,
  WORK_ITEM_DISCUSSIONS,
  widgetOf,
  type GqlDiscussion,
  type GqlDiscussions,
  type GqlNote,
  type GqlWorkItem,
} from './workItemQueries.ts';

export interface IssueNotesProps {
  /** The work item as the page's loader read it (with its first discussions). */
  workItem: GqlWorkItem;
  /** The signed-in user (with the link to their profile); `null` for an anonymous visitor. */
  currentUser: (WorkItemUser & { webUrl: string }) | null;
  /** The namespace's Markdown preview URL. */
  previewUrl: string;
  /** Saves a `workItemUpdate` input (the comment form's close and reopen), then reads the item again. */
  onUpdate: (input: Readonly<Record<string, unknown>>) => Promise<void>;
  /** Reads the item again. */
  onRefresh: () => Promise<void>;
}

/**
 * The work item's discussions: the first page came with the page; the rest are read in the
 * browser after hydration, 100 at a time, and appended as they arrive (a long activity neither
 * holds up the server render nor the first paint).
 */
function useDiscussions(workItem: GqlWorkItem): GqlDiscussion[] {
  const first = widgetOf(workItem, 'NOTES')?.discussions;
  // The later pages, with the first page they follow (a revalidation brings a new one).
  const [rest, setRest] = useState<{ after?: GqlDiscussions; nodes: GqlDiscussion[] }>({ nodes: [] });
  // The later threads of the last complete read: shown until a re-read replaces them, so a thread
  // past the first page stays mounted (and keeps a reply being typed) while the page reads again.
  const [settled, setSettled] = useState<GqlDiscussion[]>([]);
  useEffect(() => {
    let cancelled = false;
    async function readAll(page: GqlDiscussions | undefined) {
      const read: GqlDiscussion[] = [];
      while (page?.pageInfo.hasNextPage && !cancelled) {
        const next = await graphqlQuery<{ workItem: { widgets: { discussions?: GqlDiscussions }[] } }>(
          restClient,
          WORK_ITEM_DISCUSSIONS,
          { id: workItem.id, first: DISCUSSIONS_NEXT_PAGES, after: page.pageInfo.endCursor },
        );
        page = next.workItem.widgets.find((widget) => widget.discussions)?.discussions;
        read.push(...(page?.nodes ?? []));
        if (!cancelled) setRest({ after: first, nodes: [...read] });
      }
      if (!cancelled) setSettled(read);
    }
    void readAll(first);
    return () => {
      cancelled = true;
    };
  }, [workItem, first]);
  return useMemo(() => {
    const fresh = [...(first?.nodes ?? []), ...(rest.after === first ? rest.nodes : [])];
    const shown = new Set(fresh.map((discussion) => discussion.id));
    return [...fresh, ...settled.filter((discussion) => !shown.has(discussion.id))];
  }, [first, rest, settled]);
}

function toNote(note: GqlNote): WorkItemNote {
  return {
    id: note.id,
    body: note.body,
    bodyHtml: note.bodyHtml,
    author: note.author,
    createdAt: note.createdAt,
    system: note.system,
    internal: note.internal ?? false,
    url: note.url ?? undefined,
    lastEditedAt: note.lastEditedAt,
    awardEmoji: note.awardEmoji.nodes.map(({ name, user }) => ({ name, user })),
    userPermissions: note.userPermissions,
  };
}

function toDiscussion(discussion: GqlDiscussion): WorkItemDiscussion {
  return {
    id: discussion.id,
    resolvable: discussion.resolvable,
    resolved: discussion.resolved,
    resolvedBy: discussion.resolvedBy,
    notes: discussion.notes.nodes.map(toNote),
  };
}

/**
 * The threads as `WorkItemNotes` takes them, each the same object from one read to the next while
 * nothing in it changed: every read (a new note, a realtime change, the next page) brings new
 * objects for every thread, and `WorkItemNotes` re-renders only the threads whose object changed
 * (threads are memo). A thread's fields are compared as read (its notes carry no version that
 * covers their reactions and resolution), as JSON: about a millisecond for 500 threads.
 */
class ThreadCache {
  private threads = new Map<string, { read: string; thread: WorkItemDiscussion }>();

  /** The threads of `discussions`, reusing the object of each one unchanged since the last call. */
  threadsOf(discussions: readonly GqlDiscussion[]): WorkItemDiscussion[] {
    const previous = this.threads;
    this.threads = new Map();
    return discussions.map((discussion) => {
      const read = JSON.stringify(discussion);
      const kept = previous.get(discussion.id);
      const thread = kept?.read === read ? kept.thread : toDiscussion(discussion);
      this.threads.set(discussion.id, { read, thread });
      return thread;
    });
  }
}

/** The work item's activity and comment form; every edit is a GraphQL mutation, then a re-read. */
export function IssueNotes({ workItem, currentUser, previewUrl, onUpdate, onRefresh }: IssueNotesProps) {
  const discussions = useDiscussions(workItem);
  const [threadCache] = useState(() => new ThreadCache());
  const threads = useMemo(() => threadCache.threadsOf(discussions), [threadCache, discussions]);
  // The same user object while the user is: a new one would re-render every thread (they read it
  // from the notes' context).
  const isSignedIn = currentUser !== null;
  const { id = '', username = '', name = '', avatarUrl = null, webUrl = '' } = currentUser ?? {};
  const user = useMemo(
    () => (isSignedIn ? { id, username, name, avatarUrl, webUrl } : null),
    [isSignedIn, id, username, name, avatarUrl, webUrl],
  );

  const permissions = workItem.userPermissions;
  const type = workItem.workItemType.name as WorkItemTypeName;
  return (
    <WorkItemNotes
      discussions={threads}
      isHtmlSanitized
      currentUser={user}
      workItemType={WORK_ITEM_TYPES[type].label.toLowerCase()}
      canCreateNote={permissions.createNote}
      canMarkNoteAsInternal={permissions.adminWorkItem}
      isWorkItemOpen={workItem.state === 'OPEN'}
      onToggleState={() => onUpdate({ stateEvent: workItem.state === 'OPEN' ? 'CLOSE' : 'REOPEN' })}
      onAddNote={async ({ body, internal, discussionId }) => {
        await graphqlMutate(CREATE_NOTE, { input: { noteableId: workItem.id, body, internal, discussionId } });
        await onRefresh();
      }}
      onUpdateNote={async (id, body) => {
        await graphqlMutate(UPDATE_NOTE, { input: { id, body } });
        await onRefresh();
      }}
      onDeleteNote={async (id) => {
        await graphqlMutate(DESTROY_NOTE, { input: { id } });
        await onRefresh();
      }}
      onToggleAward={async (id, name) => {
        await graphqlMutate(TOGGLE_AWARD, { input: { awardableId: id, name } });
        await onRefresh();
      }}
      onResolveDiscussion={async (id, resolve) => {
        await graphqlMutate(TOGGLE_RESOLVE, { input: { id, resolve } });
        await onRefresh();
      }}
      previewUrl={previewUrl}
    />
  );
}
