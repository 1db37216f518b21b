// GraphQL subscriptions end to end: ApolloClient + InMemoryCache + ActionCableLink against a
// GraphqlChannel (the loopback server's unless FORGEKIT_CABLE_TARGET names another).
import { ApolloClient, CombinedGraphQLErrors, InMemoryCache, gql } from '@apollo/client';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import {
  ActionCableLink,
  CABLE_STALE_THRESHOLD_SECONDS,
  CableSubscriptionRejectedError,
  GRAPHQL_CHANNEL,
  createCableConsumer,
  type CableConsumer,
} from '../../src/client/realtime';
import { createApolloClient } from '../../src/client/graphql';
import type { CableTestServer } from './helpers/actionCableServer';
import {
  advanceBy,
  advanceUntil,
  installActionCableForNode,
  startCableTestServer,
  installFakeCableTime,
} from './helpers/actionCableSetup';

const IO_LIMIT_MS = 2000;
const MS_PER_SECOND = 1000;
/**
 * A reconnect after `server_restart` waits for a monitor poll (every 6-12 s) that finds the
 * connection stale and not disconnected recently: the second poll at the latest.
 */
const RECONNECT_WITHIN_MS = 5 * CABLE_STALE_THRESHOLD_SECONDS * MS_PER_SECOND;

const AI_COMPLETION = gql`
  subscription aiCompletionResponse($userId: ID) {
    aiCompletionResponse(userId: $userId) {
      id
      content
      role
    }
  }
`;

let server: CableTestServer;
let consumer: CableConsumer;
let client: ApolloClient;

beforeAll(() => installActionCableForNode());
beforeEach(async () => {
  installFakeCableTime();
  server = await startCableTestServer();
  consumer = createCableConsumer(server.url);
  client = new ApolloClient({ cache: new InMemoryCache(), link: new ActionCableLink({ consumer }) });
});
afterEach(async () => {
  client.stop();
  consumer.disconnect();
  await server.close();
  vi.useRealTimers();
});

type Event = ['next', ApolloClient.SubscribeResult] | ['error', unknown] | ['complete'];

/** Starts `client.subscribe` and records what it emits. */
function subscribe(
  query = AI_COMPLETION,
  variables: Record<string, unknown> = { userId: 'gid://gitlab/User/1' },
  context: Record<string, unknown> = {},
) {
  const events: Event[] = [];
  const subscription = client.subscribe({ query, variables, context }).subscribe({
    next: (result) => events.push(['next', result]),
    error: (error) => events.push(['error', error]),
    complete: () => events.push(['complete']),
  });
  return { events, subscription };
}

const message = (content: string, id = content) => ({
  aiCompletionResponse: { id, content, role: 'ASSISTANT' },
});
const typed = (content: string, id = content) => ({
  aiCompletionResponse: { __typename: 'AiMessage', id, content, role: 'ASSISTANT' },
});

it('subscribes on GraphqlChannel with query, variables, operationName and a nonce', async () => {
  // Apollo shares identical subscriptions unless told otherwise.
  subscribe(AI_COMPLETION, undefined, { queryDeduplication: false });
  subscribe(AI_COMPLETION, undefined, { queryDeduplication: false });
  await advanceUntil(() => server.subscriptions(GRAPHQL_CHANNEL).length === 2, IO_LIMIT_MS);

  const [first, second] = server.subscriptions(GRAPHQL_CHANNEL).map((s) => s.params);
  expect(Object.keys(first!)).toEqual(['channel', 'query', 'variables', 'operationName', 'nonce']);
  expect(first).toMatchObject({
    channel: 'GraphqlChannel',
    query: expect.stringContaining('aiCompletionResponse(userId: $userId)'),
    variables: { userId: 'gid://gitlab/User/1' },
    operationName: 'aiCompletionResponse',
    nonce: expect.stringMatching(/^[\da-f]{32}$/),
  });
  // Two identical operations are two channel subscriptions.
  expect(second!.nonce).not.toBe(first!.nonce);
});

it('emits the initial result and every pushed result, and completes on more: false', async () => {
  const { events } = subscribe();
  await advanceUntil(() => events.length === 1, IO_LIMIT_MS);
  await server.publishGraphql(message('Hello'));
  await advanceUntil(() => events.length === 2, IO_LIMIT_MS);
  await server.publishGraphql(message('Bye'), { final: true });
  await advanceUntil(() => events.length === 4, IO_LIMIT_MS);

  expect(events).toEqual([
    // GitLab's channel runs the subscription once on subscribe: the field is null then.
    ['next', { data: { aiCompletionResponse: null } }],
    ['next', { data: typed('Hello') }],
    ['next', { data: typed('Bye') }],
    ['complete'],
  ]);
  await advanceUntil(() => server.frames.some((frame) => frame.command === 'unsubscribe'), IO_LIMIT_MS);
});

it('ends with the channel errors as CombinedGraphQLErrors', async () => {
  const { events } = subscribe();
  await advanceUntil(() => events.length === 1, IO_LIMIT_MS);
  server.failGraphql([{ message: 'Variable $userId of type ID was provided invalid value' }]);
  await advanceUntil(() => events.at(-1)?.[0] === 'complete', IO_LIMIT_MS);

  const [, result] = events[1] as ['next', ApolloClient.SubscribeResult];
  expect(CombinedGraphQLErrors.is(result.error)).toBe(true);
  expect((result.error as CombinedGraphQLErrors).errors).toEqual([
    { message: 'Variable $userId of type ID was provided invalid value' },
  ]);
  expect(events.map(([kind]) => kind)).toEqual(['next', 'next', 'complete']);
});

it('reports errors in a result (an invalid document) and completes', async () => {
  const { events } = subscribe(gql`
    subscription unknownField {
      aiCompletionResponse {
        notAField
      }
    }
  `);
  await advanceUntil(() => events.at(-1)?.[0] === 'complete', IO_LIMIT_MS);
  const [, result] = events[0] as ['next', ApolloClient.SubscribeResult];
  expect((result.error as CombinedGraphQLErrors).errors[0]!.message).toContain('notAField');
});

it('ends with CableSubscriptionRejectedError when the server rejects the subscription', async () => {
  server.rejectWhen((params) => params.channel === GRAPHQL_CHANNEL);
  const { events } = subscribe();
  await advanceUntil(() => events.at(-1)?.[0] === 'complete', IO_LIMIT_MS);
  const [, result] = events[0] as ['next', ApolloClient.SubscribeResult];
  expect(result.error).toBeInstanceOf(CableSubscriptionRejectedError);
  expect(result.error!.message).toBe('The server rejected the GraphqlChannel subscription');
});

it('unsubscribes from the channel when the Apollo subscription ends', async () => {
  const { events, subscription } = subscribe();
  await advanceUntil(() => events.length === 1, IO_LIMIT_MS);
  subscription.unsubscribe();
  await advanceUntil(() => server.subscriptions(GRAPHQL_CHANNEL).length === 0, IO_LIMIT_MS);
  const identifier = server.frames[0]!.identifier;
  expect(server.frames.at(-1)).toMatchObject({ command: 'unsubscribe', identifier });
});

it('keeps delivering after a reconnect (the channel subscription is resubscribed)', async () => {
  const { events } = subscribe();
  await advanceUntil(() => events.length === 1, IO_LIMIT_MS);
  server.disconnectAll('server_restart', true);
  await advanceUntil(() => consumer.connectionSnapshot.state === 'reopened', RECONNECT_WITHIN_MS);
  await advanceUntil(() => server.subscriptions(GRAPHQL_CHANNEL).length === 1, IO_LIMIT_MS);
  await advanceUntil(() => events.length === 2, IO_LIMIT_MS);
  await server.publishGraphql(message('Back'));
  await advanceUntil(() => events.length === 3, IO_LIMIT_MS);

  // The resubscription runs the document again, as GitLab's channel does on every subscribe.
  expect(events.slice(1)).toEqual([
    ['next', { data: { aiCompletionResponse: null } }],
    ['next', { data: typed('Back') }],
  ]);
  await advanceBy(IO_LIMIT_MS);
  expect(events).toHaveLength(3);
});

it('plugs into the product client factory as its subscriptionLink (queries still go over HTTP)', async () => {
  const httpRequests: string[] = [];
  const product = createApolloClient({
    subscriptionLink: new ActionCableLink({ consumer }),
    fetch: async (input) => {
      httpRequests.push(String(input));
      return Response.json({ data: { currentUserId: '1' } });
    },
  });
  const events: unknown[] = [];
  product.subscribe({ query: AI_COMPLETION }).subscribe((result) => events.push(result.data));
  await advanceUntil(() => events.length === 1, IO_LIMIT_MS);
  await server.publishGraphql(message('Hello'));
  await advanceUntil(() => events.length === 2, IO_LIMIT_MS);
  expect(events).toEqual([{ aiCompletionResponse: null }, typed('Hello')]);

  const query = product.query({
    query: gql`
      query currentUser {
        currentUserId
      }
    `,
  });
  await advanceUntil(() => httpRequests.length === 1, IO_LIMIT_MS);
  expect((await query).data).toEqual({ currentUserId: '1' });
  expect(server.subscriptions(GRAPHQL_CHANNEL)).toHaveLength(1);
  product.stop();
});
