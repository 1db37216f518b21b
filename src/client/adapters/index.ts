// forgekit/client, adapters part: the default data adapters of the components, for `DataProvider`.
export { createDefaultAdapters, type DefaultAdapters, type DefaultAdaptersOptions } from './createDefaultAdapters';
export { createCustomEmojiFetcher, type ApolloClientSource } from './customEmoji';
export { UNRESOLVABLE_REFERENCE_MESSAGE } from './references';
export {
  USER_PROJECTS_FETCH_ERROR,
  addMembers,
  findUserId,
  searchInvitableUsers,
  userNotFoundMessage,
  userNotUniqueMessage,
  type MemberSource,
} from './users';
