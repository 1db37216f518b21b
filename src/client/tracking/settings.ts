/**
 * What the page tells the tracking code, read where GitLab's layouts put it: the Snowplow options
 * in `window.snowplowOptions` (`hostname` is the collector) and, in `window.gl`, the standard
 * context, the pseudonymised page URL, the masked default referrer and the experiments' data.
 * Read lazily (never at import time); `configureTracking()` supplies values instead (server
 * rendering, tests, pages without these globals).
 */
import type { BrowserPlugin, TrackerConfiguration } from '@snowplow/browser-tracker';

/** A Snowplow context or event body: a schema URI and its data. */
export interface SelfDescribingJson {
  schema: string;
  data: Record<string, unknown>;
}

/** Which forms and fields `enableFormTracking` watches: form class names, field names. */
export interface FormTrackingConfig {
  forms?: { allow?: readonly string[] };
  fields?: { allow?: readonly string[] };
}

/** Snowplow tracker options as GitLab's `window.snowplowOptions` carries them. */
export interface SnowplowOptions extends Omit<TrackerConfiguration, 'plugins'> {
  /** The collector's host (or URL). Without it nothing goes to Snowplow. */
  hostname?: string;
  /** The tracker namespace. @default 'gl' */
  namespace?: string;
  /** Track form submissions and field changes on page load (with `formTrackingConfig`). */
  formTracking?: boolean;
  formTrackingConfig?: FormTrackingConfig;
  /** Extra Snowplow plugins (GitLab's `window.snowplowPlugins`). */
  plugins?: BrowserPlugin[];
}

/** Everything the tracking code reads from the page. */
export interface TrackingSettings {
  /** The Snowplow options; `hostname` names the collector. */
  snowplowOptions: SnowplowOptions | undefined;
  /** The standard context sent with every event (`gl.snowplowStandardContext`). */
  standardContext: Partial<SelfDescribingJson> | undefined;
  /** This page's URL with its ids replaced (`gl.snowplowPseudonymizedPageUrl`). */
  pseudonymizedPageUrl: string | undefined;
  /** The referrer sent when the real one is not a known page (`gl.maskedDefaultReferrerUrl`). */
  maskedDefaultReferrerUrl: string | undefined;
  /** Experiment data by experiment name (`gl.experiments`). */
  experiments: Readonly<Record<string, Record<string, unknown>>>;
}

interface TrackingGlobals {
  snowplowOptions?: SnowplowOptions;
  snowplowPlugins?: BrowserPlugin[];
  gl?: {
    snowplowStandardContext?: Partial<SelfDescribingJson>;
    snowplowPseudonymizedPageUrl?: string;
    maskedDefaultReferrerUrl?: string;
    experiments?: Record<string, Record<string, unknown>>;
  };
}

let overrides: Partial<TrackingSettings> | undefined;

/** Sets tracking settings explicitly; they win over what the page holds until `resetTracking()`. */
export function configureTracking(settings: Partial<TrackingSettings>): void {
  overrides = { ...overrides, ...settings };
}

/** Forgets the values given to `configureTracking`. */
export function resetTrackingSettings(): void {
  overrides = undefined;
}

/** The tracking settings: what `configureTracking` set, else what the page holds. */
export function getTrackingSettings(): TrackingSettings {
  const page: TrackingGlobals = typeof window === 'undefined' ? {} : (window as unknown as TrackingGlobals);
  const given = overrides ?? {};
  const pageOptions = page.snowplowOptions && {
    ...page.snowplowOptions,
    plugins: page.snowplowOptions.plugins ?? page.snowplowPlugins,
  };
  return {
    snowplowOptions: given.snowplowOptions ?? pageOptions,
    standardContext: given.standardContext ?? page.gl?.snowplowStandardContext,
    pseudonymizedPageUrl: given.pseudonymizedPageUrl ?? page.gl?.snowplowPseudonymizedPageUrl,
    maskedDefaultReferrerUrl: given.maskedDefaultReferrerUrl ?? page.gl?.maskedDefaultReferrerUrl,
    experiments: given.experiments ?? page.gl?.experiments ?? {},
  };
}
