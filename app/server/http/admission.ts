/**
 * A bounded admission queue (`FORGEKIT_MAX_IN_FLIGHT`, `FORGEKIT_MAX_QUEUE_MS`; off unless set):
 * at most `maxInFlight` requests are served at once, the next ones wait in arrival order, and one
 * that has waited `maxWaitMs` is answered at once with GitLab's throttle answer (429, `Retry-After`,
 * `{"message":"Retry later"}`), which gitbeaker and python-gitlab retry, instead of being held
 * until the client gives up. Meant for the embedded database, whose one connection serialises
 * every query (docs/decisions/015-server-performance.md).
 *
 * Not counted: in-process requests (`app.inject`, the pages' loaders calling the REST API ride on
 * their page's slot; counting them could make a page wait for itself), websocket upgrades (a cable
 * connection lives for hours) and health checks.
 */
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';
import { RETRY_LATER_MESSAGE } from './sessions.ts';

/** What `installAdmission` takes. */
export interface AdmissionLimits {
  /** Requests served at the same time. */
  maxInFlight: number;
  /** How long a request may wait for a slot before it is answered 429. */
  maxWaitMs: number;
}

/** Default longest wait (`FORGEKIT_MAX_QUEUE_MS`): half the 10 s many clients and load tools give up at. */
export const DEFAULT_MAX_QUEUE_MS = 5000;
/** Seconds a throttled client is told to wait (`Retry-After`). */
export const ADMISSION_RETRY_AFTER_SECONDS = 1;
/** The throttled status, as GitLab's rack-attack answers it. */
export const TOO_MANY_REQUESTS = 429;
const HEALTH_PATH = '/-/health';

/** Adds the admission queue to `app`; returns its counters (served now, waiting, turned away). */
export function installAdmission(app: FastifyInstance, limits: AdmissionLimits) {
  const state = { inFlight: 0, rejected: 0 };
  const waiting: (() => void)[] = [];
  const release = () => {
    // The slot passes to the longest waiter, or frees up.
    const next = waiting.shift();
    if (next) next();
    else state.inFlight -= 1;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!(request.raw.socket instanceof Socket)) return; // in-process (light-my-request's socket)
    if (request.headers.upgrade || request.url.endsWith(HEALTH_PATH)) return;
    if (state.inFlight < limits.maxInFlight) {
      state.inFlight += 1;
    } else {
      const admitted = await new Promise<boolean>((resolve) => {
        const admit = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(admit), 1);
          resolve(false);
        }, limits.maxWaitMs);
        waiting.push(admit);
      });
      if (!admitted) {
        state.rejected += 1;
        throw new ApiError(
          TOO_MANY_REQUESTS,
          { message: RETRY_LATER_MESSAGE },
          { 'retry-after': String(ADMISSION_RETRY_AFTER_SECONDS) },
        );
      }
    }
    // 'close' comes once per response, finished or aborted: the slot is never kept or freed twice.
    reply.raw.once('close', release);
  });

  return {
    get inFlight() {
      return state.inFlight;
    },
    get waiting() {
      return waiting.length;
    },
    get rejected() {
      return state.rejected;
    },
  };
}
