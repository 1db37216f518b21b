/**
 * Live updates of a work item's page (GitLab's work item subscriptions over ActionCable's
 * `GraphqlChannel`): after hydration the page subscribes, on `forgekit/client`'s shared cable
 * consumer, to the work item's changes and to its notes being created, edited and deleted, and
 * reads the page's data again when one arrives. Reading again re-renders the page in place: the
 * comment box, an open reply or an open editor keep what the user is typing.
 *
 * The channel is used directly (`subscribeToChannel`) rather than through Apollo Client's
 * `ActionCableLink`: the page reads GraphQL without Apollo, and using the link, even behind
 * `import()`, put Apollo Client (99 KB gzip) in every page's initial JavaScript.
 */
import {
  GRAPHQL_CHANNEL,
  subscribeCableConnection,
  subscribeToChannel,
  type CableConnectionState,
  type GraphqlChannelMessage,
} from 'forgekit/client';
import { useEffect, useRef, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';

/**
 * The subscriptions, by GitLab's operation names. `workItemUpdated` fires for every change of the
 * work item itself (title, description, state, confidentiality, labels, assignees, dates,
 * milestone, hierarchy, links, reactions); the per-field `issuable*Updated` subscriptions each
 * fire for a subset of its events, so they would only repeat them.
 */
export const WORK_ITEM_SUBSCRIPTIONS = {
  workItemUpdated: `subscription workItemUpdated($id: WorkItemID!) { workItemUpdated(workItemId: $id) { id } }`,
  workItemNoteCreated: `subscription workItemNoteCreated($id: NoteableID) { workItemNoteCreated(noteableId: $id) { id } }`,
  workItemNoteUpdated: `subscription workItemNoteUpdated($id: NoteableID) { workItemNoteUpdated(noteableId: $id) { id } }`,
  workItemNoteDeleted: `subscription workItemNoteDeleted($id: NoteableID) { workItemNoteDeleted(noteableId: $id) { id } }`,
} as const;

/**
 * Keeps the page of the work item `workItemId` (a `gid://gitlab/WorkItem/…`) up to date while it
 * is shown: each pushed change revalidates the route's data. A change pushed while a read or a
 * navigation is under way (the user's own edits read the page again too) is read once more when it
 * ends, so none is missed and a burst costs one read. When a lost connection comes back the page
 * is read again too (changes made meanwhile were not pushed). Subscribes after hydration (the
 * shared consumer opens its socket then), and unsubscribes when the page is left.
 */
export function useWorkItemRealtime(workItemId: string): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // Changes pushed so far, and how many of them the page has read.
  const [pushed, setPushed] = useState(0);
  const read = useRef(0);

  useEffect(() => {
    const markStale = () => setPushed((count) => count + 1);
    const stops = Object.entries(WORK_ITEM_SUBSCRIPTIONS).map(([operationName, query]) => {
      const subscription = subscribeToChannel<GraphqlChannelMessage>(
        { channel: GRAPHQL_CHANNEL, query, variables: { id: workItemId }, operationName },
        {
          received: ({ result }) => {
            // The first answer of a subscription is its field set to null (GitLab's `subscribe`).
            if (result?.data && Object.values(result.data).some((value) => value !== null)) markStale();
          },
        },
      );
      return () => subscription.unsubscribe();
    });
    let previous: CableConnectionState | undefined;
    stops.push(
      subscribeCableConnection(({ state }) => {
        // Welcomed again after a lost connection (not the state found on arrival).
        if (state === 'reopened' && previous !== undefined && previous !== state) markStale();
        previous = state;
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [workItemId]);

  const isIdle = revalidator.state === 'idle' && navigation.state === 'idle';
  useEffect(() => {
    if (pushed === read.current || !isIdle) return;
    read.current = pushed;
    void revalidator.revalidate();
  }, [pushed, isIdle, revalidator]);
}
