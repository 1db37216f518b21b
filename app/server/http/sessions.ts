/**
 * Signing in and out with a session cookie (HttpOnly, SameSite=Lax) plus the `XSRF-TOKEN`
 * cookie the browser client echoes. Sign-in attempts are rate limited per client address,
 * in the database, so every process counts together.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyPassword } from '../domain/passwords.ts';
import { hitRateLimit, type RateLimit } from '../domain/rateLimit.ts';
import { SESSION_LIFETIME_MS, createSession, destroySession, findSessionOwner } from '../domain/sessions.ts';
import { BLOCKED_MESSAGE, CSRF_HEADERS, CSRF_MESSAGE, SESSION_COOKIE, XSRF_COOKIE } from './auth.ts';
import { ApiError, forbidden } from './errors.ts';
import { NO_QUERY } from '../api/v4/params.ts';

/** Default sign-in limit: 10 attempts per client address per minute. */
export const SIGN_IN_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 60 };
/** The refusal of a wrong login or password (GitLab's flash text). */
export const INVALID_LOGIN_MESSAGE = 'Invalid login or password.';
/** A plain HTML form's body type. */
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
/** GitLab's throttle answer. */
export const RETRY_LATER_MESSAGE = 'Retry later';

interface SignInBody {
  login?: string;
  password?: string;
  user?: { login?: string; password?: string };
}

/** Registers `POST /users/sign_in` and `POST|DELETE /users/sign_out` in `scope`. */
export function sessionRoutes(options: { cookiePath: string; signInRateLimit: RateLimit }) {
  const cookie = { path: options.cookiePath, httpOnly: true, sameSite: 'lax' as const };
  const clear = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, cookie).clearCookie(XSRF_COOKIE, { ...cookie, httpOnly: false });

  return async (scope: FastifyInstance) => {
    const credential = { type: 'string', maxLength: 1024 };
    scope.post<{ Body: SignInBody }>(
      '/users/sign_in',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              login: credential,
              password: credential,
              user: { type: 'object', properties: { login: credential, password: credential } },
            },
          },
          querystring: NO_QUERY,
        },
      },
      async (request, reply) => {
        const { allowed, retryAfterSeconds } = await hitRateLimit(
          scope.db,
          `sign_in:${request.ip}`,
          options.signInRateLimit,
        );
        if (!allowed) {
          throw new ApiError(429, { message: RETRY_LATER_MESSAGE }, { 'retry-after': String(retryAfterSeconds) });
        }
        const login = request.body.user?.login ?? request.body.login ?? '';
        const password = request.body.user?.password ?? request.body.password ?? '';
        const user = await scope.db
          .selectFrom('users')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb(eb.fn('lower', ['username']), '=', login.toLowerCase()),
              eb(eb.fn('lower', ['email']), '=', login.toLowerCase()),
            ]),
          )
          .executeTakeFirst();
        if (!user || !(await verifyPassword(password, user.encrypted_password))) {
          throw new ApiError(401, { message: INVALID_LOGIN_MESSAGE });
        }
        if (user.state !== 'active') throw new ApiError(401, { message: BLOCKED_MESSAGE });
        const { sessionId, csrfToken } = await createSession(scope.db, user.id);
        await scope.db
          .updateTable('users')
          .set((eb) => ({ last_sign_in_at: eb.ref('current_sign_in_at'), current_sign_in_at: new Date() }))
          .where('id', '=', user.id)
          .execute();
        const maxAge = SESSION_LIFETIME_MS / 1000;
        const secure = request.protocol === 'https';
        return reply
          .setCookie(SESSION_COOKIE, sessionId, { ...cookie, secure, maxAge })
          .setCookie(XSRF_COOKIE, csrfToken, { ...cookie, httpOnly: false, secure, maxAge })
          .code(201)
          .send({ id: user.id, username: user.username, csrf_token: csrfToken });
      },
    );

    // Signing out is a write: the session's CSRF token must come with it, in a header (the
    // browser client) or as the form's `authenticity_token` (the user menu's plain form). A
    // form gets GitLab's redirect home; an API client gets 204.
    const signOut = async (
      request: FastifyRequest<{ Body: { authenticity_token?: string } | undefined }>,
      reply: FastifyReply,
    ) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      const session = sessionId ? await findSessionOwner(scope.db, sessionId) : undefined;
      if (sessionId && session) {
        const presented =
          CSRF_HEADERS.map((name) => request.headers[name]).find((value) => typeof value === 'string') ??
          request.body?.authenticity_token;
        if (presented !== session.session_csrf_token) throw forbidden(CSRF_MESSAGE);
        await destroySession(scope.db, sessionId);
      }
      clear(reply);
      const isForm = request.headers['content-type']?.startsWith(FORM_CONTENT_TYPE);
      return isForm ? reply.redirect(`${options.cookiePath.replace(/\/$/, '')}/`, 303) : reply.code(204).send();
    };
    const signOutOptions = {
      config: { deferAuthentication: true },
      schema: {
        querystring: NO_QUERY,
        body: { type: ['object', 'null'], properties: { authenticity_token: { type: 'string' } } },
      },
    };
    scope.post('/users/sign_out', signOutOptions, signOut);
    scope.delete('/users/sign_out', signOutOptions, signOut);
  };
}
