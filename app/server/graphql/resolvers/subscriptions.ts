/**
 * Subscriptions (GitLab's `Types::SubscriptionType` subset), fed by the broadcast bus. Subscribing
 * checks that the asker may read the target ('Unauthorized subscription' otherwise, as GitLab's
 * `BaseSubscription#unauthorized!`); each event is re-read with the asker's rights, and one the
 * asker may no longer see is not delivered. `aiCompletionResponse` never fires.
 */
import { GraphQLError } from 'graphql/index.js';
import type { BusEvent, EventBus } from '../../cable/bus.ts';
import { loadWorkItem, type GraphqlContext, type ReadableWorkItem } from '../context.ts';
import type { GlobalId } from '../ids.ts';
import { loadNote, type NoteView } from './workItems.ts';

/** GitLab's refusal of a subscription the asker may not make. */
export const UNAUTHORIZED_SUBSCRIPTION = 'Unauthorized subscription';

/** Events become values (or `undefined`: not for this subscriber). */
type Select<T> = (event: BusEvent, ctx: GraphqlContext) => Promise<T | undefined> | T | undefined;

/**
 * An async iterator of the bus's events that `select` turns into values. Events are queued while
 * the consumer is busy, so none is lost; `return()` stops listening.
 */
export function busIterator<T>(bus: EventBus, ctx: GraphqlContext, select: Select<T>): AsyncIterableIterator<T> {
  const queue: BusEvent[] = [];
  let wake: (() => void) | null = null;
  let done = false;
  const unsubscribe = bus.subscribe((event) => {
    queue.push(event);
    wake?.();
  });
  const finish = async (): Promise<IteratorResult<T>> => {
    done = true;
    unsubscribe();
    wake?.();
    return { done: true, value: undefined };
  };
  return {
    async next(): Promise<IteratorResult<T>> {
      while (!done) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        // Each event is read afresh: nothing cached from the previous one.
        ctx.cache.clear();
        const value = await select(event, ctx);
        if (value !== undefined && !done) return { done: false, value };
      }
      return { done: true, value: undefined };
    },
    return: finish,
    throw: finish,
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

function busOf(ctx: GraphqlContext): EventBus {
  if (!ctx.bus) throw new GraphQLError('Subscriptions are only available over ActionCable');
  return ctx.bus;
}

async function authorizedWorkItem(ctx: GraphqlContext, gid: GlobalId | null | undefined): Promise<ReadableWorkItem> {
  const item = gid ? await loadWorkItem(ctx, gid.id) : null;
  if (!item) throw new GraphQLError(UNAUTHORIZED_SUBSCRIPTION);
  return item;
}

/** A subscription field whose value is what the iterator yields. */
function field<Args>(subscribe: (args: Args, ctx: GraphqlContext) => Promise<AsyncIterableIterator<unknown>>) {
  return {
    subscribe: (_: unknown, args: Args, ctx: GraphqlContext) => subscribe(args, ctx),
    resolve: (value: unknown) => value,
  };
}

function noteSubscription(type: 'note_insert' | 'note_update') {
  return field<{ noteableId?: GlobalId | null }>(async (args, ctx) => {
    const item = await authorizedWorkItem(ctx, args.noteableId);
    return busIterator<NoteView | null>(busOf(ctx), ctx, async (event) => {
      if (event.type !== type || event.noteableType !== 'Issue' || event.noteableId !== item.issue.id) return undefined;
      return (await loadNote(ctx, event.id)) ?? undefined;
    });
  });
}

/** Does `event` change the work item `id` in the way `what` names? */
type Matcher = (event: BusEvent, id: number) => boolean;

const changes: Record<string, Matcher> = {
  any: (event, id) =>
    ((event.type === 'issue_updated' || event.type === 'work_item_changed') && event.id === id) ||
    (event.type === 'award_emoji_changed' && event.awardableType === 'Issue' && event.awardableId === id),
  title: (event, id) => event.type === 'issue_updated' && event.id === id && event.title,
  description: (event, id) => event.type === 'issue_updated' && event.id === id && event.description,
  assignees: (event, id) => event.type === 'work_item_changed' && event.id === id && event.what === 'assignees',
  labels: (event, id) => event.type === 'work_item_changed' && event.id === id && event.what === 'labels',
  dates: (event, id) => event.type === 'issue_updated' && event.id === id && Boolean(event.dates),
  milestone: (event, id) => event.type === 'issue_updated' && event.id === id && Boolean(event.milestone),
};

/** A subscription to changes of one issuable, delivered as the type its ID named. */
function issuableSubscription(matcher: Matcher, argument: 'issuableId' | 'workItemId') {
  return field<Record<string, GlobalId | null | undefined>>(async (args, ctx) => {
    const gid = args[argument];
    const item = await authorizedWorkItem(ctx, gid);
    const asType = gid?.model === 'Issue' ? 'Issue' : 'WorkItem';
    return busIterator(busOf(ctx), ctx, async (event) => {
      if (!matcher(event, item.issue.id)) return undefined;
      const fresh = await loadWorkItem(ctx, item.issue.id);
      return fresh ? { ...fresh, asType } : undefined;
    });
  });
}

/** Resolvers of the subscription root. */
export const subscriptionResolvers = {
  Subscription: {
    workItemNoteCreated: noteSubscription('note_insert'),
    workItemNoteUpdated: noteSubscription('note_update'),
    workItemNoteDeleted: field<{ noteableId?: GlobalId | null }>(async (args, ctx) => {
      const item = await authorizedWorkItem(ctx, args.noteableId);
      return busIterator(busOf(ctx), ctx, (event) =>
        event.type === 'note_delete' && event.noteableType === 'Issue' && event.noteableId === item.issue.id
          ? { id: event.id, discussionId: event.discussionId ?? null }
          : undefined,
      );
    }),
    workItemUpdated: issuableSubscription(changes.any!, 'workItemId'),
    issuableTitleUpdated: issuableSubscription(changes.title!, 'issuableId'),
    issuableDescriptionUpdated: issuableSubscription(changes.description!, 'issuableId'),
    issuableAssigneesUpdated: issuableSubscription(changes.assignees!, 'issuableId'),
    issuableLabelsUpdated: issuableSubscription(changes.labels!, 'issuableId'),
    issuableDatesUpdated: issuableSubscription(changes.dates!, 'issuableId'),
    issuableMilestoneUpdated: issuableSubscription(changes.milestone!, 'issuableId'),
    aiCompletionResponse: field(async (_args, ctx) => busIterator(busOf(ctx), ctx, () => undefined)),
  },
};
