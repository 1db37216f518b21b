/**
 * Work for a request its client has abandoned is skipped. On the embedded database every query
 * waits its turn at the one connection; under load a request can wait there for seconds, and a
 * client that gave up (its connection closed before the answer) would still have its queries run
 * ahead of those still waiting. Each request over the network carries an `AbortSignal`, aborted
 * when its connection closes before the answer is out; the database queue (db/pgliteDialect.ts)
 * reads it when each query's turn comes.
 *
 * What is skipped: every further query of a GET or HEAD (reads only), and for the other methods
 * only the first one, so a write that started is never left half done. In-process requests (the
 * pages' loaders calling the REST API) run in their page's context and share its signal.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/** nginx's status for a request whose client closed the connection (never sent: nobody listens). */
export const CLIENT_CLOSED_REQUEST = 499;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The request whose work runs in the current async context. */
interface RequestWork {
  signal: AbortSignal;
  /** True for reads: any of its queries may be skipped. */
  safe: boolean;
  /** Whether a query of it has run. */
  started: boolean;
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
 * when the current request was abandoned and the query may be skipped, else records that the
 * request's database work has started.
 */
export function checkAbandoned(): void {
  const work = current.getStore();
  if (!work) return;
  if (work.signal.aborted && (work.safe || !work.started)) throw new RequestAbandonedError();
  work.started = true;
}

/**
 * Gives each request over the network its signal: installed first, so every later hook and the
 * handler run inside it. Entered again after the body is read: the parser resumes from the
 * socket's events, outside the request's context.
 */
export function installAbandonment(app: FastifyInstance): void {
  const works = new WeakMap<FastifyRequest, RequestWork>();
  app.addHook('onRequest', (request, reply, done) => {
    if (!(request.raw.socket instanceof Socket)) return done(); // in-process: its caller's context
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const work = { signal: controller.signal, safe: SAFE_METHODS.has(request.method), started: false };
    works.set(request, work);
    current.run(work, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const work = works.get(request);
    if (work) current.run(work, done);
    else done();
  });
}
