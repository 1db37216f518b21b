// In a page (jsdom): the pending-request hook re-renders with the live count, and a request failing
// once the page has started to unload is left unresolved and unreported (spec section 4). The client
// talks to the graphql-js server on loopback.
import { gql } from '@apollo/client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { configurePage, resetPageConfig } from '../../src/client/config';
import { createApolloClient, getPendingApiRequests, usePendingApiRequests } from '../../src/client/graphql';
import { startGraphqlServer, type TestGraphqlServer } from './graphqlServer.support';

const HELD = gql`
  query Held {
    held
  }
`;

let server: TestGraphqlServer;
beforeAll(async () => {
  server = await startGraphqlServer();
  configurePage({ relativeUrlRoot: '' });
});
afterAll(async () => {
  resetPageConfig();
  await server.close();
});

it('usePendingApiRequests (and window.pendingApolloRequests) follow the number of requests in flight', async () => {
  const client = createApolloClient({ baseUrl: server.origin });
  const { result } = renderHook(() => usePendingApiRequests());
  expect(result.current).toBe(0);

  let query: Promise<unknown> | undefined;
  await act(async () => {
    query = client.query({ query: HELD });
    await waitFor(() => expect(server.requests).toHaveLength(1));
  });
  expect(result.current).toBe(1);
  expect((window as unknown as { pendingApolloRequests: number }).pendingApolloRequests).toBe(1);
  await act(async () => {
    server.release('done');
    await query;
  });
  expect(result.current).toBe(0);
});

it('leaves a request failing while the page unloads unresolved and unreported', async () => {
  const closed = await startGraphqlServer();
  await closed.close();
  const onError = vi.fn();
  const client = createApolloClient({ baseUrl: closed.origin, onError });

  window.dispatchEvent(new Event('beforeunload'));
  const settled = vi.fn();
  client.query({ query: HELD }).then(settled, settled);
  await waitFor(() => expect(getPendingApiRequests()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(settled).not.toHaveBeenCalled();
  expect(onError).not.toHaveBeenCalled();

  // Back from the back-forward cache, failures are failures again. (Another query: the first one is
  // still in flight, and an identical one would join it.)
  window.dispatchEvent(new Event('pageshow'));
  await expect(client.query({ query: gql('query AfterReturn { held }') })).rejects.toHaveProperty('name', 'TypeError'); // fetch's own, from Node's realm
  expect(onError).toHaveBeenCalledTimes(1);
});
