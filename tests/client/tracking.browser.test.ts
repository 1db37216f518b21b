// Tracking in real Chromium: Do Not Track as the browser reports it, the Snowplow tracker loaded
// on demand and sending to a collector on loopback (the test page's own server), pseudonymised
// URLs remembered in localStorage, and the offline queue in localStorage flushed when the browser
// comes back online. What each event carries is read with a Snowplow plugin (`afterTrack`), the
// tracker's public extension point; what went over the network is read from Resource Timing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserPlugin } from '@snowplow/browser-tracker';
import { configurePage, resetPageConfig } from '../../src/client/config';
import {
  ANALYTICS_QUEUE_SIZE,
  EVENT_QUEUE_KEY,
  REFERRERS_CACHE_KEY,
  REFERRER_TTL,
  SERVICE_PING_SCHEMA,
  SUBMIT_FORM_SCHEMA,
  configureTracking,
  enableFormTracking,
  flushTrackingQueue,
  initTracking,
  isDoNotTrackOn,
  registerEventDefinitions,
  resetTracking,
  track,
  trackDefinition,
  trackInternalEvent,
  trackUsageCounter,
  type SnowplowOptions,
} from '../../src/client/tracking';
import { readReferrersCache } from '../../src/client/tracking/pseudonymize';
import { SNOWPLOW_COLLECTOR_PATH } from './helpers/restEchoPlugin';

type Payload = Record<string, unknown>;

/** A port nothing listens on: requests to it fail on the network, as when the server is unreachable. */
const UNREACHABLE = 'http://127.0.0.1:9';
/** How long 100 sequential requests to the test server may take on a loaded machine. */
const FLUSH_TIMEOUT = 20_000;
let namespaceCount = 0;

/** Snowplow options for a fresh tracker that reports every event it builds into `payloads`. */
function recordingTracker(payloads: Payload[], options: SnowplowOptions = {}): SnowplowOptions {
  const recorder: BrowserPlugin = { afterTrack: (payload) => void payloads.push(payload) };
  return {
    hostname: location.origin,
    namespace: `test${++namespaceCount}`,
    encodeBase64: false,
    retryFailedRequests: false,
    plugins: [recorder],
    ...options,
  };
}

/** Requests to the test server (this page's origin) whose path ends with `path` and that it answered. */
const requestsTo = (path: string) =>
  performance.getEntriesByType('resource').filter((entry) => {
    const url = new URL(entry.name);
    const answered = (entry as PerformanceResourceTiming).responseStatus > 0; // not aborted or failed
    return answered && url.origin === location.origin && url.pathname.endsWith(path);
  });

function overrideNavigator(name: 'doNotTrack' | 'onLine', value: unknown) {
  Object.defineProperty(navigator, name, { configurable: true, get: () => value });
}

beforeEach(() => {
  localStorage.clear();
  performance.clearResourceTimings();
});
afterEach(() => {
  resetTracking();
  resetPageConfig();
  localStorage.clear();
  // Own properties shadow Navigator.prototype's getters; deleting them restores the browser's.
  delete (navigator as unknown as Record<string, unknown>).doNotTrack;
  delete (navigator as unknown as Record<string, unknown>).onLine;
  document.body.replaceChildren();
});

describe('Do Not Track', () => {
  it('is off in a default Chromium profile, so tracking runs', () => {
    expect(navigator.doNotTrack).toBeNull();
    expect(isDoNotTrackOn()).toBe(false);
  });

  it('turns tracking off: nothing is tracked and the tracker is not even loaded', async () => {
    const payloads: Payload[] = [];
    configureTracking({ snowplowOptions: recordingTracker(payloads) });
    overrideNavigator('doNotTrack', '1');
    expect(isDoNotTrackOn()).toBe(true);
    expect(track('projects:show', 'click_button')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(payloads).toEqual([]);
    expect(requestsTo('browser-tracker.js')).toEqual([]);
  });
});

describe('Snowplow', () => {
  it('loads the tracker on the first event and sends a structured event to the collector', async () => {
    const payloads: Payload[] = [];
    configureTracking({
      snowplowOptions: recordingTracker(payloads),
      standardContext: { schema: 'iglu:com.gitlab/gitlab_standard/jsonschema/1-1-1', data: { project_id: 3 } },
    });
    const custom = { schema: 'iglu:com.example/custom/jsonschema/1-0-0', data: { a: 1 } };
    expect(
      track('projects:show', 'click_button', { label: 'star', property: 'header', value: '5', context: custom }),
    ).toBe(true);
    await expect.poll(() => payloads.length).toBe(1);
    const [event] = payloads;
    expect(event).toMatchObject({
      e: 'se',
      se_ca: 'projects:show',
      se_ac: 'click_button',
      se_la: 'star',
      se_pr: 'header',
      se_va: '5',
    });
    const contexts = JSON.parse(String(event!.co)).data as { schema: string; data: Payload }[];
    expect(contexts).toContainEqual(custom);
    expect(contexts).toContainEqual({
      schema: 'iglu:com.gitlab/gitlab_standard/jsonschema/1-1-1',
      data: { project_id: 3, source: 'gitlab-javascript', google_analytics_id: '', extra: {} },
    });
    await expect.poll(() => requestsTo(SNOWPLOW_COLLECTOR_PATH).length).toBe(1);
  });

  it('reports the pseudonymised page URL and remembers it, for a day, as the next page’s referrer', async () => {
    const payloads: Payload[] = [];
    const pageUrl = 'https://forge.test/namespace:1/project:2/-/issues/:id';
    const stale = { url: 'old', referrer: '', originalUrl: 'x', timestamp: Date.now() - REFERRER_TTL - 1 };
    localStorage.setItem(REFERRERS_CACHE_KEY, JSON.stringify([stale]));
    configureTracking({ snowplowOptions: recordingTracker(payloads), pseudonymizedPageUrl: pageUrl });
    track('projects:issues:show', 'view');
    await expect.poll(() => payloads.length).toBe(1);
    expect(payloads[0]!.url).toBe(pageUrl);
    const stored = JSON.parse(localStorage.getItem(REFERRERS_CACHE_KEY)!) as { url: string; originalUrl: string }[];
    expect(stored).toEqual([expect.objectContaining({ url: pageUrl, originalUrl: location.href })]);
    expect(readReferrersCache(Date.now() + REFERRER_TTL)).toEqual([]);
  });

  it('starts with a page view on initTracking and tracks allowed forms only', async () => {
    const payloads: Payload[] = [];
    configureTracking({
      snowplowOptions: recordingTracker(payloads, {
        formTracking: true,
        formTrackingConfig: { forms: { allow: ['js-tracked'] }, fields: { allow: ['title'] } },
      }),
    });
    document.body.innerHTML = `
      <form id="tracked" class="js-tracked" action="javascript:void 0"><input name="title" value="secret"><input name="other"></form>
      <form id="ignored" action="javascript:void 0"><input name="title"></form>`;
    initTracking();
    await expect.poll(() => payloads.map((payload) => payload.e)).toEqual(['pv']);
    document.querySelector<HTMLFormElement>('#ignored')!.requestSubmit();
    document.querySelector<HTMLFormElement>('#tracked')!.requestSubmit();
    await expect.poll(() => payloads.length).toBe(2);
    const submit = JSON.parse(String(payloads[1]!.ue_pr)) as { data: { schema: string; data: Payload } };
    expect(submit.data).toEqual({
      schema: SUBMIT_FORM_SCHEMA,
      data: {
        formId: 'tracked',
        formClasses: ['js-tracked'],
        elements: [{ name: 'title', value: null, nodeName: 'INPUT', type: 'text' }],
      },
    });
  });

  it('sends an internal event to Snowplow too, with the service ping context, and definitions by key', async () => {
    const payloads: Payload[] = [];
    configurePage({ currentUserId: 1, relativeUrlRoot: '' });
    configureTracking({ snowplowOptions: recordingTracker(payloads) });
    await trackInternalEvent('click_star', { label: 'header', value: 2 }, 'projects:show');
    registerEventDefinitions([{ key: 'view_board', category: 'boards', action: 'view' }]);
    trackDefinition('view_board', { label: 'list' });
    await expect.poll(() => payloads.length).toBe(2);
    expect(payloads[0]).toMatchObject({ se_ca: 'projects:show', se_ac: 'click_star', se_la: 'header', se_va: '2' });
    expect(JSON.parse(String(payloads[0]!.co)).data).toContainEqual({
      schema: SERVICE_PING_SCHEMA,
      data: { event_name: 'click_star', data_source: 'redis_hll' },
    });
    expect(payloads[1]).toMatchObject({ se_ca: 'boards', se_ac: 'view', se_la: 'list' });
    expect(requestsTo('/api/v4/usage_data/track_event')).toHaveLength(1);
  });

  it('form tracking without a collector does nothing', () => {
    expect(enableFormTracking({ forms: { allow: ['x'] } })).toBeUndefined();
  });
});

describe('the offline queue', () => {
  beforeEach(() => configurePage({ currentUserId: 1, relativeUrlRoot: '' }));

  it('keeps calls made offline in localStorage, at most 100 (the newest), and sends them when back online', async () => {
    overrideNavigator('onLine', false);
    const extra = 5;
    for (let i = 0; i < ANALYTICS_QUEUE_SIZE + extra; i++) await trackUsageCounter(`event_${i}`);
    const queued = JSON.parse(localStorage.getItem(EVENT_QUEUE_KEY)!) as { body: { event: string } }[];
    expect(queued).toHaveLength(ANALYTICS_QUEUE_SIZE);
    expect(queued[0]!.body.event).toBe(`event_${extra}`);
    expect(requestsTo('/increment_counter')).toEqual([]);

    delete (navigator as unknown as Record<string, unknown>).onLine;
    expect(navigator.onLine).toBe(true);
    window.dispatchEvent(new Event('online'));
    // Sent one after the other, in order: wait for the flush to finish.
    await expect.poll(() => JSON.parse(localStorage.getItem(EVENT_QUEUE_KEY)!), { timeout: FLUSH_TIMEOUT }).toEqual([]);
    expect(requestsTo('/api/v4/usage_data/increment_counter')).toHaveLength(ANALYTICS_QUEUE_SIZE);
  });

  it('queues a call when the browser goes offline while it is under way', async () => {
    // The REST client leaves such a request pending for ever: the queue must not wait for it.
    const sending = trackUsageCounter('interrupted');
    window.dispatchEvent(new Event('offline'));
    await sending;
    expect(JSON.parse(localStorage.getItem(EVENT_QUEUE_KEY)!)).toEqual([
      { call: 'incrementCounter', body: { event: 'interrupted' } },
    ]);
  });

  it('queues a call whose request fails on the network and sends it on the next flush', async () => {
    configurePage({ relativeUrlRoot: UNREACHABLE });
    await trackUsageCounter('unreachable');
    expect(JSON.parse(localStorage.getItem(EVENT_QUEUE_KEY)!)).toEqual([
      { call: 'incrementCounter', body: { event: 'unreachable' } },
    ]);
    configurePage({ relativeUrlRoot: '' });
    await flushTrackingQueue();
    expect(requestsTo('/api/v4/usage_data/increment_counter')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(EVENT_QUEUE_KEY)!)).toEqual([]);
  });
});
