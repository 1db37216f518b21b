// The product's Apollo Client against a real GraphQL server on loopback (graphql-js behind Node's HTTP
// server): the request shape, batching, uploads, spec section 8's errors, fetch policies, startup calls
// and the pending-request count. Nothing here fakes fetch or the server.
import { gql, type ApolloClient, type TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { ApolloLink } from '@apollo/client/link';
import { print } from 'graphql';
import { firstValueFrom, of } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurePage, resetPageConfig, type StartupGraphqlCall } from '../../src/client/config';
import {
  GRAPHQL_BATCH_INTERVAL_MS,
  GRAPHQL_BATCH_MAX,
  GRAPHQL_ERROR_MESSAGES,
  GRAPHQL_ERROR_STATUS,
  GRAPHQL_PATH,
  STARTUP_CALL_FAILED_WARNING,
  createApolloClient,
  fetchPolicies,
  getPendingApiRequests,
  type CreateApolloClientOptions,
  type GraphqlServerError,
} from '../../src/client/graphql';
import { DEFAULT_CREDENTIALS } from '../../src/client/transport';
import { startGraphqlServer, type TestGraphqlServer } from './graphqlServer.support';

const ECHO: TypedDocumentNode<{ echo: string }, { text: string }> = gql`
  query Echo($text: String!) {
    echo(text: $text)
  }
`;
const COUNTER: TypedDocumentNode<{ counter: number }> = gql`
  query Counter {
    counter
  }
`;
const HELD = gql`
  query Held {
    held
  }
`;
const HOLD = gql`
  mutation Hold {
    hold
  }
`;
const UPLOAD = gql`
  mutation Upload($file: Upload!, $note: String) {
    upload(file: $file, note: $note) {
      name
      size
      text
    }
  }
`;

let server: TestGraphqlServer;

beforeAll(async () => {
  server = await startGraphqlServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  server.respondWith = undefined;
  server.counterCalls = 0;
  configurePage({ relativeUrlRoot: '/forge', csrfToken: 'csrf-1', startupGraphqlCalls: [] });
});
afterEach(() => {
  server.release('done');
  resetPageConfig();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const clientFor = (options: CreateApolloClientOptions = {}) =>
  createApolloClient({ baseUrl: server.origin, ...options });
const echo = (client: ApolloClient, text: string, context?: Record<string, unknown>) =>
  client.query({ query: ECHO, variables: { text }, context, fetchPolicy: 'network-only' });
const graphqlPosts = () => server.requests.filter((request) => request.method === 'POST');

describe('requests', () => {
  it('POSTs operationName, variables and query to {root}/api/graphql, same-origin, with the CSRF and XHR headers', async () => {
    const inits: RequestInit[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      inits.push(init!);
      return fetch(input, init);
    };
    configurePage({ version: '18.6.0', featureCategory: 'team_planning' });
    const { data } = await echo(clientFor({ fetch: recordingFetch }), 'hi');

    expect(data).toEqual({ echo: 'hi' });
    expect(GRAPHQL_PATH).toBe('/api/graphql');
    expect(DEFAULT_CREDENTIALS).toBe('same-origin');
    const [request] = server.requests;
    expect(request!.path).toBe('/forge/api/graphql');
    expect(request!.headers['x-csrf-token']).toBe('csrf-1');
    expect(request!.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request!.headers['x-gitlab-version']).toBe('18.6.0');
    expect(request!.headers['x-gitlab-feature-category']).toBe('team_planning');
    expect(request!.body).toEqual({ operationName: 'Echo', variables: { text: 'hi' }, query: print(ECHO) });
    expect(inits[0]!.credentials).toBe('same-origin');
  });

  it("runs the caller's links before the transport, and passes Apollo options through", async () => {
    const tagLink = new ApolloLink((operation, forward) => {
      operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
        headers: { ...headers, 'x-captcha-response': 'solved' },
      }));
      return forward(operation);
    });
    const client = clientFor({
      links: [tagLink],
      clientOptions: { defaultOptions: { query: { fetchPolicy: fetchPolicies.NO_CACHE } } },
    });
    await client.query({ query: COUNTER });
    await client.query({ query: COUNTER });

    expect(server.requests.map((request) => request.headers['x-captcha-response'])).toEqual(['solved', 'solved']);
    expect(server.requests[0]!.headers['x-csrf-token']).toBe('csrf-1');
    expect(client.readQuery({ query: COUNTER })).toBeNull();
  });

  it('drops variables the operation does not use', async () => {
    const client = clientFor();
    await client.query({ query: ECHO, variables: { text: 'a', unused: 1 } as { text: string } });
    expect((server.requests[0]!.body as { variables: unknown }).variables).toEqual({ text: 'a' });
  });

  it('sends each operation without a batch key in its own POST', async () => {
    const client = clientFor();
    await Promise.all([echo(client, 'a'), echo(client, 'b'), echo(client, 'c')]);
    expect(graphqlPosts()).toHaveLength(3);
    expect(graphqlPosts().every((request) => !Array.isArray(request.body))).toBe(true);
  });
});

describe('batching (operations whose context has a batchKey)', () => {
  it('groups operations started together into one POST with an array payload', async () => {
    const client = clientFor();
    const results = await Promise.all(['a', 'b', 'c'].map((text) => echo(client, text, { batchKey: 'widgets' })));

    expect(results.map(({ data }) => data?.echo)).toEqual(['a', 'b', 'c']);
    expect(graphqlPosts()).toHaveLength(1);
    const body = graphqlPosts()[0]!.body as Array<{ operationName: string; variables: unknown }>;
    expect(body.map(({ variables }) => variables)).toEqual([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
  });

  it('puts at most 10 operations in one POST', async () => {
    expect(GRAPHQL_BATCH_MAX).toBe(10);
    const client = clientFor();
    const texts = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const results = await Promise.all(texts.map((text) => echo(client, text, { batchKey: 'many' })));

    expect(results.map(({ data }) => data?.echo)).toEqual(texts);
    expect(graphqlPosts().map(({ body }) => (body as unknown[]).length)).toEqual([10, 2]);
  });

  it('sends operations further apart than the 10 ms interval in separate POSTs', async () => {
    expect(GRAPHQL_BATCH_INTERVAL_MS).toBe(10);
    const client = clientFor();
    const first = echo(client, 'early', { batchKey: 'apart' });
    await vi.waitFor(() => expect(graphqlPosts()).toHaveLength(1));
    await echo(client, 'late', { batchKey: 'apart' });
    await first;
    expect(graphqlPosts().map(({ body }) => (body as unknown[]).length)).toEqual([1, 1]);
  });

  it('keeps different batch keys in different POSTs', async () => {
    const client = clientFor();
    await Promise.all([echo(client, 'a', { batchKey: 'one' }), echo(client, 'b', { batchKey: 'two' })]);
    expect(graphqlPosts()).toHaveLength(2);
  });

  it('fails every request of a batch whose result array has another length', async () => {
    server.respondWith = () => ({ status: 200, body: JSON.stringify([{ data: { echo: 'a' } }]) });
    const client = clientFor();
    const outcomes = await Promise.allSettled(['a', 'b'].map((text) => echo(client, text, { batchKey: 'short' })));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    for (const outcome of outcomes) {
      expect((outcome as PromiseRejectedResult).reason.message).toBe(
        'server returned results with length 1, expected length of 2',
      );
    }
  });
});

describe('file uploads', () => {
  it('sends a GraphQL multipart request when the variables hold a file', async () => {
    const client = clientFor();
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const { data } = await client.mutate({ mutation: UPLOAD, variables: { file, note: 'n' } });

    expect(data).toEqual({ upload: { __typename: 'UploadedFile', name: 'notes.txt', size: 5, text: 'hello' } });
    const [request] = server.requests;
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.headers['x-csrf-token']).toBe('csrf-1');
    expect(request!.path).toBe('/forge/api/graphql');
    expect(request!.multipart).toEqual({
      operations: {
        operationName: 'Upload',
        query: expect.stringContaining('mutation Upload('),
        variables: { file: null, note: 'n' },
      },
      map: { 1: ['variables.file'] },
      fileNames: ['notes.txt'],
    });
  });
});

describe('errors (spec section 8)', () => {
  const rejection = async (client: ApolloClient, text = 'x') => {
    const outcome = await Promise.allSettled([echo(client, text)]);
    expect(outcome[0]!.status).toBe('rejected');
    return (outcome[0] as PromiseRejectedResult).reason as GraphqlServerError & ServerParseError;
  };

  it('names the texts once', () => {
    expect(GRAPHQL_ERROR_MESSAGES).toEqual({
      notSuccessful: 'Response not successful: Received status code %{code}',
      missing: "Server response was missing for query '%{name}'",
    });
  });

  it.each([300, 500])('a %i status is a ServerError with the status code and the parsed result', async (status) => {
    expect(GRAPHQL_ERROR_STATUS).toBe(300);
    const body = { errors: [{ message: 'Internal server error' }], data: { echo: 'x' } };
    server.respondWith = () => ({ status, body: JSON.stringify(body) });
    const error = await rejection(clientFor());

    expect(ServerError.is(error)).toBe(true);
    expect(error.name).toBe('ServerError');
    expect(error.message).toBe(`Response not successful: Received status code ${status}`);
    expect(error.statusCode).toBe(status);
    expect(error.result).toEqual(body);
  });

  it('a 299 status is a reply', async () => {
    server.respondWith = () => ({ status: 299, body: JSON.stringify({ data: { echo: 'fine' } }) });
    expect((await echo(clientFor(), 'x')).data).toEqual({ echo: 'fine' });
  });

  it('also for a graphql-response+json reply, which Apollo 4 alone would let through', async () => {
    const body = { errors: [{ message: 'Invalid token' }] };
    server.respondWith = () => ({
      status: 401,
      body: JSON.stringify(body),
      contentType: 'application/graphql-response+json',
    });
    const error = await rejection(clientFor());

    expect(error.message).toBe('Response not successful: Received status code 401');
    expect(error.statusCode).toBe(401);
    expect(error.result).toEqual(body);
  });

  it('a reply with neither data nor errors is a ServerError naming the query', async () => {
    server.respondWith = () => ({ status: 200, body: '{"extensions":{}}' });
    const error = await rejection(clientFor());

    expect(ServerError.is(error)).toBe(true);
    expect(error.message).toBe("Server response was missing for query 'Echo'");
    expect(error.statusCode).toBe(200);
    expect(error.result).toEqual({ extensions: {} });
  });

  it('a batched item with neither data nor errors fails that operation only', async () => {
    server.respondWith = () => ({ status: 200, body: JSON.stringify([{ data: { echo: 'a' } }, {}]) });
    const client = clientFor();
    const [first, second] = await Promise.allSettled(['a', 'b'].map((text) => echo(client, text, { batchKey: 'k' })));

    expect(first).toMatchObject({ status: 'fulfilled', value: { data: { echo: 'a' } } });
    expect((second as PromiseRejectedResult).reason.message).toBe("Server response was missing for query 'Echo'");
  });

  it.each([
    [200, 'Not JSON at all'],
    [502, '<html><body>Bad gateway</body></html>'],
  ])('a %i reply that is not JSON is a parse error with the status and body text', async (status, text) => {
    server.respondWith = () => ({ status, body: text, contentType: 'text/html' });
    const error = await rejection(clientFor());

    expect(ServerParseError.is(error)).toBe(true);
    expect(error.name).toBe('ServerParseError');
    expect(error.statusCode).toBe(status);
    expect(error.bodyText).toBe(text);
  });

  it('GraphQL errors in a 200 reply stay GraphQL errors', async () => {
    server.respondWith = () => ({
      status: 200,
      body: JSON.stringify({ errors: [{ message: 'No access' }], data: null }),
    });
    const error = await rejection(clientFor());
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    expect(error.message).toBe('No access');
  });

  it('reports failures to onError, but not aborted requests', async () => {
    const onError = vi.fn();
    const client = clientFor({ onError });
    const controller = new AbortController();
    const aborted = client.query({ query: HELD, context: { fetchOptions: { signal: controller.signal } } });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(onError).not.toHaveBeenCalled();

    server.respondWith = () => ({ status: 500, body: '{}' });
    await expect(echo(client, 'x')).rejects.toThrow('Response not successful: Received status code 500');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].statusCode).toBe(500);
  });

  it('leaves a request that fails while offline unresolved and unreported', async () => {
    const onError = vi.fn();
    const closed = await startGraphqlServer();
    await closed.close();
    const client = createApolloClient({ baseUrl: closed.origin, onError });

    // Online, the failure reaches the caller and the reporter.
    await expect(echo(client, 'online')).rejects.toThrow(TypeError);
    expect(onError).toHaveBeenCalledTimes(1);

    vi.stubGlobal('navigator', { onLine: false });
    const settled = vi.fn();
    echo(client, 'offline').then(settled, settled);
    await vi.waitFor(() => expect(getPendingApiRequests()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, GRAPHQL_BATCH_INTERVAL_MS * 5));
    expect(settled).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('fetch policies (spec section 4)', () => {
  it('names the five policies', () => {
    expect(fetchPolicies).toEqual({
      CACHE_FIRST: 'cache-first',
      CACHE_AND_NETWORK: 'cache-and-network',
      NETWORK_ONLY: 'network-only',
      NO_CACHE: 'no-cache',
      CACHE_ONLY: 'cache-only',
    });
  });

  it('cache-first (the default) asks the network once', async () => {
    const client = clientFor();
    expect((await client.query({ query: COUNTER })).data).toEqual({ counter: 1 });
    expect((await client.query({ query: COUNTER, fetchPolicy: fetchPolicies.CACHE_FIRST })).data).toEqual({
      counter: 1,
    });
    expect(server.counterCalls).toBe(1);
  });

  it('network-only asks every time and updates the cache', async () => {
    const client = clientFor();
    await client.query({ query: COUNTER, fetchPolicy: fetchPolicies.NETWORK_ONLY });
    await client.query({ query: COUNTER, fetchPolicy: fetchPolicies.NETWORK_ONLY });
    expect(server.counterCalls).toBe(2);
    expect(client.readQuery({ query: COUNTER })).toEqual({ counter: 2 });
  });

  it('no-cache asks the network and leaves the cache alone', async () => {
    const client = clientFor();
    expect((await client.query({ query: COUNTER, fetchPolicy: fetchPolicies.NO_CACHE })).data).toEqual({ counter: 1 });
    expect(client.readQuery({ query: COUNTER })).toBeNull();
  });

  it('cache-only never asks the network', async () => {
    const client = clientFor();
    expect((await client.query({ query: COUNTER, fetchPolicy: fetchPolicies.CACHE_ONLY })).data).toBeUndefined();
    client.writeQuery({ query: COUNTER, data: { counter: 41 } });
    expect((await client.query({ query: COUNTER, fetchPolicy: fetchPolicies.CACHE_ONLY })).data).toEqual({
      counter: 41,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('cache-and-network answers from the cache, then from the network', async () => {
    const client = clientFor();
    client.writeQuery({ query: COUNTER, data: { counter: 41 } });
    const seen: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      const subscription = client
        .watchQuery({ query: COUNTER, fetchPolicy: fetchPolicies.CACHE_AND_NETWORK })
        .subscribe({
          next: ({ data }) => {
            if (data) seen.push(data.counter);
            if (data?.counter === 1) {
              subscription.unsubscribe();
              resolve();
            }
          },
          error: reject,
        });
    });
    expect(seen).toEqual([41, 1]);
  });
});

describe('startup calls (spec sections 7 and 8)', () => {
  const STARTUP_HEADER = 'x-startup-call';
  const startupCall = (variables: Record<string, unknown>): StartupGraphqlCall => ({
    query: print(ECHO),
    variables,
    fetchCall: fetch(`${server.origin}/forge/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [STARTUP_HEADER]: '1' },
      body: JSON.stringify({ query: print(ECHO), variables, operationName: 'Echo' }),
    }),
  });
  const networkRequests = () => server.requests.filter((request) => !request.headers[STARTUP_HEADER]);

  it('answers the first matching query from the prefetched response', async () => {
    configurePage({ startupGraphqlCalls: [startupCall({ text: 'early' })] });
    const client = clientFor();
    const warn = vi.spyOn(console, 'warn');

    expect((await echo(client, 'early')).data).toEqual({ echo: 'early' });
    expect(networkRequests()).toHaveLength(0);
    // Used once: the next one goes to the network.
    expect((await echo(client, 'early')).data).toEqual({ echo: 'early' });
    expect(networkRequests()).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('matches variables whatever their key order, and ignores undefined ones', async () => {
    const query = gql`
      query Pair($a: String!, $b: String!) {
        first: echo(text: $a)
        second: echo(text: $b)
      }
    `;
    const variables = { a: '1', b: '2' };
    configurePage({
      startupGraphqlCalls: [
        {
          query: print(query),
          variables,
          fetchCall: fetch(`${server.origin}/forge/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [STARTUP_HEADER]: '1' },
            body: JSON.stringify({ query: print(query), variables, operationName: 'Pair' }),
          }),
        },
      ],
    });
    const { data } = await clientFor().query({
      query,
      variables: { b: '2', a: '1', c: undefined } as typeof variables,
    });
    expect(data).toEqual({ first: '1', second: '2' });
    expect(networkRequests()).toHaveLength(0);
  });

  it('sends the query to the network when the variables differ', async () => {
    configurePage({ startupGraphqlCalls: [startupCall({ text: 'early' })] });
    expect((await echo(clientFor(), 'other')).data).toEqual({ echo: 'other' });
    expect(networkRequests()).toHaveLength(1);
  });

  it.each([
    ['is not ok', { status: 500, body: '{"errors":[{"message":"boom"}]}' }],
    ['has errors', { status: 200, body: '{"errors":[{"message":"boom"}],"data":{"echo":"x"}}' }],
    ['has no data', { status: 200, body: '{"data":null}' }],
  ])('warns and goes to the network when the startup call %s', async (_, reply) => {
    server.respondWith = (request) => (request.headers[STARTUP_HEADER] ? reply : undefined);
    configurePage({ startupGraphqlCalls: [startupCall({ text: 'early' })] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect((await echo(clientFor(), 'early')).data).toEqual({ echo: 'early' });
    expect(networkRequests()).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]!.slice(0, 2)).toEqual([
      'GraphQL startup call failed, sending the query to the network:',
      'Echo',
    ]);
    expect(STARTUP_CALL_FAILED_WARNING).toBe(warn.mock.calls[0]![0]);
  });
});

describe('pending API requests (spec section 4)', () => {
  it('counts in-flight queries plus mutations, a deduplicated query once', async () => {
    const client = clientFor();
    expect(getPendingApiRequests()).toBe(0);
    const query = client.query({ query: HELD });
    const duplicate = client.query({ query: HELD });
    const mutation = client.mutate({ mutation: HOLD });
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    expect(getPendingApiRequests()).toBe(2);

    server.release('go');
    await Promise.all([query, duplicate, mutation]);
    expect(getPendingApiRequests()).toBe(0);
  });

  it('stops counting a request that failed', async () => {
    server.respondWith = () => ({ status: 500, body: '{}' });
    await expect(echo(clientFor(), 'x')).rejects.toThrow(ServerError);
    expect(getPendingApiRequests()).toBe(0);
  });
});

describe('subscriptions', () => {
  it('go to the given subscription link; queries still go over HTTP', async () => {
    const subscriptionLink = new ApolloLink(() => of({ data: { aiCompletionResponse: { content: 'Hello' } } }));
    const client = clientFor({ subscriptionLink });
    const subscription = gql`
      subscription AiCompletion {
        aiCompletionResponse {
          content
        }
      }
    `;

    const event = await firstValueFrom(client.subscribe({ query: subscription }));
    expect(event.data).toEqual({ aiCompletionResponse: { content: 'Hello' } });
    expect(server.requests).toHaveLength(0);
    expect((await echo(client, 'q')).data).toEqual({ echo: 'q' });
    expect(server.requests).toHaveLength(1);
  });
});
