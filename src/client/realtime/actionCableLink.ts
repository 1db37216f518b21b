/**
 * GraphQL subscriptions over ActionCable's `GraphqlChannel`, as an Apollo Client 4 link: the
 * successor of GitLab's `~/actioncable_link` (learnt from graphql-ruby-client's ActionCableLink,
 * written for rxjs Observables).
 *
 * Each operation is one channel subscription whose parameters carry the printed query, the
 * variables, the operation name and a nonce (so two identical operations are two subscriptions).
 * The channel transmits `{ result, more }` or `{ errors }`; `more: false` marks the last one.
 */
import { ApolloLink, CombinedGraphQLErrors } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import { subscribeToChannel } from './channel';
import { getCableConsumer, type CableConsumer } from './consumer';

/** The server channel that runs GraphQL operations (GitLab's `GraphqlChannel`). */
export const GRAPHQL_CHANNEL = 'GraphqlChannel';

/** Bytes of randomness in an operation's nonce. */
const NONCE_BYTES = 16;
const HEX = 16;

/** A `GraphqlChannel` transmission. */
export interface GraphqlChannelMessage {
  /** The operation's result (the initial execution, then one per event). */
  result?: ApolloLink.Result;
  /** Errors that end the subscription (for example variables the server could not read). */
  errors?: GraphQLFormattedError[];
  /** False on the last transmission: the subscription is complete. */
  more?: boolean;
}

/** Raised to an operation whose `GraphqlChannel` subscription the server rejected (spec). */
export class CableSubscriptionRejectedError extends Error {
  override name = 'CableSubscriptionRejectedError';
  constructor(readonly channel: string) {
    super(`The server rejected the ${channel} subscription`);
  }
}

/** Options of `ActionCableLink`. */
export interface ActionCableLinkOptions {
  /** The consumer to subscribe on. @default the shared consumer, taken at the first operation */
  consumer?: CableConsumer;
}

/**
 * The Apollo link for `GraphqlChannel`. Put it where subscriptions go (the client factory's
 * `subscriptionLink`, or `split` on the operation type in front of the HTTP link):
 *
 * ```ts
 * const link = ApolloLink.split(isSubscription, new ActionCableLink(), httpLink);
 * ```
 *
 * `{ result }` transmissions are emitted as results, `{ errors }` ends the operation with
 * `CombinedGraphQLErrors`, a rejection ends it with `CableSubscriptionRejectedError`, and
 * `more: false` completes it. Unsubscribing ends the channel subscription.
 */
export class ActionCableLink extends ApolloLink {
  readonly #consumer: CableConsumer | undefined;

  constructor(options: ActionCableLinkOptions = {}) {
    super();
    this.#consumer = options.consumer;
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    return new Observable<ApolloLink.Result>((observer) => {
      const subscription = subscribeToChannel<GraphqlChannelMessage>(
        {
          channel: GRAPHQL_CHANNEL,
          query: print(operation.query),
          variables: operation.variables,
          operationName: operation.operationName,
          nonce: createNonce(),
        },
        {
          received(message) {
            if (message.errors) {
              observer.error(new CombinedGraphQLErrors({ errors: message.errors }));
            } else if (message.result) {
              observer.next(message.result);
            }
            if (!message.more) observer.complete();
          },
          rejected() {
            observer.error(new CableSubscriptionRejectedError(GRAPHQL_CHANNEL));
          },
        },
        this.#consumer ?? getCableConsumer(),
      );
      return () => subscription.unsubscribe();
    });
  }
}

/** Random hex: `crypto.randomUUID` is missing on pages served over plain http. */
function createNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  return Array.from(bytes, (byte) => byte.toString(HEX).padStart(2, '0')).join('');
}
