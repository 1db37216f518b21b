/**
 * Shutdown without waiting for clients that are not asking anything. `app.close()` (SIGTERM)
 * stops accepting, lets every request in flight finish with its answer (sent with
 * `Connection: close`), and closes at once every connection with no request in flight: idle
 * keep-alive ones and silent ones (a client that connected and sent nothing, or only part of a
 * request's head). Node's `closeIdleConnections()`, which Fastify calls, leaves the silent ones
 * open until their headers timeout (60 s), and `close()` would wait for them that long.
 *
 * Websocket connections are not counted here: `@fastify/websocket` closes them with a close frame.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Tracks the server's connections from the start; on close, ends the ones with nothing in flight. */
export function installConnectionDraining(app: FastifyInstance): void {
  /** Requests in flight per HTTP connection (0: idle or silent). */
  const inFlight = new Map<Socket, number>();
  let closing = false;

  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  // An upgraded connection belongs to the websocket server from now on.
  app.server.on('upgrade', (request: IncomingMessage) => inFlight.delete(request.socket));
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const before = inFlight.get(socket);
    if (before === undefined) return;
    inFlight.set(socket, before + 1);
    response.once('close', () => {
      const requests = inFlight.get(socket);
      if (requests === undefined) return; // the connection is gone
      const left = requests - 1;
      inFlight.set(socket, left);
      // Draining: the answer went out with `Connection: close`; nothing else may start on it.
      if (closing && left === 0) socket.destroySoon();
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    app.draining = true;
    for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
  });
}
