/**
 * Internal events and usage counters (spec sections 4, 6 and 7): GitLab's `InternalEvents.trackEvent`
 * and `Api.trackRedisCounterEvent` / `trackRedisHllUserEvent` / `trackInternalEvent`. They go to the
 * product's own API (`usage_data`), only for a signed-in user and never under Do Not Track; while
 * the browser is offline they wait in localStorage.
 */
import { isSignedIn } from '../config';
import type { InternalEventInput } from '../rest/types';
import { BASE_ADDITIONAL_PROPERTIES, SERVICE_PING_DATA_SOURCE, SERVICE_PING_SCHEMA } from './constants';
import { sendOrQueue } from './queue';
import { getTrackingSettings } from './settings';
import { hasCollector } from './snowplow';
import { isDoNotTrackOn, track } from './track';

/** An internal event's additional properties: `label`, `property`, `value`, and custom keys. */
export interface AdditionalProperties {
  label?: string;
  property?: string;
  value?: number;
  [key: string]: string | number | boolean | undefined;
}

const mayReport = () => isSignedIn() && !isDoNotTrackOn();

/**
 * Throws when `label`, `property` or `value` has the wrong type:
 * 'value should be of type: number. Provided type is: string.'
 */
export function validateAdditionalProperties(properties: AdditionalProperties): void {
  for (const [key, type] of Object.entries(BASE_ADDITIONAL_PROPERTIES)) {
    const given = properties[key];
    if (given != null && typeof given !== type) {
      throw new Error(`${key} should be of type: ${type}. Provided type is: ${typeof given}.`);
    }
  }
}

/**
 * Tracks internal event `event`: POST `usage_data/track_event` with `event`, the page's
 * `project_id` and `namespace_id` (from the standard context) and `additional_properties`, plus a
 * Snowplow event (category `category`, else the page's; action `event`) with the service ping
 * context when the page has a collector. Returns `null` (and sends nothing to the API) without a
 * signed-in user or under Do Not Track; otherwise a promise that settles once the call is sent or
 * queued.
 */
export function trackInternalEvent(
  event: string,
  additionalProperties: AdditionalProperties = {},
  category?: string,
): Promise<void> | null {
  validateAdditionalProperties(additionalProperties);
  const sent = mayReport() ? sendOrQueue({ call: 'trackEvent', body: eventBody(event, additionalProperties) }) : null;
  if (hasCollector()) {
    track(category, event, {
      context: { schema: SERVICE_PING_SCHEMA, data: { event_name: event, data_source: SERVICE_PING_DATA_SOURCE } },
      ...additionalProperties,
    });
  }
  return sent;
}

function eventBody(event: string, additionalProperties: AdditionalProperties): InternalEventInput {
  const { project_id: projectId, namespace_id: namespaceId } = getTrackingSettings().standardContext?.data ?? {};
  const defined = Object.entries(additionalProperties).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  return {
    event,
    ...(typeof projectId === 'number' ? { project_id: projectId } : {}),
    ...(typeof namespaceId === 'number' ? { namespace_id: namespaceId } : {}),
    additional_properties: Object.fromEntries(defined),
  };
}

/**
 * Counts `event` once more: POST `usage_data/increment_counter`. `null` without a signed-in user
 * or under Do Not Track.
 */
export function trackUsageCounter(event: string): Promise<void> | null {
  return mayReport() ? sendOrQueue({ call: 'incrementCounter', body: { event } }) : null;
}

/**
 * Counts the signed-in user for `event` (unique users): POST `usage_data/increment_unique_users`.
 * `null` without a signed-in user or under Do Not Track.
 */
export function trackUniqueUserEvent(event: string): Promise<void> | null {
  return mayReport() ? sendOrQueue({ call: 'incrementUniqueUsers', body: { event } }) : null;
}
