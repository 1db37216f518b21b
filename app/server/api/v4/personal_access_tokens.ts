/**
 * Personal access tokens (`lib/api/personal_access_tokens.rb`, `doc/api/personal_access_tokens.md`):
 * list (one's own; administrators anyone's, `user_id`), filtered by `state`, `revoked` and
 * `search`; the token of the request (`/self`); one by id; revoke (`DELETE`, also `/self`). Others'
 * tokens are a 404 to non-administrators. Creating one for oneself is the web form's
 * (`web/user_settings.ts`), with {@link activeTokensOf} for its answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/schema.ts';
import { findPersonalAccessToken } from '../../domain/tokens.ts';
import type { UserRow } from '../../domain/users.ts';
import { presentedToken, requireUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { PersonalAccessToken, type PersonalAccessTokenRow } from './entities/PersonalAccessToken.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_SCHEMA, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import { containsPattern } from './projects.ts';

/** SQL: the token is usable (not revoked, not expired). */
const ACTIVE = sql<SqlBool>`(NOT revoked AND (expires_at IS NULL OR expires_at > current_date))`;

/** The user's active tokens, newest first (the token page's list). */
export function activeTokensOf(db: DbOrTx, userId: number): Promise<PersonalAccessTokenRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where(ACTIVE)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes a token; false when it was already revoked. */
export async function revokeToken(db: DbOrTx, id: number): Promise<boolean> {
  const row = await db
    .updateTable('personal_access_tokens')
    .set({ revoked: true })
    .where('id', '=', id)
    .where('revoked', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A token the signed-in user may see and revoke: their own, or anyone's for administrators. */
export async function ownToken(request: FastifyRequest, user: UserRow, id: number): Promise<PersonalAccessTokenRow> {
  const token = await request.server.db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!token || (token.user_id !== user.id && !user.admin)) throw notFound('Personal Access Token');
  return token;
}

interface TokenListQuery {
  user_id?: number;
  state?: 'active' | 'inactive';
  revoked?: boolean;
  search?: string;
}

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } } as const;

/** Personal access tokens' routes. */
export async function personalAccessTokens(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** The token the request authenticated with (404 for cookie sessions, which have none). */
  async function requestToken(request: FastifyRequest) {
    const user = requireUser(request);
    const value = request.auth.via === 'token' ? presentedToken(request) : undefined;
    const found = value ? await findPersonalAccessToken(db, value) : undefined;
    if (!found) throw notFound('Personal Access Token');
    return ownToken(request, user, found.id);
  }

  app.get<{ Querystring: TokenListQuery }>(
    '/personal_access_tokens',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            user_id: ID_SCHEMA,
            state: { type: 'string', enum: ['active', 'inactive'] },
            revoked: BOOLEAN_SCHEMA,
            search: SEARCH_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const q = request.query;
      let query = db.selectFrom('personal_access_tokens').selectAll();
      // Administrators see everyone's (or one user's); others only ever their own.
      if (!user.admin) query = query.where('user_id', '=', user.id);
      else if (q.user_id) query = query.where('user_id', '=', q.user_id);
      if (q.state) query = query.where(q.state === 'active' ? ACTIVE : sql<SqlBool>`NOT ${ACTIVE}`);
      if (q.revoked !== undefined) query = query.where('revoked', '=', q.revoked);
      if (q.search) query = query.where('name', 'ilike', containsPattern(q.search));
      return (await paginate(request, reply, query.orderBy('id', 'desc'))).map(PersonalAccessToken);
    },
  );

  app.get('/personal_access_tokens/self', { schema: { querystring: NO_QUERY } }, async (request) =>
    PersonalAccessToken(await requestToken(request)),
  );

  app.delete('/personal_access_tokens/self', { schema: { querystring: NO_QUERY } }, async (request, reply) => {
    await revokeToken(db, (await requestToken(request)).id);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: number } }>(
    '/personal_access_tokens/:id',
    { schema: { params: ID_PARAMS, querystring: NO_QUERY } },
    async (request) => PersonalAccessToken(await ownToken(request, requireUser(request), request.params.id)),
  );

  app.delete<{ Params: { id: number } }>(
    '/personal_access_tokens/:id',
    { schema: { params: ID_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      const token = await ownToken(request, requireUser(request), request.params.id);
      if (!(await revokeToken(db, token.id))) throw badRequest();
      return reply.code(204).send();
    },
  );
}
