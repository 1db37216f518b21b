// Tracking in Node (spec sections 4-9): the texts and constants, the usage_data calls against a
// real HTTP server on loopback, who may send them, the pure URL pseudonymisation, and the bundle
// graph proof that Snowplow loads only on demand. Browser behaviour (localStorage, online state,
// Do Not Track, the Snowplow tracker itself) is in tracking.browser.test.ts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitBundle } from '../../bench/bundleSize';
import { configurePage, resetPageConfig } from '../../src/client/config';
import {
  ALLOWED_URL_HASHES,
  ANALYTICS_QUEUE_SIZE,
  EVENT_QUEUE_KEY,
  EXPERIMENT_CONTEXT_SCHEMA,
  FORM_TRACKING_ALLOW_RULES_MESSAGE,
  MISSING_DEFINITION_MESSAGE,
  NO_CATEGORY_MESSAGE,
  REFERRERS_CACHE_KEY,
  REFERRER_TTL,
  SERVICE_PING_SCHEMA,
  DEFAULT_SNOWPLOW_OPTIONS,
  addExperimentContext,
  configureTracking,
  enableFormTracking,
  getStandardContext,
  registerEventDefinitions,
  resetTracking,
  track,
  trackDefinition,
  trackInternalEvent,
  trackUniqueUserEvent,
  trackUsageCounter,
  validateAdditionalProperties,
} from '../../src/client/tracking';
import { pseudonymizeUrls, type ReferrerEntry } from '../../src/client/tracking/pseudonymize';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let server: Server;
let origin: string;
let received: Received[];
let status: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(text) });
      response.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  status = 200;
  configurePage({ relativeUrlRoot: `${origin}/forge`, currentUserId: 7, csrfToken: 'csrf-tok' });
});
afterEach(() => {
  resetPageConfig();
  resetTracking();
  vi.unstubAllGlobals();
});

describe('texts and constants', () => {
  it('names the spec texts verbatim', () => {
    expect(NO_CATEGORY_MESSAGE).toBe('Tracking: no category provided for tracking.');
    expect(MISSING_DEFINITION_MESSAGE).toBe('Missing Snowplow event definition');
    expect(FORM_TRACKING_ALLOW_RULES_MESSAGE).toBe('Unable to enable form event tracking without allow rules.');
  });

  it('keeps at most 100 events queued, in the internal queue and in Snowplow’s', () => {
    expect(ANALYTICS_QUEUE_SIZE).toBe(100);
    expect(DEFAULT_SNOWPLOW_OPTIONS.maxLocalStorageQueueSize).toBe(100);
  });

  it('keeps only #diff and #note fragments and remembers referrers for a day', () => {
    expect(ALLOWED_URL_HASHES).toEqual(['#diff', '#note']);
    expect(REFERRERS_CACHE_KEY).toBe('gl-snowplow-pseudonymized-urls');
    expect(REFERRER_TTL).toBe(24 * 60 * 60 * 1000);
    expect(EVENT_QUEUE_KEY).toBe('forgekit-tracking-queue');
  });
});

describe('track', () => {
  it("throws 'Tracking: no category provided for tracking.' without a category", () => {
    expect(() => track(undefined, 'click_button')).toThrow(new Error(NO_CATEGORY_MESSAGE));
    expect(() => track('', 'click_button')).toThrow(NO_CATEGORY_MESSAGE);
  });

  it('is off (false) when the page names no Snowplow collector', () => {
    expect(track('projects:show', 'click_button', { label: 'star' })).toBe(false);
  });

  it('is off under Do Not Track even with a collector', () => {
    configureTracking({ snowplowOptions: { hostname: origin } });
    vi.stubGlobal('navigator', { doNotTrack: '1' });
    expect(track('projects:show', 'click_button')).toBe(false);
    vi.stubGlobal('navigator', { doNotTrack: 'yes' });
    expect(track('projects:show', 'click_button')).toBe(false);
    vi.stubGlobal('navigator', { globalPrivacyControl: true });
    expect(track('projects:show', 'click_button')).toBe(false);
  });
});

describe('event definitions', () => {
  it('throws \'Missing Snowplow event definition "key"\' for an unknown key', () => {
    expect(() => trackDefinition('view_board')).toThrow(new Error('Missing Snowplow event definition "view_board"'));
  });

  it('tracks a registered key with its category and action (and fails on a missing category)', () => {
    registerEventDefinitions([{ key: 'view_board', category: 'boards', action: 'view' }]);
    expect(trackDefinition('view_board')).toBe(false); // known, but no collector here
    registerEventDefinitions([{ key: 'no_category', category: '', action: 'view' }]);
    expect(() => trackDefinition('no_category')).toThrow(NO_CATEGORY_MESSAGE);
  });
});

describe('form tracking', () => {
  it('refuses to start without allow rules', () => {
    expect(() => enableFormTracking({})).toThrow(new Error(FORM_TRACKING_ALLOW_RULES_MESSAGE));
    expect(() => enableFormTracking({ forms: {}, fields: {} })).toThrow(FORM_TRACKING_ALLOW_RULES_MESSAGE);
  });

  it('accepts form or field rules (and does nothing without a document)', () => {
    expect(enableFormTracking({ forms: { allow: ['js-new-issue'] } })).toBeUndefined();
    expect(enableFormTracking({ fields: { allow: ['title'] } })).toBeUndefined();
  });
});

describe('internal events and usage counters (usage_data)', () => {
  it('POSTs track_event with event, project_id, namespace_id and additional_properties, with the product headers', async () => {
    configureTracking({ standardContext: { schema: 'iglu:x', data: { project_id: 11, namespace_id: 22 } } });
    await trackInternalEvent('click_star', { label: 'header', value: 1, custom: 'yes' });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({ method: 'POST', url: '/forge/api/v4/usage_data/track_event' });
    expect(call!.body).toEqual({
      event: 'click_star',
      project_id: 11,
      namespace_id: 22,
      additional_properties: { label: 'header', value: 1, custom: 'yes' },
    });
    expect(call!.headers).toMatchObject({
      'x-csrf-token': 'csrf-tok',
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    });
  });

  it('leaves out project_id and namespace_id when the page has none', async () => {
    await trackInternalEvent('click_star');
    expect(received[0]!.body).toEqual({ event: 'click_star', additional_properties: {} });
  });

  it('POSTs increment_counter and increment_unique_users with the event', async () => {
    await trackUsageCounter('static_site_editor_views');
    await trackUniqueUserEvent('users_viewing_analytics');
    expect(received.map(({ url, body }) => [url, body])).toEqual([
      ['/forge/api/v4/usage_data/increment_counter', { event: 'static_site_editor_views' }],
      ['/forge/api/v4/usage_data/increment_unique_users', { event: 'users_viewing_analytics' }],
    ]);
  });

  it('returns null and sends nothing without a signed-in user', async () => {
    resetPageConfig();
    configurePage({ relativeUrlRoot: origin });
    expect(trackInternalEvent('click_star')).toBeNull();
    expect(trackUsageCounter('views')).toBeNull();
    expect(trackUniqueUserEvent('views')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  });

  it('returns null and sends nothing under Do Not Track', async () => {
    vi.stubGlobal('navigator', { doNotTrack: '1', onLine: true });
    expect(trackInternalEvent('click_star')).toBeNull();
    expect(trackUsageCounter('views')).toBeNull();
    expect(trackUniqueUserEvent('views')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  });

  it('settles without throwing when the server refuses the call (it is not retried)', async () => {
    status = 500;
    await expect(trackUsageCounter('views')).resolves.toBeUndefined();
    status = 200;
    await trackUsageCounter('other');
    expect(received.map(({ body }) => body)).toEqual([{ event: 'views' }, { event: 'other' }]);
  });

  it('checks the types of label, property and value', () => {
    expect(() => validateAdditionalProperties({ value: '3' as unknown as number })).toThrow(
      'value should be of type: number. Provided type is: string.',
    );
    expect(() => trackInternalEvent('x', { label: 5 as unknown as string })).toThrow(
      'label should be of type: string. Provided type is: number.',
    );
    expect(() => validateAdditionalProperties({ label: 'a', property: 'b', value: 1, anything: true })).not.toThrow();
  });
});

describe('contexts', () => {
  it('adds source, the Google Analytics id and extra data to the page’s standard context', () => {
    configureTracking({
      standardContext: { schema: 'iglu:com.gitlab/gitlab_standard/jsonschema/1-1-1', data: { extra: { a: 1 } } },
    });
    expect(getStandardContext({ b: 2 })).toEqual({
      schema: 'iglu:com.gitlab/gitlab_standard/jsonschema/1-1-1',
      data: { source: 'gitlab-javascript', google_analytics_id: '', extra: { a: 1, b: 2 } },
    });
    resetTracking();
    expect(getStandardContext()).toBeUndefined();
  });

  it('turns an experiment with data into the event context', () => {
    configureTracking({ experiments: { new_nav: { variant: 'candidate' } } });
    expect(addExperimentContext({ experiment: 'new_nav', label: 'x' })).toEqual({
      label: 'x',
      context: { schema: EXPERIMENT_CONTEXT_SCHEMA, data: { variant: 'candidate' } },
    });
    expect(addExperimentContext({ experiment: 'unknown', label: 'x' })).toEqual({ label: 'x' });
    expect(SERVICE_PING_SCHEMA).toBe('iglu:com.gitlab/gitlab_service_ping/jsonschema/1-0-1');
  });
});

describe('pseudonymised URLs', () => {
  const page = {
    pageUrl: 'https://forge.test/namespace:1/project:2/-/issues/:id',
    href: 'https://forge.test/acme/site/-/issues/42#note_99',
    hash: '#note_99',
    referrer: '',
    maskedDefaultReferrerUrl: undefined,
  };
  const now = 1_700_000_000_000;

  it('keeps #note and #diff fragments only', () => {
    expect(pseudonymizeUrls(page, [], now).url).toBe(`${page.pageUrl}#note_99`);
    expect(pseudonymizeUrls({ ...page, hash: '#diff-content-abc' }, [], now).url).toBe(
      `${page.pageUrl}#diff-content-abc`,
    );
    expect(pseudonymizeUrls({ ...page, hash: '#L12' }, [], now).url).toBe(page.pageUrl);
    expect(pseudonymizeUrls({ ...page, hash: '' }, [], now).url).toBe(page.pageUrl);
  });

  it('replaces a remembered referrer by its pseudonymised URL, others by the masked default or their origin', () => {
    const cache: ReferrerEntry[] = [
      {
        url: 'https://forge.test/namespace:1/project:2',
        referrer: '',
        originalUrl: 'https://forge.test/acme/site',
        timestamp: now,
      },
    ];
    const from = (referrer: string, masked?: string) =>
      pseudonymizeUrls({ ...page, referrer, maskedDefaultReferrerUrl: masked }, cache, now).referrer;
    expect(from('https://forge.test/acme/site')).toBe('https://forge.test/namespace:1/project:2');
    expect(from('https://forge.test/acme/secret/-/issues/7', 'https://forge.test/masked')).toBe(
      'https://forge.test/masked',
    );
    expect(from('https://search.example/q?acme+secret')).toBe('https://search.example');
    expect(from('')).toBeUndefined();
  });

  it('remembers this page under its real URL', () => {
    expect(pseudonymizeUrls({ ...page, referrer: 'https://a.example/x' }, [], now).entry).toEqual({
      url: page.pageUrl,
      referrer: 'https://a.example',
      originalUrl: page.href,
      timestamp: now,
    });
  });
});

describe('loading Snowplow on demand', () => {
  it('keeps @snowplow/browser-tracker out of what `import { track } from forgekit/client` loads up front', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const { initialInputs, lazyInputs } = await splitBundle(`export { track } from './src/client';`, root);
    const snowplow = /node_modules\/@snowplow\//;
    expect(initialInputs.filter((input) => snowplow.test(input))).toEqual([]);
    expect(lazyInputs.some((input) => snowplow.test(input))).toBe(true);
  }, 120_000);
});
