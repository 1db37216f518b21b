/**
 * Page start of tracking (GitLab's `initUserTracking` + `initDefaultTrackers`): sends what waited
 * in the queue and, on a page with a Snowplow collector, a page view (with pseudonymised URLs)
 * and form tracking when the options ask for it.
 */
import { enableFormTracking } from './forms';
import { flushQueue, flushWhenOnline } from './queue';
import { resetEventDefinitions, isDoNotTrackOn } from './track';
import { getTrackingSettings, resetTrackingSettings } from './settings';
import { getStandardContext, resetSnowplow, withSnowplow } from './snowplow';

/** Starts tracking on this page; call once after the page configuration is in place. */
export function initTracking(): void {
  if (typeof window === 'undefined' || isDoNotTrackOn()) return;
  flushWhenOnline();
  void flushQueue();
  const standard = getStandardContext();
  withSnowplow((snowplow, trackers) => snowplow.trackPageView({ context: standard ? [standard] : [] }, trackers));
  const options = getTrackingSettings().snowplowOptions;
  if (options?.formTracking) enableFormTracking(options.formTrackingConfig ?? { forms: { allow: [] } });
}

/**
 * Forgets the tracking settings, the registered definitions and the loaded tracker (tests, or a
 * client-side navigation to a page of another product).
 */
export function resetTracking(): void {
  resetTrackingSettings();
  resetEventDefinitions();
  resetSnowplow();
}
