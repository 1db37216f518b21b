/**
 * Boots the real server on an ephemeral loopback port with an in-memory PGlite in the state of the
 * run's migrated snapshot (globalSetup.ts; root seeded with `ROOT_TOKEN`; reused within a worker,
 * templateDatabase.ts), once per test file. Requests go over real HTTP.
 */
import type { FastifyInstance, FastifyPluginAsync, HTTPMethods } from 'fastify';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPersonalAccessToken, type TokenScope } from '../../server/domain/tokens.ts';
import { createUser, type NewUser, type UserRow } from '../../server/domain/users.ts';
import { buildServer, type ServerOptions } from '../../server/http/server.ts';
import { seedRoot } from '../../server/seed/root.ts';
import { ROOT_PASSWORD, ROOT_TOKEN } from './constants.ts';
import { acquireTemplatePglite, releaseTemplatePglite } from './templateDatabase.ts';

export { ROOT_PASSWORD, ROOT_TOKEN } from './constants.ts';

/** A response as tests read it. */
export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Options of one request. */
export interface RequestOptions {
  method?: string;
  /** A personal access token sent as `PRIVATE-TOKEN`. */
  token?: string;
  /** A JSON body (sent with `content-type: application/json`). */
  json?: unknown;
  /** A raw body (with its own content type in `headers`). */
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/**
 * Product routes a test needs that `web/index.ts` may not register yet: registered below the
 * relative root unless the server already answers `probe`.
 */
export interface WebRoutes {
  plugin: FastifyPluginAsync;
  probe: { method: HTTPMethods; url: string };
}

/** A running test server. */
export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** `http://127.0.0.1:<port>` (plus the relative root when one is set). */
  url: string;
  /** Requests `path` (relative to `url`, e.g. `/api/v4/user`). */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Creates a user (through the domain) with a token of the given scopes. */
  createUser(
    username: string,
    options?: Partial<NewUser> & { scopes?: TokenScope[] },
  ): Promise<{ user: UserRow; token: string }>;
  close(): Promise<void>;
}

/**
 * Starts a server; call `close()` in `afterAll`. `databaseUrl` runs it on PostgreSQL instead
 * of an in-memory PGlite in the snapshot's state.
 */
export async function startTestServer({
  databaseUrl,
  webRoutes = [],
  ...options
}: Partial<Omit<ServerOptions, 'database'>> & {
  databaseUrl?: string;
  webRoutes?: WebRoutes[];
} = {}): Promise<TestServer> {
  const pglite = databaseUrl ? undefined : await acquireTemplatePglite();
  const database = await openDatabase(pglite ? { pglite } : { databaseUrl: databaseUrl! });
  // The snapshot is migrated and root-seeded already (globalSetup.ts).
  if (!pglite) {
    await migrate(database);
    await seedRoot(database.db, { password: ROOT_PASSWORD, token: ROOT_TOKEN });
  }
  const app = await buildServer({ database, ...options });
  for (const { plugin, probe } of webRoutes) {
    if (!app.hasRoute({ method: probe.method, url: `${app.relativeUrlRoot}${probe.url}` })) {
      await app.register(plugin, { prefix: app.relativeUrlRoot });
    }
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}${app.relativeUrlRoot}`;

  return {
    app,
    database,
    url,
    async request<T>(path: string, { method = 'GET', token, json, body, headers = {} }: RequestOptions = {}) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...(token ? { 'private-token': token } : {}),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: json === undefined ? body : JSON.stringify(json),
        redirect: 'manual',
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: tests read `text`
      }
      return { status: response.status, headers: response.headers, body: parsed as T, text };
    },
    async createUser(username, { scopes = ['api'] as TokenScope[], ...input } = {}) {
      const user = await createUser(database.db, {
        username,
        name: username,
        email: `${username}@example.com`,
        ...input,
      });
      const { token } = await createPersonalAccessToken(database.db, { userId: user.id, name: 'test', scopes });
      return { user, token };
    },
    async close() {
      const closing = app.close();
      // fetch (undici) may open a connection it never sends a request on (after an aborted one,
      // say). Node counts such a connection as busy until its headers timeout (60 s) and `close`
      // waits for it; the tests are done, so every connection goes now.
      app.server.closeAllConnections();
      await closing;
      await database.close();
      if (pglite) await releaseTemplatePglite(pglite);
    },
  };
}
