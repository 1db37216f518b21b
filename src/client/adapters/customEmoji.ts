// Default custom emoji adapter: one page of the getCustomEmoji query through the product's Apollo
// Client (the emoji store reads page after page until there is no next page). Apollo and graphql
// load with `import()` on the first call, so a page without a group's emoji never loads them.
import type { ApolloClient } from '@apollo/client';
import type { DocumentNode } from 'graphql';
import type { CustomEmojiFetcher, CustomEmojiQueryData } from '../../emoji/customEmoji';

/** Where the Apollo Client comes from: given, or created with `createApolloClient()` on first use. */
export type ApolloClientSource = ApolloClient | (() => ApolloClient | Promise<ApolloClient>) | undefined;

async function resolveClient(source: ApolloClientSource): Promise<ApolloClient> {
  if (typeof source === 'function') return source();
  if (source) return source;
  const { createApolloClient } = await import('../graphql/createApolloClient');
  return createApolloClient();
}

/**
 * A `CustomEmojiFetcher` running the query through Apollo (`network-only`: a page's emoji load once
 * per page anyway, and each cursor is its own request). The client is resolved once.
 */
export function createCustomEmojiFetcher(source: ApolloClientSource): CustomEmojiFetcher {
  let client: Promise<ApolloClient> | undefined;
  const documents = new Map<string, DocumentNode>();
  return async (query, variables) => {
    client ??= resolveClient(source).catch((error: unknown) => {
      client = undefined; // the next call tries again
      throw error;
    });
    const { parse } = await import('graphql');
    let document = documents.get(query);
    if (!document) documents.set(query, (document = parse(query)));
    const { data } = await (
      await client
    ).query<CustomEmojiQueryData>({
      query: document,
      variables: { ...variables },
      fetchPolicy: 'network-only',
    });
    return data as CustomEmojiQueryData;
  };
}
