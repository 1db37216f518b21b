/**
 * The parts of `@rails/actioncable` that its type package leaves out: the connection, its monitor
 * and the protocol table. They are exported by the library (and stable since Rails 6); the realtime
 * consumer subclasses them to observe the connection instead of re-implementing the heartbeat.
 */
import * as ActionCable from '@rails/actioncable';

/** `ConnectionMonitor`: polls for staleness and reopens the connection. */
export interface ConnectionMonitorInstance {
  readonly connection: ConnectionInstance;
  start(): void;
  stop(): void;
  isRunning(): boolean;
  recordMessage(): void;
  recordConnect(): void;
  recordDisconnect(): void;
  reconnectIfStale(): void;
  connectionIsStale(): boolean;
}

/** The socket handlers a `Connection` installs (`onmessage`, `onopen`, ...). */
export interface ConnectionEvents {
  message(this: ConnectionInstance, event: MessageEvent): unknown;
  open(this: ConnectionInstance): unknown;
  close(this: ConnectionInstance, event: CloseEvent): unknown;
  error(this: ConnectionInstance): unknown;
}

/** `Connection`: one websocket at a time, reopened by its monitor. */
export interface ConnectionInstance {
  monitor: ConnectionMonitorInstance;
  events: ConnectionEvents;
  open(): boolean;
  close(options?: { allowReconnect?: boolean }): void;
  reopen(): void;
  isOpen(): boolean;
  isActive(): boolean;
  getProtocol(): string | undefined;
}

interface Internals {
  Connection: {
    new (consumer: ActionCable.Consumer): ConnectionInstance;
    readonly prototype: ConnectionInstance;
    /** Milliseconds between closing a stale socket and opening the next. */
    reopenDelay: number;
  };
  ConnectionMonitor: {
    new (connection: ConnectionInstance): ConnectionMonitorInstance;
    /** Seconds without any message after which the connection counts as stale. */
    staleThreshold: number;
  };
  INTERNAL: {
    message_types: Record<'welcome' | 'disconnect' | 'ping' | 'confirmation' | 'rejection', string>;
    disconnect_reasons: Record<string, string>;
    default_mount_path: string;
    protocols: string[];
  };
}

const internals = ActionCable as unknown as Internals;

export const Connection = internals.Connection;
export const ConnectionMonitor = internals.ConnectionMonitor;
export const INTERNAL = internals.INTERNAL;
