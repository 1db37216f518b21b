/**
 * GraphQL from the product's pages, through `forgekit/client`'s REST client (so the same loader
 * runs in-process on the server and over the network in the browser): queries as GETs (GitLab's
 * GraphQL accepts them; no CSRF token needed on the server), mutations as POSTs with the page's
 * CSRF token. GraphQL errors and a mutation payload's `errors` become thrown errors.
 */
import { restClient, type RestClient } from 'forgekit/client';

/** GitLab's GraphQL endpoint, below the relative root (the client adds the root). */
export const GRAPHQL_PATH = '/api/graphql';

interface GraphqlResponse<T> {
  data?: T | null;
  errors?: readonly { message: string }[];
}

/** A GraphQL answer with `errors` (the first message is the error's). */
export class GraphqlError extends Error {
  override name = 'GraphqlError';
}

function dataOf<T>(response: GraphqlResponse<T>): T {
  if (response.errors?.length) throw new GraphqlError(response.errors[0]!.message);
  if (!response.data) throw new GraphqlError('Server response was missing data');
  return response.data;
}

/** Runs a query as a GET. */
export async function graphqlQuery<T>(
  client: RestClient,
  query: string,
  variables: Readonly<Record<string, unknown>> = {},
): Promise<T> {
  const response = await client.get<GraphqlResponse<T>>(GRAPHQL_PATH, {
    params: { query, variables: JSON.stringify(variables) },
  });
  return dataOf(response.data);
}

/**
 * Runs a mutation from the browser and returns its payload (the one root field's value); a payload
 * with `errors` (GitLab's refusals, e.g. a stale lock version) throws the first of them.
 */
export async function graphqlMutate<T extends { errors?: readonly string[] }>(
  mutation: string,
  variables: Readonly<Record<string, unknown>>,
): Promise<T> {
  const response = await restClient.post<GraphqlResponse<Record<string, T>>>(GRAPHQL_PATH, {
    query: mutation,
    variables,
  });
  const payload = Object.values(dataOf(response.data))[0];
  if (!payload) throw new GraphqlError('Server response was missing data');
  if (payload.errors?.length) throw new GraphqlError(payload.errors[0]!);
  return payload;
}
