// The realtime consumer on a page (jsdom): its URL from the action-cable-url meta tag, the
// connection-state hook (server render, then live updates) and the visibility check.
import { act, renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPageConfig } from '../../src/client/config';
import {
  CABLE_REOPEN_DELAY_MS,
  CABLE_STALE_THRESHOLD_SECONDS,
  CABLE_VISIBILITY_CHECK_MS,
  getCableConsumer,
  resetCableConsumer,
  subscribeCableConnection,
  subscribeToChannel,
  useCableConnectionState,
  type CableConnectionState,
} from '../../src/client/realtime';
import type { CableTestServer } from './helpers/actionCableServer';
import {
  TIME_STEP_MS,
  advanceBy,
  advanceUntil,
  installActionCableForNode,
  startCableTestServer,
  installFakeCableTime,
} from './helpers/actionCableSetup';

const MS_PER_SECOND = 1000;
const IO_LIMIT_MS = 2000;

let server: CableTestServer;

function setCableMeta(url: string | undefined): void {
  document.head.querySelector('meta[name="action-cable-url"]')?.remove();
  if (url === undefined) return;
  const meta = document.createElement('meta');
  meta.name = 'action-cable-url';
  meta.content = url;
  document.head.append(meta);
}

// jsdom's own WebSocket (undici's) does not work under jsdom's Event; the page keeps its listeners.
beforeAll(() => installActionCableForNode());
beforeEach(async () => {
  server = await startCableTestServer();
});
afterEach(async () => {
  resetCableConsumer();
  resetPageConfig();
  setCableMeta(undefined);
  await server.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('URL', () => {
  it('connects to the action-cable-url meta tag, made absolute against the page', () => {
    setCableMeta('/-/cable');
    expect(getCableConsumer().url).toBe(`ws://${location.host}/-/cable`);
  });

  it('defaults to /cable', () => {
    expect(getCableConsumer().url).toBe(`ws://${location.host}/cable`);
  });
});

describe('useCableConnectionState', () => {
  function State() {
    return <output>{useCableConnectionState()}</output>;
  }

  it('renders closed on the server', () => {
    expect(renderToString(<State />)).toBe('<output>closed</output>');
  });

  it('follows the shared consumer: closed, connecting, open, then closed', async () => {
    setCableMeta(server.url);
    const { result } = renderHook(() => useCableConnectionState());
    expect(result.current).toBe('closed');
    const seen: CableConnectionState[] = [];
    subscribeCableConnection(({ state }) => seen.push(state));

    act(() => void subscribeToChannel({ channel: 'NotesChannel' }, {}));
    expect(result.current).toBe('connecting');
    await waitFor(() => expect(result.current).toBe('open'));
    act(() => getCableConsumer().disconnect());
    await waitFor(() => expect(result.current).toBe('closed'));
    expect(seen).toEqual(['closed', 'connecting', 'open', 'closed']);
  });
});

describe('visibility', () => {
  it(`reopens a stale connection ${CABLE_VISIBILITY_CHECK_MS} ms after the page becomes visible`, async () => {
    installFakeCableTime();
    // The monitor's first poll then comes just before twice the stale threshold, well after
    // the page turns visible.
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    setCableMeta(server.url);
    const consumer = getCableConsumer();
    const changes: { state: CableConnectionState; at: number }[] = [];
    subscribeCableConnection(({ state }) => changes.push({ state, at: Date.now() }), consumer);
    const subscription = subscribeToChannel({ channel: 'NotesChannel' }, {}, consumer);
    await advanceUntil(() => subscription.status === 'confirmed', IO_LIMIT_MS);
    server.pausePings();
    await advanceBy(CABLE_STALE_THRESHOLD_SECONDS * MS_PER_SECOND + TIME_STEP_MS);
    expect(consumer.connectionSnapshot.state).toBe('open');

    expect(document.visibilityState).toBe('visible');
    const visibleAt = Date.now();
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await advanceUntil(() => consumer.connectionSnapshot.state === 'reopened', IO_LIMIT_MS);

    const states = changes.map((change) => change.state);
    expect(states).toEqual(['closed', 'connecting', 'open', 'stale', 'connecting', 'reopened']);
    const reconnecting = changes.findLast((change) => change.state === 'connecting')!;
    expect(reconnecting.at - visibleAt).toBe(CABLE_VISIBILITY_CHECK_MS + CABLE_REOPEN_DELAY_MS);
  });
});
