/**
 * The realtime consumer: one ActionCable connection per page, shared by every channel
 * subscription (GitLab's `~/actioncable_consumer`), plus its observable connection state.
 *
 * The protocol, the heartbeat and the reconnection are `@rails/actioncable`'s own. This module
 * only watches them: a `ConnectionMonitor` subclass reports what the library's monitor records
 * (connect, disconnect, staleness) and a `Connection` subclass reports sockets being opened and
 * the reason of the server's `disconnect` frame.
 */
import { Consumer } from '@rails/actioncable';
import { useCallback, useSyncExternalStore } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { getPageConfig } from '../config';
import { Connection, ConnectionMonitor, INTERNAL, type ConnectionEvents, type ConnectionInstance } from './internals';

/** Seconds without any message (ping included) after which the connection is stale (spec). */
export const CABLE_STALE_THRESHOLD_SECONDS = 6;
/** Milliseconds between closing a stale socket and opening the next one (spec). */
export const CABLE_REOPEN_DELAY_MS = 500;
/** Milliseconds between resent `subscribe` commands until the server confirms (spec). */
export const CABLE_SUBSCRIPTION_RETRY_MS = 500;
/** Milliseconds after the page becomes visible before a stale or closed connection reopens (spec). */
export const CABLE_VISIBILITY_CHECK_MS = 200;
/** Milliseconds between the server's `ping` frames (Rails' beat interval): half the stale threshold. */
export const CABLE_PING_INTERVAL_MS = 3000;

/**
 * The connection as the page sees it:
 * - `connecting`: a socket is opening, not yet welcomed;
 * - `open`: welcomed for the first time;
 * - `stale`: no message for longer than the stale threshold, or the socket closed and the
 *   monitor will reopen it;
 * - `reopened`: welcomed again after a reconnect (subscriptions are being resubscribed);
 * - `closed`: no socket and none coming (never opened, disconnected without reconnect).
 */
export type CableConnectionState = 'connecting' | 'open' | 'stale' | 'reopened' | 'closed';

/** The reasons a server's `disconnect` frame gives (spec; `remote` is a server-side disconnect). */
export const CABLE_DISCONNECT_REASONS = ['unauthorized', 'invalid_request', 'server_restart', 'remote'] as const;

/** A reason from `CABLE_DISCONNECT_REASONS`. */
export type CableDisconnectReason = (typeof CABLE_DISCONNECT_REASONS)[number];

/** What the server's last `disconnect` frame said. */
export interface CableDisconnect {
  /** Why; `undefined` when the server gave no reason this client knows. */
  reason: CableDisconnectReason | undefined;
  /** Whether the server allowed a reconnect (the client then reconnects on its own). */
  reconnect: boolean;
}

/** The observable value: the connection state and the server's last disconnect. */
export interface CableConnectionSnapshot {
  state: CableConnectionState;
  /** The last `disconnect` frame since the consumer was created, if any. */
  lastDisconnect: CableDisconnect | undefined;
}

type ConnectionReport =
  | { type: 'opening' | 'welcome' | 'stale' }
  | { type: 'closed'; willReconnect: boolean }
  | ({ type: 'disconnect' } & CableDisconnect);

type Report = (report: ConnectionReport) => void;

/** The library's monitor, reporting what it records. */
class ReportingMonitor extends ConnectionMonitor {
  constructor(
    connection: ConnectionInstance,
    private readonly report: Report,
  ) {
    super(connection);
  }

  override recordConnect(): void {
    super.recordConnect();
    this.report({ type: 'welcome' });
  }

  override recordDisconnect(): void {
    super.recordDisconnect();
    // A monitor still running means the library will reopen the connection.
    this.report({ type: 'closed', willReconnect: Boolean(this.isRunning()) });
  }

  override reconnectIfStale(): void {
    if (this.connectionIsStale()) this.report({ type: 'stale' });
    super.reconnectIfStale();
  }
}

/** The library's connection, reporting opened sockets and `disconnect` frames. */
class ReportingConnection extends Connection {
  constructor(
    consumer: Consumer,
    readonly report: Report,
  ) {
    super(consumer);
    this.monitor = new ReportingMonitor(this, report);
  }

  override open(): boolean {
    const opening = super.open();
    if (opening) this.report({ type: 'opening' });
    return opening;
  }
}

const libraryEvents = Connection.prototype.events;
const DISCONNECT_TYPE = INTERNAL.message_types.disconnect;

ReportingConnection.prototype.events = {
  ...libraryEvents,
  message(this: ReportingConnection, event: MessageEvent) {
    const handled = libraryEvents.message.call(this, event);
    const disconnect = readDisconnectFrame(event.data);
    if (disconnect) this.report({ type: 'disconnect', ...disconnect });
    return handled;
  },
} as ConnectionEvents;

function readDisconnectFrame(data: unknown): CableDisconnect | undefined {
  // Parsed a second time only when it can be a disconnect frame (channel payloads can be large).
  if (typeof data !== 'string' || !data.includes(`"${DISCONNECT_TYPE}"`)) return undefined;
  const frame = JSON.parse(data) as { type?: unknown; reason?: unknown; reconnect?: unknown };
  if (frame.type !== DISCONNECT_TYPE) return undefined;
  const known = (CABLE_DISCONNECT_REASONS as readonly unknown[]).includes(frame.reason);
  return { reason: known ? (frame.reason as CableDisconnectReason) : undefined, reconnect: frame.reconnect === true };
}

const INITIAL_SNAPSHOT: CableConnectionSnapshot = { state: 'closed', lastDisconnect: undefined };

/**
 * An ActionCable consumer (`@rails/actioncable`'s `Consumer`) whose connection state can be
 * observed. It opens its socket with the first channel subscription.
 */
export class CableConsumer extends Consumer {
  readonly #snapshot = new BehaviorSubject<CableConnectionSnapshot>(INITIAL_SNAPSHOT);
  #welcomed = false;

  /** The connection state: the current snapshot on subscription, then every change. */
  readonly connection$: Observable<CableConnectionSnapshot> = this.#snapshot.asObservable();

  /** @param url An absolute `ws://` or `wss://` URL (see `resolveCableUrl`). */
  constructor(url: string) {
    super(url);
    const connection = new ReportingConnection(this, (report) => this.#apply(report));
    (this as unknown as { connection: ConnectionInstance }).connection = connection;
  }

  /** The current connection snapshot. */
  get connectionSnapshot(): CableConnectionSnapshot {
    return this.#snapshot.value;
  }

  #apply(report: ConnectionReport): void {
    const current = this.#snapshot.value;
    let { state, lastDisconnect } = current;
    switch (report.type) {
      case 'opening':
        state = 'connecting';
        break;
      case 'welcome':
        state = this.#welcomed ? 'reopened' : 'open';
        this.#welcomed = true;
        break;
      case 'stale':
        state = 'stale';
        break;
      case 'closed':
        state = report.willReconnect ? 'stale' : 'closed';
        break;
      case 'disconnect':
        lastDisconnect = { reason: report.reason, reconnect: report.reconnect };
        break;
    }
    if (state !== current.state || lastDisconnect !== current.lastDisconnect) {
      this.#snapshot.next({ state, lastDisconnect });
    }
  }
}

/**
 * Makes a cable URL absolute with a websocket scheme, as `@rails/actioncable` needs it:
 * `/cable` on `https://host/page` becomes `wss://host/cable`.
 *
 * @param base The URL relative ones resolve against. @default the page's location
 * @throws TypeError for a relative URL when there is no base (server rendering, Node).
 */
export function resolveCableUrl(url: string, base: string | undefined = globalThis.location?.href): string {
  if (/^wss?:/i.test(url)) return url;
  if (!base && !/^https?:/i.test(url)) {
    throw new TypeError(`The cable URL "${url}" is relative and there is no page location to resolve it against`);
  }
  const absolute = new URL(url, base);
  absolute.protocol = absolute.protocol.replace(/^http/i, 'ws');
  return absolute.href;
}

/**
 * Creates a new consumer. Most code wants the shared one (`getCableConsumer`); a second consumer
 * opens a second socket.
 *
 * @param url The cable endpoint. @default the page's `action-cable-url` meta tag, else `/cable`
 * under the relative root (`getPageConfig().actionCableUrl`)
 */
export function createCableConsumer(url: string = getPageConfig().actionCableUrl): CableConsumer {
  return new CableConsumer(resolveCableUrl(url));
}

let sharedConsumer: CableConsumer | undefined;

/** The page's shared consumer, created on the first call (never at import time). */
export function getCableConsumer(): CableConsumer {
  sharedConsumer ??= createCableConsumer();
  return sharedConsumer;
}

/**
 * Disconnects the shared consumer and forgets it: the next `getCableConsumer()` creates a new
 * one from the page configuration (after signing out, or between tests).
 */
export function resetCableConsumer(): void {
  sharedConsumer?.disconnect();
  sharedConsumer = undefined;
}

/**
 * Listens to a consumer's connection state: called with the current snapshot at once, then on
 * every change. Returns the function that stops listening.
 */
export function subscribeCableConnection(
  listener: (snapshot: CableConnectionSnapshot) => void,
  consumer: CableConsumer = getCableConsumer(),
): () => void {
  const subscription = consumer.connection$.subscribe(listener);
  return () => subscription.unsubscribe();
}

/**
 * The connection state of a consumer (the shared one by default), re-rendering on change.
 * Server rendering and hydration see `closed`; the shared consumer is created on subscription.
 */
export function useCableConnectionState(consumer?: CableConsumer): CableConnectionState {
  const subscribe = useCallback(
    (onChange: () => void) => subscribeCableConnection(onChange, consumer ?? getCableConsumer()),
    [consumer],
  );
  return useSyncExternalStore(
    subscribe,
    () => (consumer ?? sharedConsumer)?.connectionSnapshot.state ?? INITIAL_SNAPSHOT.state,
    () => INITIAL_SNAPSHOT.state,
  );
}
