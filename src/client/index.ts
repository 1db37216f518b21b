// forgekit/client: the data layer. The page configuration, REST (fetch), GraphQL (Apollo Client),
// realtime (ActionCable), tracking, and the default adapters of the data-bound components.
export * from './config';
export { REQUEST_HEADERS, XML_HTTP_REQUEST, DEFAULT_CREDENTIALS, productRequestHeaders } from './transport';
export * from './rest';
export * from './graphql';
export * from './realtime';
export * from './tracking';
export * from './adapters';
export * from './poll';
