/**
 * The GraphQL client's numbers, texts and cache rules (spec sections 3, 4, 7, 8 and 9), each named
 * once. Plain data: importing this module loads no Apollo code.
 */
import type { TypePolicies } from '@apollo/client/cache';

/** The product's GraphQL endpoint under the relative root (spec section 7). */
export const GRAPHQL_PATH = '/api/graphql';

/** How long batched operations wait for company before one POST leaves (spec section 9). */
export const GRAPHQL_BATCH_INTERVAL_MS = 10;

/** At most this many operations in one batched POST (spec section 9). */
export const GRAPHQL_BATCH_MAX = 10;

/** The persisted cache's size limit in characters of serialized cache (spec section 9: 1 MB). */
export const PERSISTED_CACHE_MAX_SIZE = 1_048_576;

/** Cache writes are persisted at most once per this many milliseconds (spec section 9). */
export const PERSISTED_CACHE_DEBOUNCE_MS = 1000;

/** The IndexedDB database and object store holding persisted caches, one entry per cache key. */
export const PERSISTED_CACHE_DB_NAME = 'forgekit-apollo';
/** @see PERSISTED_CACHE_DB_NAME */
export const PERSISTED_CACHE_STORE_NAME = 'cache';

/** The fetch policies of spec section 4, by GitLab's names (`~/lib/graphql` `fetchPolicies`). */
export const fetchPolicies = {
  CACHE_FIRST: 'cache-first',
  CACHE_AND_NETWORK: 'cache-and-network',
  NETWORK_ONLY: 'network-only',
  NO_CACHE: 'no-cache',
  CACHE_ONLY: 'cache-only',
} as const;

/** Replies with this HTTP status or more are errors, whatever their body (spec section 8). */
export const GRAPHQL_ERROR_STATUS = 300;

/**
 * The error texts of spec section 8. `%{code}` is the HTTP status, `%{name}` the operation name.
 * Parse errors keep the JSON parser's own message (and carry the status and body text).
 */
export const GRAPHQL_ERROR_MESSAGES = {
  notSuccessful: 'Response not successful: Received status code %{code}',
  missing: "Server response was missing for query '%{name}'",
} as const;

/** Logged (with the operation name and the reason) when a startup call cannot answer its query. */
export const STARTUP_CALL_FAILED_WARNING = 'GraphQL startup call failed, sending the query to the network:';

/** Merged rather than replaced when a newer result arrives (spec section 3). */
export const MERGED_TYPES = [
  'Repository',
  'UserPermissions',
  'MergeRequestPermissions',
  'ContainerRepositoryConnection',
  'TimelogConnection',
  'BranchList',
  'InstanceSecurityDashboard',
  'PipelinePermissions',
  'DesignCollection',
  'Dora',
  'GroupValueStreamAnalyticsFlowMetrics',
  'ProjectValueStreamAnalyticsFlowMetrics',
  'ComplianceFrameworkConnection',
] as const;

/** The cache's type policies (spec section 3): identities, merged types and null-reading fields. */
export const typePolicies: TypePolicies = {
  ...Object.fromEntries(MERGED_TYPES.map((type) => [type, { merge: true }])),
  TreeEntry: { keyFields: ['webPath'] },
  ScanExecutionPolicy: { keyFields: ['name'] },
  ApprovalPolicy: { keyFields: ['name'] },
  Subscription: {
    fields: {
      // Read before its first event arrives: null, not a missing field.
      aiCompletionResponse: { read: (value: unknown) => value ?? null },
    },
  },
};
