// The realtime consumer against an ActionCable server (the loopback one unless
// FORGEKIT_CABLE_TARGET names another): connection states, staleness and reopening, reconnects,
// disconnect reasons, subscription confirmation, retry and rejection. Time is fake (the monitor
// polls every 6-12 s); the sockets are real.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurePage, resetPageConfig } from '../../src/client/config';
import {
  CABLE_DISCONNECT_REASONS,
  CABLE_PING_INTERVAL_MS,
  CABLE_REOPEN_DELAY_MS,
  CABLE_STALE_THRESHOLD_SECONDS,
  CABLE_SUBSCRIPTION_RETRY_MS,
  createCableConsumer,
  getCableConsumer,
  resetCableConsumer,
  resolveCableUrl,
  subscribeCableConnection,
  subscribeToChannel,
  type CableChannelHandlers,
  type CableConnectionState,
  type CableConsumer,
} from '../../src/client/realtime';
import { Connection, ConnectionMonitor, INTERNAL } from '../../src/client/realtime/internals';
import { ACTIONCABLE_PROTOCOL, CABLE_PATH, type CableTestServer } from './helpers/actionCableServer';
import {
  TIME_STEP_MS,
  advanceBy,
  advanceUntil,
  installActionCableForNode,
  startCableTestServer,
  installFakeCableTime,
} from './helpers/actionCableSetup';

const MS_PER_SECOND = 1000;
const STALE_MS = CABLE_STALE_THRESHOLD_SECONDS * MS_PER_SECOND;
/**
 * The monitor polls every 6-12 s, so staleness shows by the second poll at the latest (under 24 s),
 * and the reopen follows 500 ms later.
 */
const STALE_DETECTED_WITHIN_MS = 5 * STALE_MS;
/** A reconnect after a disconnect waits for the monitor too: stale, and not disconnected recently. */
const RECONNECT_WITHIN_MS = 6 * STALE_MS;
/** Long enough for any retry or reconnect the client would make. */
const QUIET_PERIOD_MS = 5 * STALE_MS;
/** Fake milliseconds per step in a quiet period (nothing is timed there). */
const QUIET_STEP_MS = 500;
const IO_LIMIT_MS = 2000;

let server: CableTestServer;
const consumers: CableConsumer[] = [];

beforeAll(() => installActionCableForNode());
beforeEach(async () => {
  installFakeCableTime();
  server = await startCableTestServer();
});
afterEach(async () => {
  for (const consumer of consumers.splice(0)) consumer.disconnect();
  resetCableConsumer();
  resetPageConfig();
  await server.close();
  vi.useRealTimers();
});

interface StateChange {
  state: CableConnectionState;
  at: number;
}

/** A consumer on the test server, with its state changes and the fake time of each. */
function connect() {
  const consumer = createCableConsumer(server.url);
  consumers.push(consumer);
  const changes: StateChange[] = [];
  subscribeCableConnection(({ state }) => {
    // Snapshots also change with the last disconnect; only state changes are recorded.
    if (changes.at(-1)?.state !== state) changes.push({ state, at: Date.now() });
  }, consumer);
  const states = () => changes.map((change) => change.state);
  const when = (state: CableConnectionState) => changes.find((change) => change.state === state)?.at;
  return { consumer, changes, states, when };
}

/** Handlers that record their calls, with the fake time of each. */
function recordingHandlers() {
  const calls: { name: string; details?: unknown; at: number }[] = [];
  const handlers: CableChannelHandlers<unknown> = {
    received: (details) => calls.push({ name: 'received', details, at: Date.now() }),
    connected: (details) => calls.push({ name: 'connected', details, at: Date.now() }),
    disconnected: (details) => calls.push({ name: 'disconnected', details, at: Date.now() }),
    rejected: () => calls.push({ name: 'rejected', at: Date.now() }),
  };
  return { calls, handlers, names: () => calls.map((call) => call.name) };
}

const subscribeFrames = () => server.frames.filter((frame) => frame.command === 'subscribe');

describe('constants', () => {
  it("matches @rails/actioncable's own timings and protocol (a library upgrade that changes them fails here)", () => {
    expect(ConnectionMonitor.staleThreshold).toBe(CABLE_STALE_THRESHOLD_SECONDS);
    expect(CABLE_STALE_THRESHOLD_SECONDS).toBe(6);
    expect(Connection.reopenDelay).toBe(CABLE_REOPEN_DELAY_MS);
    expect(CABLE_REOPEN_DELAY_MS).toBe(500);
    expect(CABLE_SUBSCRIPTION_RETRY_MS).toBe(500);
    expect(CABLE_PING_INTERVAL_MS * 2).toBe(STALE_MS);
    expect(Object.values(INTERNAL.disconnect_reasons).sort()).toEqual([...CABLE_DISCONNECT_REASONS].sort());
    expect(INTERNAL.default_mount_path).toBe(CABLE_PATH);
    expect(INTERNAL.protocols[0]).toBe(ACTIONCABLE_PROTOCOL);
  });
});

describe('consumer URL', () => {
  it('makes a relative URL absolute with a websocket scheme', () => {
    expect(resolveCableUrl('/cable', 'https://gitlab.example/group/project/-/issues/1')).toBe(
      'wss://gitlab.example/cable',
    );
    expect(resolveCableUrl('/forge/cable', 'http://localhost:3000/')).toBe('ws://localhost:3000/forge/cable');
    expect(resolveCableUrl('https://cable.example/cable')).toBe('wss://cable.example/cable');
    expect(resolveCableUrl('wss://cable.example/cable')).toBe('wss://cable.example/cable');
    expect(() => resolveCableUrl('/cable', undefined)).toThrow(TypeError);
  });

  it('takes the shared consumer URL from the page configuration, lazily, and opens no socket by itself', async () => {
    configurePage({ actionCableUrl: server.url });
    const consumer = getCableConsumer();
    expect(getCableConsumer()).toBe(consumer);
    expect(consumer.url).toBe(server.url);
    expect(consumer.connectionSnapshot).toEqual({ state: 'closed', lastDisconnect: undefined });
    await advanceBy(CABLE_PING_INTERVAL_MS);
    expect(server.connectionCount()).toBe(0);

    resetCableConsumer();
    configurePage({ actionCableUrl: server.url.replace(CABLE_PATH, '/other') });
    expect(getCableConsumer()).not.toBe(consumer);
    expect(getCableConsumer().url).toMatch(/\/other$/);
  });
});

describe('connection', () => {
  it('goes connecting, then open on the welcome, and subscriptions are confirmed', async () => {
    const { consumer, states } = connect();
    const { calls, handlers } = recordingHandlers();
    const params = { channel: 'NotesChannel', noteable_type: 'Issue', noteable_id: 7 };
    const subscription = subscribeToChannel(params, handlers, consumer);
    expect(subscription.status).toBe('pending');
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);

    expect(states()).toEqual(['closed', 'connecting', 'open']);
    expect(calls).toEqual([expect.objectContaining({ name: 'connected', details: { reconnected: false } })]);
    expect(subscription.identifier).toBe(JSON.stringify(params));
    expect(server.subscriptions('NotesChannel')).toEqual([{ identifier: JSON.stringify(params), params }]);
  });

  it('stays open while the server pings', async () => {
    const { consumer, states } = connect();
    const subscription = subscribeToChannel({ channel: 'NotesChannel' }, {}, consumer);
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);
    await advanceBy(QUIET_PERIOD_MS, QUIET_STEP_MS);
    expect(states()).toEqual(['closed', 'connecting', 'open']);
    expect(subscribeFrames()).toHaveLength(1);
  });

  it(`turns stale after ${CABLE_STALE_THRESHOLD_SECONDS} s without a message, reopens ${CABLE_REOPEN_DELAY_MS} ms later and resubscribes`, async () => {
    const { consumer, changes, states, when } = connect();
    const { calls, handlers, names } = recordingHandlers();
    const subscription = subscribeToChannel({ channel: 'NotesChannel' }, handlers, consumer);
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);
    server.pausePings();
    const lastMessageAt = calls[0]!.at;

    await advanceUntil(() => states().includes('reopened'), STALE_DETECTED_WITHIN_MS);
    server.resumePings();
    await advanceUntil(() => names().length === 3, IO_LIMIT_MS);

    expect(states()).toEqual(['closed', 'connecting', 'open', 'stale', 'connecting', 'reopened']);
    const staleAt = when('stale')!;
    expect(staleAt - lastMessageAt).toBeGreaterThan(STALE_MS);
    expect(changes.findLast((change) => change.state === 'connecting')!.at - staleAt).toBe(CABLE_REOPEN_DELAY_MS);
    expect(names()).toEqual(['connected', 'disconnected', 'connected']);
    expect(calls[1]!.details).toEqual({ willAttemptReconnect: true });
    expect(calls[2]!.details).toEqual({ reconnected: true });
    expect(subscribeFrames()).toHaveLength(2);
    expect(subscribeFrames()[1]!.identifier).toBe(subscription.identifier);
    expect(server.subscriptions()).toHaveLength(1);
  });
});

describe('disconnect reasons', () => {
  it('reconnects and resubscribes after server_restart with reconnect: true', async () => {
    const { consumer, states } = connect();
    const { calls, handlers, names } = recordingHandlers();
    const subscription = subscribeToChannel({ channel: 'NotesChannel' }, handlers, consumer);
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);

    server.disconnectAll('server_restart', true);
    await advanceUntil(() => consumer.connectionSnapshot.state === 'stale', IO_LIMIT_MS);
    expect(consumer.connectionSnapshot.lastDisconnect).toEqual({ reason: 'server_restart', reconnect: true });
    expect(calls[1]).toMatchObject({ name: 'disconnected', details: { willAttemptReconnect: true } });
    expect(subscription.status).toBe('pending');

    await advanceUntil(() => subscription.status === 'confirmed', RECONNECT_WITHIN_MS);
    expect(states()).toEqual(['closed', 'connecting', 'open', 'stale', 'connecting', 'reopened']);
    expect(names()).toEqual(['connected', 'disconnected', 'connected']);
    expect(calls[2]!.details).toEqual({ reconnected: true });
    expect(server.subscriptions('NotesChannel')).toHaveLength(1);
  });

  it.each(['unauthorized', 'server_restart'] as const)(
    'closes for good on %s with reconnect: false',
    async (reason) => {
      const { consumer, states } = connect();
      const { calls, handlers } = recordingHandlers();
      const subscription = subscribeToChannel({ channel: 'NotesChannel' }, handlers, consumer);
      await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);

      server.disconnectAll(reason, false);
      await advanceUntil(() => consumer.connectionSnapshot.state === 'closed', IO_LIMIT_MS);
      expect(consumer.connectionSnapshot.lastDisconnect).toEqual({ reason, reconnect: false });
      expect(calls[1]).toMatchObject({ name: 'disconnected', details: { willAttemptReconnect: false } });

      await advanceBy(QUIET_PERIOD_MS, QUIET_STEP_MS);
      expect(server.connectionCount()).toBe(0);
      expect(subscribeFrames()).toHaveLength(1);
      expect(states()).toEqual(['closed', 'connecting', 'open', 'closed']);
    },
  );

  it('never opens when the server refuses the connection as invalid_request', async () => {
    server.refuseConnections('invalid_request');
    const { consumer, states } = connect();
    subscribeToChannel({ channel: 'NotesChannel' }, {}, consumer);
    await advanceUntil(() => consumer.connectionSnapshot.lastDisconnect !== undefined, IO_LIMIT_MS);
    await advanceBy(QUIET_PERIOD_MS, QUIET_STEP_MS);
    expect(consumer.connectionSnapshot).toEqual({
      state: 'closed',
      lastDisconnect: { reason: 'invalid_request', reconnect: false },
    });
    expect(states()).toEqual(['closed', 'connecting', 'closed']);
    expect(subscribeFrames()).toHaveLength(0);
  });

  it('closes when the page disconnects the consumer', async () => {
    const { consumer, states } = connect();
    const subscription = subscribeToChannel({ channel: 'NotesChannel' }, {}, consumer);
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);
    consumer.disconnect();
    await advanceUntil(() => server.connectionCount() === 0, IO_LIMIT_MS);
    await advanceBy(QUIET_PERIOD_MS, QUIET_STEP_MS);
    expect(states()).toEqual(['closed', 'connecting', 'open', 'closed']);
    expect(consumer.connectionSnapshot.lastDisconnect).toBeUndefined();
  });
});

describe('subscriptions', () => {
  it('reports a rejected subscription to its subscriber, once, and does not retry it', async () => {
    server.rejectWhen((params) => params.channel === 'GroupChannel');
    const { consumer } = connect();
    const rejected = recordingHandlers();
    const accepted = recordingHandlers();
    const subscription = subscribeToChannel({ channel: 'GroupChannel', id: 1 }, rejected.handlers, consumer);
    const other = subscribeToChannel({ channel: 'NotesChannel' }, accepted.handlers, consumer);
    await advanceUntil(() => subscription.status === 'rejected' && other.status === 'confirmed', IO_LIMIT_MS);
    await advanceBy(QUIET_PERIOD_MS, QUIET_STEP_MS);

    expect(rejected.names()).toEqual(['rejected']);
    expect(accepted.names()).toEqual(['connected']);
    expect(subscribeFrames().filter((frame) => frame.identifier === subscription.identifier)).toHaveLength(1);
    subscription.unsubscribe();
    expect(subscription.status).toBe('unsubscribed');
    await advanceBy(TIME_STEP_MS);
    expect(server.frames.filter((frame) => frame.command === 'unsubscribe')).toEqual([]);
  });

  it(`resends an unanswered subscribe after ${CABLE_SUBSCRIPTION_RETRY_MS} ms until confirmed`, async () => {
    server.ignoreSubscribes(2);
    const { consumer } = connect();
    const subscription = subscribeToChannel({ channel: 'NotesChannel' }, {}, consumer);
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);

    const times = subscribeFrames().map((frame) => frame.at);
    expect(times).toHaveLength(3);
    for (const [index, at] of times.slice(1).entries()) {
      // Arrival times on the server: each may lag its sending by one step.
      expect(at - times[index]!).toBeGreaterThanOrEqual(CABLE_SUBSCRIPTION_RETRY_MS - TIME_STEP_MS);
      expect(at - times[index]!).toBeLessThanOrEqual(CABLE_SUBSCRIPTION_RETRY_MS + TIME_STEP_MS);
    }
  });

  it('receives what the channel transmits, performs actions and unsubscribes', async () => {
    const { consumer } = connect();
    const { calls, handlers } = recordingHandlers();
    const subscription = subscribeToChannel({ channel: 'NotesChannel' }, handlers, consumer);
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);

    server.broadcast('NotesChannel', { event: 'updated', id: 3 });
    await advanceUntil(() => calls.length === 2, IO_LIMIT_MS);
    expect(calls[1]).toMatchObject({ name: 'received', details: { event: 'updated', id: 3 } });

    const data = { note_id: 3 };
    expect(subscription.perform('refresh', data)).toBe(true);
    expect(data).toEqual({ note_id: 3 });
    subscription.unsubscribe();
    await advanceUntil(() => server.subscriptions().length === 0, IO_LIMIT_MS);
    expect(server.frames.slice(1)).toEqual([
      expect.objectContaining({
        command: 'message',
        identifier: subscription.identifier,
        data: JSON.stringify({ note_id: 3, action: 'refresh' }),
      }),
      expect.objectContaining({ command: 'unsubscribe', identifier: subscription.identifier }),
    ]);
  });
});
