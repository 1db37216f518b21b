/**
 * Live updates of a work item's page (GitLab's work item subscriptions over ActionCable's
 * `GraphqlChannel`): after hydration the page subscribes, on `forgekit/client`'s shared cable
 * consumer, to the work item's changes and to its notes being created, edited and deleted, and
 * reads the page's data again when one arrives. Reading again re-renders the page in place: the
 * comment box, an open reply or an open editor keep what the user is typing.
 *
 * The subscriptions (`workItemSubscriptions.ts`, with ActionCable) load after hydration: nothing
 * is pushed before the page can react to it.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { WORK_ITEM_LIVE_MARK } from './constants.ts';

/**
 * Keeps the page of the work item `workItemId` (a `gid://gitlab/WorkItem/…`) up to date while it
 * is shown: each pushed change revalidates the route's data. A change pushed while a read or a
 * navigation is under way (the user's own edits read the page again too) is read once more when it
 * ends, so none is missed and a burst costs one read. When a lost connection comes back the page
 * is read again too (changes made meanwhile were not pushed). Subscribes after hydration (the
 * shared consumer opens its socket then), sets the `WORK_ITEM_LIVE_MARK` performance mark once the
 * server has confirmed the subscriptions, and unsubscribes when the page is left.
 */
export function useWorkItemRealtime(workItemId: string): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // Changes pushed so far, and how many of them the page has read.
  const [pushed, setPushed] = useState(0);
  const read = useRef(0);

  useEffect(() => {
    const markStale = () => setPushed((count) => count + 1);
    let stop: (() => void) | undefined;
    let isLeft = false;
    void import('./workItemSubscriptions.ts').then(({ subscribeToWorkItem }) => {
      if (!isLeft) stop = subscribeToWorkItem(workItemId, markStale, () => performance.mark(WORK_ITEM_LIVE_MARK));
    });
    return () => {
      isLeft = true;
      stop?.();
    };
  }, [workItemId]);

  const isIdle = revalidator.state === 'idle' && navigation.state === 'idle';
  useEffect(() => {
    if (pushed === read.current || !isIdle) return;
    read.current = pushed;
    void revalidator.revalidate();
  }, [pushed, isIdle, revalidator]);
}
