/**
 * The work item page's live updates on `forgekit/client`'s shared cable consumer (GitLab's work
 * item subscriptions over ActionCable's `GraphqlChannel`). Loaded by `useWorkItemRealtime` after
 * hydration, so ActionCable and the consumer are not part of the page's initial JavaScript.
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

const WORK_ITEM_SUBSCRIPTION_COUNT = Object.keys(WORK_ITEM_SUBSCRIPTIONS).length;

/**
 * Subscribes to the changes of the work item `workItemId` and to the cable coming back after a
 * lost connection (changes made meanwhile were not pushed); `onStale` is called for each, and
 * `onLive` once, when the server has confirmed every subscription. Returns the unsubscribe.
 */
export function subscribeToWorkItem(workItemId: string, onStale: () => void, onLive?: () => void): () => void {
  const confirmed = new Set<string>();
  const stops = Object.entries(WORK_ITEM_SUBSCRIPTIONS).map(([operationName, query]) => {
    const subscription = subscribeToChannel<GraphqlChannelMessage>(
      { channel: GRAPHQL_CHANNEL, query, variables: { id: workItemId }, operationName },
      {
        received: ({ result }) => {
          // The first answer of a subscription is its field set to null (GitLab's `subscribe`).
          if (result?.data && Object.values(result.data).some((value) => value !== null)) onStale();
        },
        connected: () => {
          if (confirmed.size === WORK_ITEM_SUBSCRIPTION_COUNT) return;
          confirmed.add(operationName);
          if (confirmed.size === WORK_ITEM_SUBSCRIPTION_COUNT) onLive?.();
        },
      },
    );
    return () => subscription.unsubscribe();
  });
  let previous: CableConnectionState | undefined;
  stops.push(
    subscribeCableConnection(({ state }) => {
      // Welcomed again after a lost connection (not the state found on arrival).
      if (state === 'reopened' && previous !== undefined && previous !== state) onStale();
      previous = state;
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
