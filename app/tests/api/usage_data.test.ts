/**
 * Usage data contract (`lib/api/usage_data.rb`): signed-in only (spec §6), 200 with Grape's
 * `status :ok` body, counters, distinct users per day, internal events and their batch limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAXIMUM_TRACKED_EVENTS } from '../../server/api/v4/usage_data.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let tokens: string[];

beforeAll(async () => {
  server = await startTestServer();
  tokens = [(await server.createUser('ann')).token, (await server.createUser('bob')).token];
});
afterAll(() => server.close());

const post = (path: string, json: unknown, token?: string) =>
  server.request(`/api/v4/usage_data/${path}`, { method: 'POST', json, token });

describe('usage data', () => {
  it('tracks nothing without a signed-in user', async () => {
    for (const path of ['increment_counter', 'increment_unique_users', 'track_event']) {
      expect(await post(path, { event: 'e' })).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    }
    const rows = await server.database.db.selectFrom('usage_counters').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('counts events and distinct users', async () => {
    const first = await post('increment_counter', { event: 'i_quickactions_page' }, tokens[0]);
    expect(first).toMatchObject({ status: 200, body: 200 });
    await post('increment_counter', { event: 'i_quickactions_page' }, tokens[1]);
    for (const token of [tokens[0], tokens[0], tokens[1]]) {
      expect((await post('increment_unique_users', { event: 'i_search' }, token)).status).toBe(200);
    }
    const db = server.database.db;
    expect(await db.selectFrom('usage_counters').selectAll().execute()).toEqual([
      { event: 'i_quickactions_page', count: 2 },
    ]);
    const unique = await db
      .selectFrom('usage_unique_users')
      .select('user_id')
      .where('event', '=', 'i_search')
      .execute();
    expect(unique).toHaveLength(2);
  });

  it('records internal events, one or a batch of at most the maximum', async () => {
    const event = { event: 'click_button', project_id: 999999, additional_properties: { label: 'save' } };
    expect((await post('track_event', event, tokens[0])).status).toBe(200);
    expect((await post('track_events', { events: [event, { event: 'other' }] }, tokens[0])).status).toBe(200);
    const rows = await server.database.db.selectFrom('usage_events').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.event, row.project_id, row.additional_properties])).toEqual([
      ['click_button', null, { label: 'save' }],
      ['click_button', null, { label: 'save' }],
      ['other', null, {}],
    ]);
    const tooMany = Array.from({ length: MAXIMUM_TRACKED_EVENTS + 1 }, () => ({ event: 'x' }));
    expect(await post('track_events', { events: tooMany }, tokens[0])).toMatchObject({
      status: 400,
      body: { message: `Maximum ${MAXIMUM_TRACKED_EVENTS} events allowed in one request.` },
    });
    expect(await post('track_event', {}, tokens[0])).toMatchObject({
      status: 400,
      body: { error: 'event is missing' },
    });
  });
});
