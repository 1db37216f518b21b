/**
 * A loopback ActionCable server for the realtime client's tests, following the protocol as Rails
 * and GitLab speak it (GITLAB-API.md section 4): sub-protocol `actioncable-v1-json`, a welcome,
 * a ping every few seconds, confirm or reject for every subscribe, the identifier echoed byte for
 * byte, and disconnect frames with a reason and the reconnect flag. Its `GraphqlChannel` runs the
 * subscription's document against a small graphql-js schema like GitLab's channel: the initial
 * execution on subscribe, then one execution per published event.
 *
 * The tests only use the `CableTestServer` interface, so the product server's `/cable` can stand in
 * for this one (see `actionCableTarget.ts`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildSchema,
  execute,
  getOperationAST,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { CABLE_PING_INTERVAL_MS, GRAPHQL_CHANNEL, type CableDisconnectReason } from '../../../src/client/realtime';

/** The only sub-protocol the client accepts (the other one it offers means "unsupported"). */
export const ACTIONCABLE_PROTOCOL = 'actioncable-v1-json';
/** Where the server listens, as in Rails. */
export const CABLE_PATH = '/cable';

/** A frame a client sent. */
export interface ClientFrame {
  command: 'subscribe' | 'unsubscribe' | 'message';
  identifier: string;
  /** For `message`: the JSON of the performed action's data. */
  data?: string;
}

/** A received frame with the server's clock (`Date.now()`) at its arrival. */
export interface ReceivedFrame extends ClientFrame {
  at: number;
}

/** A confirmed subscription on one connection. */
export interface ServerSubscription {
  identifier: string;
  params: { channel: string; [param: string]: unknown };
}

/** What the realtime tests need from a server. */
export interface CableTestServer {
  /** The absolute `ws://` URL of the cable endpoint. */
  readonly url: string;
  /** Every frame clients sent, in order. */
  readonly frames: ReceivedFrame[];
  /** Open client connections. */
  connectionCount(): number;
  /** Confirmed subscriptions over all connections, optionally of one channel. */
  subscriptions(channel?: string): ServerSubscription[];
  /** Stops sending pings (existing and new connections) until `resumePings`. */
  pausePings(): void;
  resumePings(): void;
  /** Rejects the subscriptions `predicate` picks (all other channels are confirmed). */
  rejectWhen(predicate: ((params: ServerSubscription['params']) => boolean) | undefined): void;
  /** Leaves the next `count` subscribe commands unanswered, as a lost frame would. */
  ignoreSubscribes(count: number): void;
  /** Refuses new connections with this reason (no welcome, `reconnect: false`), or accepts them again. */
  refuseConnections(reason: CableDisconnectReason | undefined): void;
  /** Sends every connection a disconnect frame and closes it. */
  disconnectAll(reason: CableDisconnectReason, reconnect: boolean): void;
  /** Transmits a message to every confirmed subscription of a channel. */
  broadcast(channel: string, message: unknown): void;
  /** Runs every GraphqlChannel subscription's document with `rootValue` and transmits the results. */
  publishGraphql(rootValue: Record<string, unknown>, options?: { final?: boolean }): Promise<void>;
  /** Transmits `{ errors }` to every GraphqlChannel subscription (as GitLab does for bad variables). */
  failGraphql(errors: GraphQLFormattedError[]): void;
  /** Closes every connection and stops listening. */
  close(): Promise<void>;
}

/** Options of the loopback server. */
export interface ActionCableServerOptions {
  /** @default CABLE_PING_INTERVAL_MS (3 s, Rails' beat interval) */
  pingIntervalMs?: number;
  /** The schema GraphqlChannel runs documents against. @default `DEFAULT_CABLE_SCHEMA` */
  schema?: GraphQLSchema;
}

/** A small part of GitLab's schema: the AI completion subscription named in the spec. */
export const DEFAULT_CABLE_SCHEMA = buildSchema(`
  type Query { currentUserId: ID }
  type AiMessage { id: ID! content: String role: String! requestId: String }
  type Subscription { aiCompletionResponse(userId: ID, clientSubscriptionId: String): AiMessage }
`);

interface Connection {
  socket: WebSocket;
  subscriptions: Map<string, ServerSubscription>;
  ping: ReturnType<typeof setInterval>;
}

/** Starts the loopback server on a free port of 127.0.0.1. */
export async function startActionCableServer(options: ActionCableServerOptions = {}): Promise<CableTestServer> {
  const { pingIntervalMs = CABLE_PING_INTERVAL_MS, schema = DEFAULT_CABLE_SCHEMA } = options;
  const http = createServer();
  const wss = new WebSocketServer({
    server: http,
    path: CABLE_PATH,
    handleProtocols: (protocols) => (protocols.has(ACTIONCABLE_PROTOCOL) ? ACTIONCABLE_PROTOCOL : false),
  });
  const connections = new Set<Connection>();
  const frames: ReceivedFrame[] = [];
  let pinging = true;
  let rejects: ((params: ServerSubscription['params']) => boolean) | undefined;
  let subscribesToIgnore = 0;
  let refusal: CableDisconnectReason | undefined;

  const send = (socket: WebSocket, frame: unknown) => socket.send(JSON.stringify(frame));
  const transmit = (connection: Connection, identifier: string, message: unknown) =>
    send(connection.socket, { identifier, message });

  const disconnect = (connection: Connection, reason: CableDisconnectReason, reconnect: boolean) => {
    send(connection.socket, { type: 'disconnect', reason, reconnect });
    connection.socket.close();
  };

  const graphqlSubscriptions = function* () {
    for (const connection of connections) {
      for (const subscription of connection.subscriptions.values()) {
        if (subscription.params.channel === GRAPHQL_CHANNEL) yield { connection, subscription };
      }
    }
  };

  const runGraphql = async (subscription: ServerSubscription, rootValue: Record<string, unknown>) => {
    const { query, variables, operationName } = subscription.params as unknown as {
      query: string;
      variables?: Record<string, unknown>;
      operationName?: string;
    };
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return { result: { errors: [{ message: (error as Error).message }] }, subscription: false };
    }
    const errors = validate(schema, document);
    if (errors.length > 0) return { result: { errors: errors.map((e) => e.toJSON()) }, subscription: false };
    const result = await execute({ schema, document, rootValue, variableValues: variables, operationName });
    // Through JSON: GraphQLError objects become their formatted shape, as on the wire.
    const formatted = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
    return { result: formatted, subscription: getOperationAST(document, operationName)?.operation === 'subscription' };
  };

  const subscribe = async (connection: Connection, identifier: string) => {
    if (subscribesToIgnore > 0) {
      subscribesToIgnore -= 1;
      return;
    }
    // Rails answers a repeated subscribe for the same identifier with nothing.
    if (connection.subscriptions.has(identifier)) return;
    const params = JSON.parse(identifier) as ServerSubscription['params'];
    if (rejects?.(params)) {
      send(connection.socket, { identifier, type: 'reject_subscription' });
      return;
    }
    const subscription = { identifier, params };
    connection.subscriptions.set(identifier, subscription);
    // Like Rails: what `subscribed` transmits goes out before the confirmation.
    if (params.channel === GRAPHQL_CHANNEL) {
      const { result, subscription: more } = await runGraphql(subscription, {});
      transmit(connection, identifier, { result, more });
      if (!more) connection.subscriptions.delete(identifier);
    }
    send(connection.socket, { identifier, type: 'confirm_subscription' });
  };

  wss.on('connection', (socket: WebSocket, _request: IncomingMessage) => {
    const connection: Connection = {
      socket,
      subscriptions: new Map(),
      ping: setInterval(() => {
        if (pinging) send(socket, { type: 'ping', message: Math.floor(Date.now() / 1000) });
      }, pingIntervalMs),
    };
    connections.add(connection);
    socket.on('close', () => {
      clearInterval(connection.ping);
      connections.delete(connection);
    });
    if (refusal) {
      disconnect(connection, refusal, false);
      return;
    }
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as ClientFrame;
      frames.push({ ...frame, at: Date.now() });
      if (frame.command === 'subscribe') void subscribe(connection, frame.identifier);
      else if (frame.command === 'unsubscribe') connection.subscriptions.delete(frame.identifier);
    });
    send(socket, { type: 'welcome' });
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}${CABLE_PATH}`,
    frames,
    connectionCount: () => connections.size,
    subscriptions: (channel) =>
      [...connections]
        .flatMap((c) => [...c.subscriptions.values()])
        .filter((s) => !channel || s.params.channel === channel),
    pausePings: () => {
      pinging = false;
    },
    resumePings: () => {
      pinging = true;
    },
    rejectWhen: (predicate) => {
      rejects = predicate;
    },
    ignoreSubscribes: (count) => {
      subscribesToIgnore = count;
    },
    refuseConnections: (reason) => {
      refusal = reason;
    },
    disconnectAll: (reason, reconnect) => {
      for (const connection of connections) disconnect(connection, reason, reconnect);
    },
    broadcast: (channel, message) => {
      for (const connection of connections) {
        for (const { identifier, params } of connection.subscriptions.values()) {
          if (params.channel === channel) transmit(connection, identifier, message);
        }
      }
    },
    publishGraphql: async (rootValue, { final = false } = {}) => {
      for (const { connection, subscription } of [...graphqlSubscriptions()]) {
        const { result } = await runGraphql(subscription, rootValue);
        transmit(connection, subscription.identifier, { result, more: !final });
        if (final) connection.subscriptions.delete(subscription.identifier);
      }
    },
    failGraphql: (errors) => {
      for (const { connection, subscription } of [...graphqlSubscriptions()]) {
        transmit(connection, subscription.identifier, { errors });
        connection.subscriptions.delete(subscription.identifier);
      }
    },
    close: async () => {
      for (const { socket } of connections) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
