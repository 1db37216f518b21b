/**
 * The Snowplow tracker, loaded on demand: `@snowplow/browser-tracker` is imported (dynamically)
 * the first time something is tracked on a page whose Snowplow options name a collector, and
 * never on other pages. Events tracked while it loads run, in order, once it is ready.
 */
import type * as SnowplowTracker from '@snowplow/browser-tracker';
import { getCookie } from '../../utils/storage';
import { ANALYTICS_QUEUE_SIZE, GOOGLE_ANALYTICS_ID_COOKIE, SNOWPLOW_JS_SOURCE } from './constants';
import { pseudonymizeCurrentPage } from './pseudonymize';
import { getTrackingSettings, type SelfDescribingJson, type SnowplowOptions } from './settings';

/** The loaded `@snowplow/browser-tracker` module. */
export type Snowplow = typeof SnowplowTracker;

/** Tracker options the page's own options are laid over (GitLab's defaults). */
export const DEFAULT_SNOWPLOW_OPTIONS = {
  namespace: 'gl',
  appId: '',
  respectDoNotTrack: true,
  eventMethod: 'post',
  contexts: { webPage: true },
  maxLocalStorageQueueSize: ANALYTICS_QUEUE_SIZE,
} as const satisfies SnowplowOptions;

interface LoadedTracker {
  snowplow: Snowplow;
  /** The tracker namespace: every call names it, so other trackers on the page are untouched. */
  trackers: string[];
}

let loading: Promise<LoadedTracker | undefined> | undefined;

/** Whether the page names a Snowplow collector. */
export function hasCollector(): boolean {
  return Boolean(getTrackingSettings().snowplowOptions?.hostname);
}

/**
 * Runs `run` with the tracker, loading and starting it first if needed. Returns false (and does
 * nothing) when the page names no collector.
 */
export function withSnowplow(run: (snowplow: Snowplow, trackers: string[]) => void): boolean {
  if (!hasCollector()) return false;
  loading ??= import('@snowplow/browser-tracker').then(startTracker, () => undefined);
  void loading.then((loaded) => {
    if (!loaded) return; // the module failed to load: tracking is lost, the page works on
    try {
      run(loaded.snowplow, loaded.trackers);
    } catch {
      // A tracker error must never break the feature that tracked the event.
    }
  });
  return true;
}

function startTracker(snowplow: Snowplow): LoadedTracker | undefined {
  const settings = getTrackingSettings();
  // Form tracking options are ours (see initTracking), not the tracker's.
  const {
    hostname,
    namespace,
    formTracking: _formTracking,
    formTrackingConfig: _formTrackingConfig,
    ...configuration
  } = {
    ...DEFAULT_SNOWPLOW_OPTIONS,
    cookieDomain: location.hostname,
    ...settings.snowplowOptions,
  };
  if (!hostname) return undefined;
  snowplow.newTracker(namespace, hostname, configuration);
  const trackers = [namespace];
  const urls = pseudonymizeCurrentPage(settings.pseudonymizedPageUrl, settings.maskedDefaultReferrerUrl);
  if (urls) {
    snowplow.setCustomUrl(urls.url, trackers);
    if (urls.referrer) snowplow.setReferrerUrl(urls.referrer, trackers);
  }
  return { snowplow, trackers };
}

/**
 * The standard context of every event: the page's (`gl.snowplowStandardContext`) with the source,
 * the Google Analytics id and `extra` merged into its `extra`. `undefined` when the page has none.
 */
export function getStandardContext(extra: Record<string, unknown> = {}): SelfDescribingJson | undefined {
  const { schema, data = {} } = getTrackingSettings().standardContext ?? {};
  if (!schema) return undefined;
  return {
    schema,
    data: {
      ...data,
      source: SNOWPLOW_JS_SOURCE,
      google_analytics_id: getCookie(GOOGLE_ANALYTICS_ID_COOKIE) ?? '',
      extra: { ...(data.extra as Record<string, unknown> | undefined), ...extra },
    },
  };
}

/** Forgets the loaded tracker (tests; the next event loads and starts it again). */
export function resetSnowplow(): void {
  loading = undefined;
}
