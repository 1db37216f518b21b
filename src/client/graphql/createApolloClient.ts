/**
 * The product's Apollo Client (GitLab's `createDefaultClient` from `~/lib/graphql`, on Apollo Client 4).
 *
 * Link chain, outermost first:
 *   subscriptions ─▶ `subscriptionLink` (ActionCable, from the realtime part), when given;
 *   everything else ─▶ error reporting ─▶ pending count ─▶ caller's `links` ─▶ startup calls
 *     ─▶ spec error texts ─▶ multipart upload (variables hold files)
 *                         ─▶ BatchHttpLink (context has a `batchKey`)
 *                         ─▶ HttpLink.
 */
import { ApolloClient, InMemoryCache, type ErrorLike } from '@apollo/client';
import type { InMemoryCacheConfig } from '@apollo/client/cache';
import { CombinedGraphQLErrors, CombinedProtocolErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { ApolloLink } from '@apollo/client/link';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { ErrorLink } from '@apollo/client/link/error';
import { HttpLink } from '@apollo/client/link/http';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import isExtractableFile from 'apollo-upload-client/isExtractableFile.mjs';
import { OperationTypeNode } from 'graphql';
import { NEVER } from 'rxjs';
import { getPageConfig, type PageConfig } from '../config';
import {
  DEFAULT_CREDENTIALS,
  isBrowserOffline,
  isLeavingPage,
  productRequestHeaders,
  watchPageExit,
} from '../transport';
import { GRAPHQL_BATCH_INTERVAL_MS, GRAPHQL_BATCH_MAX, GRAPHQL_PATH, typePolicies } from './constants';
import { createPendingRequestsLink, exposePendingApiRequests } from './pendingRequests';
import { productFragmentMap, toPossibleTypes } from './possibleTypes';
import { createResponseCheckLink } from './responseCheck';
import { createStartupLink } from './startupLink';

/** Options of {@link createApolloClient}. */
export interface CreateApolloClientOptions {
  /** The endpoint's path under the relative root. @default '/api/graphql' */
  path?: string;
  /** An origin put before `{relativeUrlRoot}{path}` (server rendering, tests: `http://127.0.0.1:3000`). */
  baseUrl?: string;
  /** Extra headers for every request (after the CSRF, version and feature category headers). */
  headers?: Record<string, string>;
  /** @default 'same-origin' */
  credentials?: RequestCredentials;
  /** The fetch to use. @default globalThis.fetch at request time */
  fetch?: typeof globalThis.fetch;
  /** Cache configuration; its `typePolicies` and `possibleTypes` are merged over the product's. */
  cacheConfig?: InMemoryCacheConfig;
  /** The terminating link for subscriptions (the realtime part's ActionCable link). */
  subscriptionLink?: ApolloLink;
  /** Non-terminating links run before the startup calls and the transport (a captcha link, say). */
  links?: readonly ApolloLink[];
  /**
   * Reports a failed operation (to error tracking, say). Not called for aborted requests, nor for
   * network failures while offline or leaving the page (those stay pending, spec sections 4 and 8).
   */
  onError?: (error: ErrorLike, operation: ApolloLink.Operation) => void;
  /** Any other Apollo Client option (`defaultOptions`, `localState`, `devtools`, ...). */
  clientOptions?: Omit<ApolloClient.Options, 'link' | 'cache'>;
  /** The page configuration to read the root, CSRF token and startup calls from. @default getPageConfig() */
  pageConfig?: PageConfig;
}

/** The endpoint URL: `{baseUrl}{relativeUrlRoot}{path}`. */
export function graphqlUri(
  options: Pick<CreateApolloClientOptions, 'baseUrl' | 'path'> = {},
  config: PageConfig = getPageConfig(),
): string {
  return `${options.baseUrl ?? ''}${config.relativeUrlRoot}${options.path ?? GRAPHQL_PATH}`;
}

function requestHeaders(config: PageConfig, extra: Record<string, string> | undefined): Record<string, string> {
  return { ...productRequestHeaders(config), ...extra };
}

function containsFiles(value: unknown): boolean {
  if (isExtractableFile(value)) return true;
  if (Array.isArray(value)) return value.some(containsFiles);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).some(containsFiles);
  }
  return false;
}

function isTransportFailure(error: ErrorLike): boolean {
  return ![CombinedGraphQLErrors, CombinedProtocolErrors, ServerError, ServerParseError].some((type) => type.is(error));
}

function createErrorLink(report: CreateApolloClientOptions['onError']): ApolloLink {
  watchPageExit();
  return new ErrorLink(({ error, operation }) => {
    // Offline or leaving the page: the failure is not the operation's; leave it unresolved.
    if (isTransportFailure(error) && (isBrowserOffline() || isLeavingPage())) return NEVER;
    if (error.name !== 'AbortError') report?.(error, operation);
  });
}

/** The product's cache: spec section 3's type policies and the fragment map, merged with `config`. */
export function createApolloCache(config: InMemoryCacheConfig = {}): InMemoryCache {
  return new InMemoryCache({
    ...config,
    typePolicies: { ...typePolicies, ...config.typePolicies },
    possibleTypes: { ...toPossibleTypes(productFragmentMap), ...config.possibleTypes },
  });
}

/**
 * The product's GraphQL client: `POST {root}/api/graphql` with same-origin credentials and the CSRF
 * header; unused variables dropped; operations whose context has a `batchKey` batched (10 ms, at most
 * 10 per POST); multipart uploads when the variables hold files; the page's startup calls answered
 * from their prefetched responses; spec section 8's error texts; a live pending-request count (also as
 * `window.pendingApolloRequests`, as GitLab's end-to-end helpers expect).
 */
export function createApolloClient(options: CreateApolloClientOptions = {}): ApolloClient {
  exposePendingApiRequests();
  const config = options.pageConfig ?? getPageConfig();
  const http = {
    uri: graphqlUri(options, config),
    credentials: options.credentials ?? DEFAULT_CREDENTIALS,
    headers: requestHeaders(config, options.headers),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };

  const transport = ApolloLink.split(
    (operation) => containsFiles(operation.variables),
    new UploadHttpLink(http),
    ApolloLink.split(
      (operation) => operation.getContext().batchKey !== undefined,
      new BatchHttpLink({
        ...http,
        batchInterval: GRAPHQL_BATCH_INTERVAL_MS,
        batchMax: GRAPHQL_BATCH_MAX,
        batchKey: (operation) => String(operation.getContext().batchKey),
      }),
      new HttpLink(http),
    ),
  );

  const requests = ApolloLink.from([
    createErrorLink(options.onError),
    createPendingRequestsLink(),
    ...(options.links ?? []),
    createStartupLink(config.startupGraphqlCalls),
    createResponseCheckLink(),
    transport,
  ]);

  const link = options.subscriptionLink
    ? ApolloLink.split(
        (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
        options.subscriptionLink,
        requests,
      )
    : requests;

  return new ApolloClient({
    // The body is operationName, variables and query (spec section 7), without Apollo's library extension.
    enhancedClientAwareness: { transport: false },
    ...options.clientOptions,
    link,
    cache: createApolloCache(options.cacheConfig),
  });
}
