/**
 * Broadcast messages contract (GitLab's broadcast_messages.md): public reads with `active`,
 * administrators' create, update and delete, GitLab's defaults and refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BROADCAST_DURATION_MS } from '../../server/api/v4/broadcast_messages.ts';
import { ROOT_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let userToken = '';
const HOUR_MS = 3_600_000;

interface MessageJson {
  id: number;
  message: string;
  starts_at: string;
  ends_at: string;
  active: boolean;
  theme: string;
  broadcast_type: string;
  dismissable: boolean;
  target_access_levels: number[];
  target_path: string;
  color: string;
  font: string;
}

const api = <T>(path: string, token?: string, init: { method?: string; json?: unknown } = {}) =>
  server.request<T>(`/api/v4${path}`, { token, ...init });

beforeAll(async () => {
  server = await startTestServer();
  userToken = (await server.createUser('reader')).token;
});
afterAll(() => server.close());

describe('administrators write', () => {
  it('creates a message (201) lasting an hour by default, active now', async () => {
    const before = Date.now();
    const created = await api<MessageJson>('/broadcast_messages', ROOT_TOKEN, {
      method: 'POST',
      json: { message: 'Maintenance **tonight**', theme: 'light-blue', target_access_levels: [30, 40] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Maintenance **tonight**',
      active: true,
      theme: 'light-blue',
      broadcast_type: 'banner',
      dismissable: true,
      target_access_levels: [30, 40],
      target_path: '',
      color: '#E75E40',
      font: '#FFFFFF',
    });
    const duration = Date.parse(created.body.ends_at) - Date.parse(created.body.starts_at);
    expect(Math.abs(duration - DEFAULT_BROADCAST_DURATION_MS)).toBeLessThan(Date.now() - before + 1000);
  });

  it('shows a future message as inactive; updates and deletes', async () => {
    const starts = new Date(Date.now() + HOUR_MS).toISOString();
    const ends = new Date(Date.now() + 2 * HOUR_MS).toISOString();
    const created = await api<MessageJson>('/broadcast_messages', ROOT_TOKEN, {
      method: 'POST',
      json: { message: 'Later', starts_at: starts, ends_at: ends, broadcast_type: 'notification' },
    });
    expect(created.body).toMatchObject({ active: false, broadcast_type: 'notification', starts_at: starts });
    const path = `/broadcast_messages/${created.body.id}`;
    const now = new Date(Date.now() - HOUR_MS).toISOString();
    const updated = await api<MessageJson>(path, ROOT_TOKEN, {
      method: 'PUT',
      json: { starts_at: now, dismissable: false },
    });
    expect(updated.body).toMatchObject({ active: true, dismissable: false, message: 'Later' });
    expect((await api(path, ROOT_TOKEN, { method: 'DELETE' })).status).toBe(204);
    expect(await api(path)).toMatchObject({ status: 404, body: { message: '404 Broadcast Message Not Found' } });
  });

  it('refuses other users, a blank or missing message and unknown themes', async () => {
    const post = (json: object, token = ROOT_TOKEN) => api('/broadcast_messages', token, { method: 'POST', json });
    expect((await post({ message: 'x' }, userToken)).status).toBe(403);
    expect((await post({ message: 'x' }, '')).status).toBe(401);
    expect(await post({})).toMatchObject({ status: 400, body: { error: 'message is missing' } });
    expect(await post({ message: '  ' })).toMatchObject({
      status: 400,
      body: { message: { message: ["can't be blank"] } },
    });
    expect((await post({ message: 'x', theme: 'purple' })).status).toBe(400);
    expect((await post({ message: 'x', target_access_levels: [5] })).status).toBe(400);
    expect((await api('/broadcast_messages/1', userToken, { method: 'DELETE' })).status).toBe(403);
  });
});

describe('anyone reads', () => {
  it('lists messages newest first without signing in, with pagination headers', async () => {
    const list = await api<MessageJson[]>('/broadcast_messages');
    expect(list.status).toBe(200);
    expect(list.body.map((message) => message.message)).toEqual(['Maintenance **tonight**']);
    expect(list.headers.get('x-total')).toBe('1');
    expect((await api<MessageJson>(`/broadcast_messages/${list.body[0]!.id}`)).body.message).toBe(
      'Maintenance **tonight**',
    );
  });
});
