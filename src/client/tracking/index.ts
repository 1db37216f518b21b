// forgekit/client tracking: structured events (Snowplow, loaded on demand), internal events and
// usage counters (the product's API, queued while offline), pseudonymised URLs, form tracking.
export {
  track,
  trackDefinition,
  registerEventDefinitions,
  addExperimentContext,
  isDoNotTrackOn,
  type TrackOptions,
  type EventDefinition,
} from './track';
export {
  trackInternalEvent,
  trackUsageCounter,
  trackUniqueUserEvent,
  validateAdditionalProperties,
  type AdditionalProperties,
} from './internalEvents';
export { enableFormTracking, SUBMIT_FORM_SCHEMA, CHANGE_FORM_SCHEMA } from './forms';
export { initTracking, resetTracking } from './init';
export { flushQueue as flushTrackingQueue } from './queue';
export {
  configureTracking,
  getTrackingSettings,
  type TrackingSettings,
  type SnowplowOptions,
  type FormTrackingConfig,
  type SelfDescribingJson,
} from './settings';
export { DEFAULT_SNOWPLOW_OPTIONS, getStandardContext } from './snowplow';
export {
  NO_CATEGORY_MESSAGE,
  MISSING_DEFINITION_MESSAGE,
  FORM_TRACKING_ALLOW_RULES_MESSAGE,
  ANALYTICS_QUEUE_SIZE,
  ALLOWED_URL_HASHES,
  REFERRERS_CACHE_KEY,
  REFERRER_TTL,
  EVENT_QUEUE_KEY,
  SERVICE_PING_SCHEMA,
  EXPERIMENT_CONTEXT_SCHEMA,
} from './constants';
