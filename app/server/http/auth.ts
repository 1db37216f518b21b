/**
 * Who is asking: a personal access token (`PRIVATE-TOKEN`, `Authorization: Bearer`,
 * `private_token`) or the session cookie, resolved once per request into `request.auth`.
 * Token scopes: `read_api` may only read. Cookie requests that write must carry the CSRF token
 * (`X-CSRF-Token`, or `X-XSRF-TOKEN` echoing the `XSRF-TOKEN` cookie). Blocked users are refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../domain/permissions.ts';
import { findSessionOwner } from '../domain/sessions.ts';
import { findPersonalAccessTokenOwner } from '../domain/tokens.ts';
import type { UserRow } from '../domain/users.ts';
import { ApiError, forbidden, unauthorized } from './errors.ts';

/** The session cookie's name. */
export const SESSION_COOKIE = '_forgekit_session';
/** The cookie the browser client echoes as `X-XSRF-TOKEN` (spec §9). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Request headers that carry the CSRF token. */
export const CSRF_HEADERS = ['x-csrf-token', 'x-xsrf-token'] as const;
/** GitLab's refusal of a blocked account. */
export const BLOCKED_MESSAGE = 'Your account has been blocked.';

/** The refusal of a cookie request that writes without the session's CSRF token. */
export const CSRF_MESSAGE = 'Invalid CSRF token.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How the request authenticated. */
export interface RequestAuth {
  /** The signed-in user, or `null` for an anonymous request. */
  user: UserRow | null;
  via: 'token' | 'session' | null;
  /** Token scopes (tokens only). */
  scopes: string[];
  /** The session's CSRF token (sessions only). */
  csrfToken: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook before validation. */
    auth: RequestAuth;
  }
  interface FastifyContextConfig {
    /** The route authenticates itself with `authenticateRequest` (the hook leaves it anonymous). */
    deferAuthentication?: boolean;
    /**
     * A file that is the same for everyone (the built assets, the icon sprite, the emoji data, the
     * diagram sandbox): served without looking up who asks. A signed-in page load requests a
     * hundred-odd such files, and each cost a session query.
     */
    publicFile?: boolean;
  }
}

/** Authenticates a request (throws 401/403 in GitLab's shapes), for routes that defer it. */
export function authenticateRequest(request: FastifyRequest): Promise<RequestAuth> {
  return authenticate(request.server, request);
}

/** The permission subject of a request: `null` when anonymous. */
export function actorOf(request: FastifyRequest): Actor | null {
  return request.auth.user;
}

/** The signed-in user, or a 401 in GitLab's shape. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.auth.user) throw unauthorized();
  return request.auth.user;
}

/** The signed-in administrator, or 401/403. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.admin) throw forbidden();
  return user;
}

/** The personal access token a request presents (header, bearer or `private_token`), if any. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers['private-token'];
  if (typeof header === 'string' && header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  const query = (request.query as Record<string, unknown> | undefined)?.private_token;
  return typeof query === 'string' && query ? query : undefined;
}

function tokenError(description: string): ApiError {
  return new ApiError(401, { error: 'invalid_token', error_description: description });
}

function assertActive(user: UserRow): UserRow {
  if (user.state !== 'active') throw forbidden(BLOCKED_MESSAGE);
  return user;
}

// One query per request for who is asking: the token or session joined with its user.
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<RequestAuth> {
  const token = presentedToken(request);
  if (token) {
    const row = await findPersonalAccessTokenOwner(app.db, token);
    if (!row) throw unauthorized();
    const { token_scopes: scopes, token_revoked: revoked, token_expired: expired, ...user } = row;
    if (revoked) throw tokenError('Token was revoked. You have to re-authorize from the user.');
    if (expired) throw tokenError('Token has expired.');
    if (!scopes.includes('api') && !SAFE_METHODS.has(request.method)) {
      throw new ApiError(403, {
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: 'api',
      });
    }
    return { user: assertActive(user), via: 'token', scopes, csrfToken: null };
  }
  const sessionId = request.cookies[SESSION_COOKIE];
  const row = sessionId ? await findSessionOwner(app.db, sessionId) : undefined;
  if (!row || row.state !== 'active') {
    return { user: null, via: null, scopes: [], csrfToken: null };
  }
  const { session_csrf_token: csrfToken, ...user } = row;
  if (!SAFE_METHODS.has(request.method)) {
    const presented = CSRF_HEADERS.map((name) => request.headers[name]).find((value) => typeof value === 'string');
    if (presented !== csrfToken) throw forbidden(CSRF_MESSAGE);
  }
  return { user, via: 'session', scopes: [], csrfToken };
}

/** Installs the hook that fills `request.auth` (needs `@fastify/cookie` registered first). */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null as unknown as RequestAuth);
  app.addHook('onRequest', async (request) => {
    const { deferAuthentication, publicFile } = request.routeOptions.config;
    request.auth =
      deferAuthentication || publicFile
        ? { user: null, via: null, scopes: [], csrfToken: null }
        : await authenticate(app, request);
  });
}
