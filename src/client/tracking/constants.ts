/** Texts, limits and names of the tracking part (spec sections 4, 5, 8 and 9). */
import { DAY_IN_MS } from '../../utils/date';

/** Thrown by `track` without a category (spec section 8). */
export const NO_CATEGORY_MESSAGE = 'Tracking: no category provided for tracking.';
/** Start of the error `trackDefinition` throws for an unknown key (spec section 8). */
export const MISSING_DEFINITION_MESSAGE = 'Missing Snowplow event definition';
/** Thrown by `enableFormTracking` without allow rules (spec section 8). */
export const FORM_TRACKING_ALLOW_RULES_MESSAGE = 'Unable to enable form event tracking without allow rules.';

/**
 * The most events kept in localStorage while they cannot be sent (spec section 9: analytics
 * local storage queue size 100): the internal-event queue and the Snowplow tracker's own queue.
 */
export const ANALYTICS_QUEUE_SIZE = 100;

/** The only URL fragments kept in pseudonymised page URLs (spec section 5). */
export const ALLOWED_URL_HASHES = ['#diff', '#note'] as const;

/** localStorage key of the pseudonymised URLs of recent pages, to replace referrers (GitLab's name). */
export const REFERRERS_CACHE_KEY = 'gl-snowplow-pseudonymized-urls';
/** How long a page's pseudonymised URL can stand in for it as a referrer, in ms (one day). */
export const REFERRER_TTL = DAY_IN_MS;

/** localStorage key of the internal events and counters waiting to be sent. */
export const EVENT_QUEUE_KEY = 'forgekit-tracking-queue';

/** `source` in the standard context: GitLab's collector pipeline keys on it. */
export const SNOWPLOW_JS_SOURCE = 'gitlab-javascript';
/** Context schema attached to an internal event's Snowplow event. */
export const SERVICE_PING_SCHEMA = 'iglu:com.gitlab/gitlab_service_ping/jsonschema/1-0-1';
/** `data_source` in that context: internal events are counted in Redis HyperLogLogs. */
export const SERVICE_PING_DATA_SOURCE = 'redis_hll';
/** Context schema of an experiment's data (`addExperimentContext`). */
export const EXPERIMENT_CONTEXT_SCHEMA = 'iglu:com.gitlab/gitlab_experiment/jsonschema/1-0-0';
/** Cookie whose value goes into the standard context's `google_analytics_id`. */
export const GOOGLE_ANALYTICS_ID_COOKIE = '_ga';

/** The allowed types of an internal event's base additional properties. */
export const BASE_ADDITIONAL_PROPERTIES = {
  label: 'string',
  property: 'string',
  value: 'number',
} as const;
