/**
 * The Fastify app factory. Everything generic lives here or in the sibling modules, once:
 * request ids, auth, CSRF, errors in GitLab's shapes, body parsing, boolean coercion, the
 * exact `application/json` content type, the optional `.json` suffix on API routes, the
 * relative URL root, health, and logging of every 5xx with its request id.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { apiV4 } from '../api/v4/index.ts';
import { EntityCache } from '../cache/entityCache.ts';
import type { Database } from '../db/connection.ts';
import type { Db } from '../db/schema.ts';
import { RepositoryStore } from '../domain/git.ts';
import { productRoutes } from '../web/index.ts';
import type { RateLimit } from '../domain/rateLimit.ts';
import { installAbandonment } from './abandoned.ts';
import { installAdmission, type AdmissionLimits } from './admission.ts';
import { installAuth } from './auth.ts';
import { installBodyHandling } from './body.ts';
import { installConnectionDraining } from './connections.ts';
import { installErrorHandlers, onFrameworkError } from './errors.ts';
import { lazyValidatorFactory } from './lazyValidators.ts';
import { healthRoutes } from './health.ts';
import { installResponseCache } from './responseCache.ts';
import { SIGN_IN_RATE_LIMIT, sessionRoutes } from './sessions.ts';

/** Where the REST API is mounted (below the relative URL root). */
export const API_PREFIX = '/api/v4';
/** Default request body limit: 1 MiB (a route that takes uploads sets its own `bodyLimit`). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** GitLab's optional format suffix on API routes. */
const JSON_SUFFIX = '.json';
/** Status codes from this one up are logged as errors. */
const SERVER_ERROR = 500;

/** What `buildServer` takes. */
export interface ServerOptions {
  database: Database;
  /** Mount point such as `/forge` (`FORGEKIT_RELATIVE_URL_ROOT`); empty for the root. */
  relativeUrlRoot?: string;
  /** Fastify's logger option (main: pino at info; tests: off or a capture stream). */
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  signInRateLimit?: RateLimit;
  /** Where the projects' git repositories live; default: a temporary directory removed on close. */
  repositoriesDir?: string;
  /** A bounded admission queue (`admission.ts`); none by default. */
  admission?: AdmissionLimits;
  /** Called with every route as it is registered (tests walk them: tests/api/routeSchemas.test.ts). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The typed query builder (Kysely) over the server's database. */
    db: Db;
    /** The relative URL root, `''` or `/forge`. */
    relativeUrlRoot: string;
    /** True once shutdown has begun (health turns 503). */
    draining: boolean;
    /** The projects' git repositories. */
    repositories: RepositoryStore;
    /** Serialised issues of the REST lists, per viewer and version (`present_cached`). */
    issueEntityCache: EntityCache;
  }
}

/**
 * Fastify's Ajv options. GitLab's parameters take several JSON types (`labels`: a string or an
 * array): say so once instead of Ajv warning about every such schema.
 */
export const AJV_OPTIONS = { customOptions: { allowUnionTypes: true } } as const;

/** Normalises `FORGEKIT_RELATIVE_URL_ROOT`: `forge/` → `/forge`, `/` → ``. */
export function normalizeRelativeUrlRoot(root: string | undefined): string {
  const trimmed = (root ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

/** Builds the server (routes registered, not listening). */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const root = normalizeRelativeUrlRoot(options.relativeUrlRoot);
  const apiRoot = `${root}${API_PREFIX}/`;
  const app = fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    frameworkErrors: onFrameworkError,
    ajv: AJV_OPTIONS,
    schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() } },
    // Grape accepts `/api/v4/projects.json` for `/api/v4/projects`: strip the suffix once here.
    rewriteUrl(request) {
      const url = request.url ?? '/';
      const queryStart = url.indexOf('?');
      const path = queryStart === -1 ? url : url.slice(0, queryStart);
      if (!path.startsWith(apiRoot) || !path.endsWith(JSON_SUFFIX)) return url;
      return path.slice(0, -JSON_SUFFIX.length) + (queryStart === -1 ? '' : url.slice(queryStart));
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('db', options.database.db);
  options.database.onConnectionError = (error) =>
    app.log.warn({ err: error }, 'PostgreSQL ended an idle connection; the next query opens another');
  app.decorate('relativeUrlRoot', root);
  app.decorate('draining', false);
  installConnectionDraining(app);
  app.decorate('issueEntityCache', new EntityCache());
  const repositoriesDir = options.repositoriesDir ?? (await mkdtemp(join(tmpdir(), 'forgekit-repositories-')));
  app.decorate('repositories', new RepositoryStore(repositoriesDir));
  if (!options.repositoriesDir) app.addHook('onClose', () => rm(repositoriesDir, { recursive: true, force: true }));

  // Callback hooks, not async ones: every request passes them, and a promise each costs CPU.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Before any database work: the later hooks and the handler run in the request's context. Only
  // the embedded database's queue reads it; on PostgreSQL its async context would cost every
  // request CPU for nothing.
  if (options.database.kind === 'pglite') installAbandonment(app);
  // Before auth, whose token lookup is already database work.
  if (options.admission) installAdmission(app, options.admission);
  app.addHook('onSend', (_request, reply, payload, done) => {
    // python-gitlab compares the media type exactly: no `; charset=utf-8`.
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', 'application/json');
    // Draining: an answer that finishes after the signal closes its connection, or a client's
    // keep-alive (Fastify's is 72 s) would hold the shutdown, and the database, open that long.
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= SERVER_ERROR) {
      request.log.error({ reqId: request.id, statusCode: reply.statusCode, url: request.url }, 'server error');
    }
    done();
  });
  installErrorHandlers(app);
  installBodyHandling(app);
  await app.register(fastifyCookie);
  // Before auth: a replayed answer needs no authentication beyond its fingerprint.
  installResponseCache(app);
  installAuth(app);

  await app.register(
    async (scope) => {
      await scope.register(healthRoutes(() => app.draining));
      await scope.register(
        sessionRoutes({ cookiePath: root || '/', signInRateLimit: options.signInRateLimit ?? SIGN_IN_RATE_LIMIT }),
      );
      await scope.register(apiV4, { prefix: API_PREFIX });
      await scope.register(productRoutes(options.database));
    },
    { prefix: root },
  );
  return app;
}
