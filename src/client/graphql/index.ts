// forgekit/client, GraphQL part: the product's Apollo Client 4 (Apollo loads only through this entry).
export * from './constants';
export {
  createApolloCache,
  createApolloClient,
  graphqlUri,
  type CreateApolloClientOptions,
} from './createApolloClient';
export {
  createApolloClientWithCaching,
  openPersistedCacheStorage,
  type CreateApolloClientWithCachingOptions,
} from './persistedCache';
export { getPendingApiRequests, subscribePendingApiRequests, usePendingApiRequests } from './pendingRequests';
export { productFragmentMap, toPossibleTypes, type FragmentMap, type IntrospectionFragmentMap } from './possibleTypes';
export { missingResponseMessage, notSuccessfulMessage, type GraphqlServerError } from './responseCheck';
