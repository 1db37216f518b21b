/**
 * A group's custom emoji (spec sections 3 and 7): GraphQL query getCustomEmoji(groupPath, after),
 * ancestor groups included, paged until there is no next page.
 */
import { restClient } from '../client/rest/request';
import { CUSTOM_EMOJI_CATEGORY } from './constants';
import type { EmojiInfo } from './types';

/** Operation name of the custom emoji query. */
export const CUSTOM_EMOJI_OPERATION = 'getCustomEmoji';

/** The custom emoji query (spec section 7). */
export const CUSTOM_EMOJI_QUERY = `query ${CUSTOM_EMOJI_OPERATION}($groupPath: ID!, $after: String = "") {
  group(fullPath: $groupPath) {
    id
    customEmoji(includeAncestorGroups: true, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        name
        url
      }
    }
  }
}`;

export interface CustomEmojiVariables {
  groupPath: string;
  /** Cursor of the page to read; '' for the first page. */
  after: string;
}

/** The `data` of a getCustomEmoji reply. */
export interface CustomEmojiQueryData {
  group: {
    id: string;
    customEmoji: {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: { id: string; name: string; url: string }[];
    } | null;
  } | null;
}

/** Runs a GraphQL query and resolves with its `data`. */
export type CustomEmojiFetcher = (query: string, variables: CustomEmojiVariables) => Promise<CustomEmojiQueryData>;

/**
 * The default fetcher: POST `{relativeRoot}/api/graphql` with operationName, variables and query,
 * through the product's REST client (CSRF token, X-Requested-With, same-origin credentials).
 */
export function graphqlCustomEmojiFetcher(relativeRoot = ''): CustomEmojiFetcher {
  return async (query, variables) => {
    const { data: reply } = await restClient.post<{ data?: CustomEmojiQueryData | null } | null>(
      `${relativeRoot}/api/graphql`,
      { operationName: CUSTOM_EMOJI_OPERATION, variables, query },
    );
    // Spec section 8: a reply with neither data nor errors (or errors only) is an error.
    if (!reply?.data) throw new Error(`Server response was missing for query '${CUSTOM_EMOJI_OPERATION}'`);
    return reply.data;
  };
}

/** A custom emoji as an emoji record: category and unicode version 'custom', `src` from `url`. */
export function customEmojiInfo(node: { name: string; url: string }): EmojiInfo {
  return {
    name: node.name,
    n: node.name,
    d: node.name,
    c: CUSTOM_EMOJI_CATEGORY,
    u: CUSTOM_EMOJI_CATEGORY,
    src: node.url,
  };
}

/** Every custom emoji of `groupPath` and its ancestors, reading page after page. */
export async function loadCustomEmoji(groupPath: string, fetcher: CustomEmojiFetcher): Promise<EmojiInfo[]> {
  const emoji: EmojiInfo[] = [];
  let after = '';
  for (;;) {
    const data = await fetcher(CUSTOM_EMOJI_QUERY, { groupPath, after });
    const connection = data?.group?.customEmoji;
    connection?.nodes?.forEach((node) => emoji.push(customEmojiInfo(node)));
    const { hasNextPage = false, endCursor = null } = connection?.pageInfo ?? {};
    // A next page without a cursor could only repeat this one.
    if (!hasNextPage || !endCursor || endCursor === after) return emoji;
    after = endCursor;
  }
}
