/**
 * Reads their client has abandoned are skipped. On the embedded database every query waits its
 * turn at the one connection; under load a request can wait there for seconds, and a client that
 * gave up (its connection closed before the answer) would still have its queries run ahead of
 * those still waiting. Each GET or HEAD over the network carries an `AbortSignal`, aborted when its
 * connection closes before the answer is out; the database queue (db/pgliteDialect.ts) reads it
 * when each query's turn comes, and skips every further query of an abandoned read.
 *
 * A write is always carried out, as GitLab does: its client sent it whole, and a browser that
 * leaves the page (a reload right after a click on a reaction) closes the connection of a request
 * whose optimistic result the user has already seen. In-process requests (the pages' loaders
 * calling the REST API) run in their page's context and share its signal.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/** nginx's status for a request whose client closed the connection (never sent: nobody listens). */
export const CLIENT_CLOSED_REQUEST = 499;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The read whose work runs in the current async context. */
interface RequestWork {
  signal: AbortSignal;
}

const current = new AsyncLocalStorage<RequestWork>();

/** The error a skipped query throws (answered 499 to a connection that is gone; not logged). */
export class RequestAbandonedError extends ApiError {
  constructor() {
    super(CLIENT_CLOSED_REQUEST, { message: `${CLIENT_CLOSED_REQUEST} Client Closed Request` });
  }
}

/**
 * Called by the database queue when a query's turn comes: throws {@link RequestAbandonedError}
 * when the current read was abandoned.
 */
export function checkAbandoned(): void {
  if (current.getStore()?.signal.aborted) throw new RequestAbandonedError();
}

/**
 * Gives each read over the network its signal: installed first, so every later hook and the
 * handler run inside it. Entered again after the body is read (a GET may have one): the parser
 * resumes from the socket's events, outside the request's context.
 */
export function installAbandonment(app: FastifyInstance): void {
  const works = new WeakMap<FastifyRequest, RequestWork>();
  app.addHook('onRequest', (request, reply, done) => {
    // In-process: its caller's context. A write: always carried out.
    if (!(request.raw.socket instanceof Socket) || !SAFE_METHODS.has(request.method)) return done();
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const work = { signal: controller.signal };
    works.set(request, work);
    current.run(work, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const work = works.get(request);
    if (work) current.run(work, done);
    else done();
  });
}
