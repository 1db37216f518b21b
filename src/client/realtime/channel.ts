/**
 * Channel subscriptions on the shared consumer, with typed callbacks and a status: what
 * `consumer.subscriptions.create(params, mixin)` does, with the rejection reported to the
 * subscriber and no `this` juggling.
 */
import { getCableConsumer, type CableConsumer } from './consumer';

/** The subscription's identifying parameters: the channel's name and its own parameters. */
export interface CableChannelParams {
  channel: string;
  [param: string]: unknown;
}

/** What a subscriber hears about its subscription. */
export interface CableChannelHandlers<TMessage> {
  /** A message the channel transmitted. */
  received?(message: TMessage): void;
  /** The server confirmed the subscription; `reconnected` after a reconnect's resubscription. */
  connected?(details: { reconnected: boolean }): void;
  /** The connection closed; the subscription resubscribes by itself if `willAttemptReconnect`. */
  disconnected?(details: { willAttemptReconnect: boolean }): void;
  /** The server rejected the subscription (spec): it is dropped and not retried. */
  rejected?(): void;
}

/**
 * Where a subscription stands: waiting for the server's confirmation (again after a
 * disconnect), confirmed, rejected, or ended by the subscriber.
 */
export type CableSubscriptionStatus = 'pending' | 'confirmed' | 'rejected' | 'unsubscribed';

/** A live channel subscription. */
export interface CableChannelSubscription {
  /** The identifier the server echoes: `JSON.stringify(params)`. */
  readonly identifier: string;
  /** Where the subscription stands. */
  readonly status: CableSubscriptionStatus;
  /** Calls a channel action (`perform('appear', { on: '/page' })`); false when not connected. */
  perform(action: string, data?: Record<string, unknown>): boolean;
  /** Ends the subscription (sends `unsubscribe` unless the server rejected it). */
  unsubscribe(): void;
}

/**
 * Subscribes to a channel. The subscribe command is resent until the server confirms it, and
 * sent again after every reconnect, by the consumer.
 *
 * @param consumer @default the shared consumer (`getCableConsumer()`)
 */
export function subscribeToChannel<TMessage = unknown>(
  params: CableChannelParams,
  handlers: CableChannelHandlers<TMessage> = {},
  consumer: CableConsumer = getCableConsumer(),
): CableChannelSubscription {
  let status: CableSubscriptionStatus = 'pending';
  const subscription = consumer.subscriptions.create(params, {
    received: (message: TMessage) => handlers.received?.(message),
    connected: (details: { reconnected: boolean }) => {
      status = 'confirmed';
      handlers.connected?.(details);
    },
    disconnected: (details: { willAttemptReconnect: boolean | undefined }) => {
      status = 'pending';
      handlers.disconnected?.({ willAttemptReconnect: Boolean(details.willAttemptReconnect) });
    },
    rejected: () => {
      status = 'rejected';
      handlers.rejected?.();
    },
  });
  return {
    identifier: subscription.identifier,
    get status() {
      return status;
    },
    // A copy: the library writes `action` into the object it is given.
    perform: (action, data = {}) => subscription.perform(action, { ...data }),
    unsubscribe() {
      if (status === 'unsubscribed') return;
      // The library has already dropped a rejected subscription.
      if (status !== 'rejected') subscription.unsubscribe();
      status = 'unsubscribed';
    },
  };
}
