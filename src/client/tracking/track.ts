/**
 * Structured analytics events (spec sections 4, 5 and 8), the way GitLab's `~/tracking`
 * (`Tracking.event`, `Tracking.definition`, `enableFormTracking`, `addExperimentContext`) does
 * them: off under Do Not Track, a category required, sent to the page's Snowplow collector.
 */
import { EXPERIMENT_CONTEXT_SCHEMA, MISSING_DEFINITION_MESSAGE, NO_CATEGORY_MESSAGE } from './constants';
import { getStandardContext, withSnowplow } from './snowplow';
import { getTrackingSettings, type SelfDescribingJson } from './settings';

/** The details of a structured event (spec section 4). */
export interface TrackOptions {
  /** What the action was about (a button name, a widget). */
  label?: string;
  /** A further detail of the object. */
  property?: string;
  /** A number measured with the event (strings are converted with `Number`). */
  value?: number | string;
  /** Extra contexts sent with the event, besides the standard context. */
  context?: SelfDescribingJson | readonly SelfDescribingJson[];
  /** Extra data merged into the standard context's `extra`. */
  extra?: Record<string, unknown>;
  /** An experiment whose data (`gl.experiments[name]`) becomes the event's context. */
  experiment?: string;
}

/** A named event with its category and action (spec section 4: key, category, action). */
export interface EventDefinition {
  key: string;
  category: string;
  action: string;
}

const definitions = new Map<string, EventDefinition>();

/** Whether the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function isDoNotTrackOn(): boolean {
  if (typeof navigator === 'undefined') return false;
  const page = typeof window === 'undefined' ? {} : (window as { doNotTrack?: string | null });
  const nav = navigator as Navigator & { msDoNotTrack?: string; globalPrivacyControl?: boolean };
  const dnt = nav.doNotTrack ?? nav.msDoNotTrack ?? page.doNotTrack;
  return dnt === '1' || dnt === 'yes' || nav.globalPrivacyControl === true;
}

/** The page's category (`<body data-page>`), used when an event names none. */
function pageCategory(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.body?.dataset.page || undefined;
}

/**
 * Tracks a structured event. Throws 'Tracking: no category provided for tracking.' without a
 * category (neither given nor on `<body data-page>`). Returns true when the event goes to the
 * collector (now, or once the tracker has loaded), false when tracking is off: Do Not Track is on,
 * or the page names no collector.
 */
export function track(category: string | undefined, action: string, options: TrackOptions = {}): boolean {
  const eventCategory = category || pageCategory();
  if (!eventCategory) throw new Error(NO_CATEGORY_MESSAGE);
  if (isDoNotTrackOn()) return false;

  const { label, property, value, extra, context } = addExperimentContext(options);
  const standard = getStandardContext(extra);
  const contexts = [...(standard ? [standard] : []), ...(context ? [context].flat() : [])];
  return withSnowplow((snowplow, trackers) =>
    snowplow.trackStructEvent(
      {
        category: eventCategory,
        action,
        label,
        property,
        value: value === undefined ? undefined : Number(value),
        context: contexts,
      },
      trackers,
    ),
  );
}

/**
 * `options` with the named experiment's data as its context (replacing `context`), when the page
 * has data for that experiment; otherwise `options` without `experiment`.
 */
export function addExperimentContext(options: TrackOptions): Omit<TrackOptions, 'experiment'> {
  const { experiment, ...rest } = options;
  const data = experiment ? getTrackingSettings().experiments[experiment] : undefined;
  return data ? { ...rest, context: { schema: EXPERIMENT_CONTEXT_SCHEMA, data } } : rest;
}

/** Registers named events for `trackDefinition` (a later definition of a key replaces it). */
export function registerEventDefinitions(list: readonly EventDefinition[]): void {
  for (const definition of list) definitions.set(definition.key, definition);
}

/**
 * Tracks the registered event `key`; `data` may override its category and action. Throws
 * 'Missing Snowplow event definition "key"' for an unknown key.
 */
export function trackDefinition(
  key: string,
  data: TrackOptions & { category?: string; action?: string } = {},
): boolean {
  const definition = definitions.get(key);
  if (!definition) throw new Error(`${MISSING_DEFINITION_MESSAGE} "${key}"`);
  const { category = definition.category, action = definition.action, ...options } = data;
  return track(category, action, options);
}

/** Forgets registered definitions (tests). */
export function resetEventDefinitions(): void {
  definitions.clear();
}
