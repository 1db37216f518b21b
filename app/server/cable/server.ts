/**
 * `{root}/cable`: the ActionCable protocol (`GITLAB-API.md` §4) over websockets. The subprotocol is
 * `actioncable-v1-json`; the server sends `welcome`, a `ping` every {@link PING_INTERVAL_MS},
 * `confirm_subscription` / `reject_subscription` with the client's identifier echoed byte for byte,
 * channel transmissions, and `disconnect` with a reason and a reconnect flag (`unauthorized` for bad
 * credentials, `server_restart` when the server shuts down). A connection is authenticated like any
 * request (session cookie or token; anonymous allowed, as GitLab's `ApplicationCable::Connection`);
 * a browser's `Origin` must be the product's own.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { entityContext } from '../api/v4/entities/context.ts';
import { authenticateRequest } from '../http/auth.ts';
import type { UserRow } from '../domain/users.ts';
import type { EventBus } from './bus.ts';
import { GRAPHQL_CHANNEL, graphqlChannel, type Channel, type ChannelConnection } from './graphqlChannel.ts';
import { NO_QUERY } from '../api/v4/params.ts';

/** Where the cable is mounted (below the relative root; the client's default, spec §7). */
export const CABLE_PATH = '/cable';
/** The only subprotocol the server speaks (the client closes on any other). */
export const CABLE_PROTOCOL = 'actioncable-v1-json';
/** Pings keep the client's stale-connection monitor (6 s) quiet. */
export const PING_INTERVAL_MS = 3000;
const MS_PER_SECOND = 1000;
/** ActionCable's disconnect reasons. */
export const DISCONNECT_REASONS = {
  unauthorized: 'unauthorized',
  invalidRequest: 'invalid_request',
  serverRestart: 'server_restart',
  remote: 'remote',
} as const;

/** The channels the server knows, by ActionCable class name. */
const CHANNELS: Record<string, Channel> = { [GRAPHQL_CHANNEL]: graphqlChannel };

/** A subscribe, unsubscribe or message command from the client. */
interface Command {
  command?: unknown;
  identifier?: unknown;
  data?: unknown;
}

function send(socket: WebSocket, frame: object): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** Is the request's `Origin` (when a browser sends one) the product's own origin? */
function originAllowed(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origin === `${request.protocol}://${request.host}`;
}

/** Registers the websocket plugin and the cable route; `bus` feeds the channels. */
export function cableRoutes(bus: EventBus) {
  return async (app: FastifyInstance): Promise<void> => {
    const sockets = new Set<WebSocket>();
    await app.register(websocket, {
      options: {
        handleProtocols: (protocols: Set<string>) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
      },
      // Shutting down: tell every client to come back (ActionCable's server_restart), then close.
      preClose(done) {
        for (const socket of sockets) {
          send(socket, { type: 'disconnect', reason: DISCONNECT_REASONS.serverRestart, reconnect: true });
          socket.close();
        }
        done();
      },
    });

    app.route({
      method: 'GET',
      url: CABLE_PATH,
      config: { deferAuthentication: true },
      schema: { querystring: NO_QUERY },
      // Rails refuses a foreign origin before the upgrade, with a 404.
      preValidation: async (request, reply) => {
        if (!originAllowed(request)) return reply.code(404).send({ message: '404 Not Found' });
      },
      handler: (_request, reply) => reply.code(404).send({ message: '404 Not Found' }),
      wsHandler: async (socket, request) => {
        let user: UserRow | null;
        try {
          user = (await authenticateRequest(request)).user;
        } catch {
          send(socket, { type: 'disconnect', reason: DISCONNECT_REASONS.unauthorized, reconnect: false });
          socket.close();
          return;
        }
        sockets.add(socket);
        const connection: ChannelConnection = {
          db: app.db,
          user,
          baseUrl: entityContext(request).baseUrl,
          root: app.relativeUrlRoot,
          bus,
          log: request.log,
        };
        const subscriptions = new Map<string, () => void>();
        send(socket, { type: 'welcome' });
        const ping = setInterval(
          () => send(socket, { type: 'ping', message: Math.floor(Date.now() / MS_PER_SECOND) }),
          PING_INTERVAL_MS,
        );

        socket.on('message', (raw) => {
          let command: Command;
          try {
            command = JSON.parse(String(raw)) as Command;
          } catch {
            request.log.warn('cable: a frame that is not JSON');
            return;
          }
          const identifier = command.identifier;
          if (typeof identifier !== 'string') return;
          if (command.command === 'subscribe') {
            if (subscriptions.has(identifier)) return; // ActionCable ignores a repeated subscribe
            let params: Record<string, unknown>;
            try {
              params = JSON.parse(identifier) as Record<string, unknown>;
            } catch {
              params = {};
            }
            const channel = typeof params.channel === 'string' ? CHANNELS[params.channel] : undefined;
            if (!channel || typeof params !== 'object' || params === null) {
              send(socket, { identifier, type: 'reject_subscription' });
              return;
            }
            // Confirm once the channel listens (a broadcast right after the confirmation must
            // arrive); what it transmits before that waits behind the confirmation.
            let pending: unknown[] | null = [];
            const transmit = (message: unknown) =>
              pending ? pending.push(message) : send(socket, { identifier, message });
            const subscription = channel.subscribed(params, connection, transmit);
            subscriptions.set(identifier, subscription.stop);
            void subscription.ready.then(() => {
              if (subscriptions.get(identifier) !== subscription.stop) return; // unsubscribed meanwhile
              send(socket, { identifier, type: 'confirm_subscription' });
              const queued = pending ?? [];
              pending = null;
              for (const message of queued) send(socket, { identifier, message });
            });
          } else if (command.command === 'unsubscribe') {
            subscriptions.get(identifier)?.();
            subscriptions.delete(identifier);
          }
          // `message` commands perform channel actions; GraphqlChannel has none.
        });

        socket.on('close', () => {
          clearInterval(ping);
          sockets.delete(socket);
          for (const stop of subscriptions.values()) stop();
          subscriptions.clear();
        });
      },
    });
  };
}
