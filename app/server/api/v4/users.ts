/**
 * Users (`lib/api/users.rb`): `/user`, `/user/status`, `/user_counts`, `/users` (search, get,
 * status, follow, unfollow, followers, following, associations_count) and the administrator's
 * `POST /users`, block, unblock and personal access tokens.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { associationCounts, registerStatistic, userCounts } from '../../domain/counters.ts';
import { TOKEN_SCOPES, createPersonalAccessToken, type TokenScope } from '../../domain/tokens.ts';
import { createUser, findUser, type UserRow } from '../../domain/users.ts';
import { requireAdmin, requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { entityContext, isoDate, isoTime } from './entities/context.ts';
import { UserBasic, User, UserPublic, UserStatus, UserWithAdmin } from './entities/User.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { containsPattern } from './projects.ts';
import { BOOLEAN_SCHEMA, ID_SCHEMA, NO_BODY, NO_QUERY, SEARCH_SCHEMA } from './params.ts';

/** `clear_status_after` values and their durations (spec §9 time ranges). */
export const CLEAR_STATUS_AFTER = {
  '30_minutes': 30 * 60,
  '3_hours': 3 * 60 * 60,
  '8_hours': 8 * 60 * 60,
  '1_day': 24 * 60 * 60,
  '3_days': 3 * 24 * 60 * 60,
  '7_days': 7 * 24 * 60 * 60,
  '30_days': 30 * 24 * 60 * 60,
} as const;
/** GitLab's emoji for a status message set without one. */
export const DEFAULT_STATUS_EMOJI = 'speech_balloon';
/** Longest status message GitLab accepts. */
export const MAX_STATUS_MESSAGE_LENGTH = 100;

const USER_ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } } as const;

registerStatistic('users', async (db) => {
  const { count } = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
});
registerStatistic('active_users', async (db) => {
  const { count } = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('state', '=', 'active')
    .executeTakeFirstOrThrow();
  return count;
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Users' router. */
export async function users(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function extrasFor(request: FastifyRequest, user: UserRow) {
    const row = await db
      .selectFrom('users')
      .select([
        sql<number>`(SELECT count(*)::int FROM user_follow_users WHERE followee_id = ${user.id})`.as('followers'),
        sql<number>`(SELECT count(*)::int FROM user_follow_users WHERE follower_id = ${user.id})`.as('following'),
        sql<boolean>`EXISTS (SELECT 1 FROM user_follow_users WHERE followee_id = ${user.id}
          AND follower_id = ${request.auth.user?.id ?? 0})`.as('is_followed'),
      ])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { ...row, is_followed: request.auth.user ? row.is_followed : undefined };
  }

  async function findOr404(id: number): Promise<UserRow> {
    const user = await findUser(db, id);
    if (!user) throw notFound('User');
    return user;
  }

  async function liveStatus(userId: number) {
    return db
      .selectFrom('user_statuses')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('clear_status_at', 'is', null), eb('clear_status_at', '>', new Date())]))
      .executeTakeFirst();
  }

  app.get('/user', { schema: { querystring: NO_QUERY } }, async (request) => {
    const user = requireUser(request);
    const serialize = user.admin ? UserWithAdmin : UserPublic;
    return serialize(user, await extrasFor(request, user), entityContext(request));
  });

  app.get('/user/status', { schema: { querystring: NO_QUERY } }, async (request) =>
    UserStatus(await liveStatus(requireUser(request).id)),
  );

  interface StatusBody {
    emoji?: string | null;
    message?: string | null;
    availability?: 'not_set' | 'busy';
    clear_status_after?: keyof typeof CLEAR_STATUS_AFTER | null;
  }
  const statusSchema = {
    querystring: NO_QUERY,
    body: {
      type: 'object',
      properties: {
        emoji: { type: ['string', 'null'], maxLength: 128 },
        message: { type: ['string', 'null'], maxLength: MAX_STATUS_MESSAGE_LENGTH },
        availability: { type: 'string', enum: ['not_set', 'busy'] },
        clear_status_after: { type: ['string', 'null'], enum: [...Object.keys(CLEAR_STATUS_AFTER), null] },
      },
    },
  };
  /** PUT replaces the status (omitted fields are cleared); PATCH changes only what is given. */
  const setStatus = (replace: boolean) => async (request: FastifyRequest<{ Body: StatusBody }>) => {
    const user = requireUser(request);
    const body = request.body ?? {};
    const current = replace ? undefined : await liveStatus(user.id);
    const pick = <K extends keyof StatusBody>(key: K, old: StatusBody[K] | undefined) =>
      key in body ? body[key] : old;
    const message = pick('message', current?.message) ?? null;
    const emoji = pick('emoji', current?.emoji) || (message ? DEFAULT_STATUS_EMOJI : null);
    const after = body.clear_status_after;
    const clearAt =
      after === undefined
        ? (current?.clear_status_at ?? null)
        : after === null
          ? null
          : new Date(Date.now() + CLEAR_STATUS_AFTER[after] * 1000);
    const values = {
      emoji,
      message,
      message_html: message ? escapeHtml(message) : null,
      availability: pick('availability', current?.availability) ?? 'not_set',
      clear_status_at: clearAt,
    };
    await db
      .insertInto('user_statuses')
      .values({ user_id: user.id, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return UserStatus(await liveStatus(user.id));
  };
  app.put('/user/status', { schema: statusSchema }, setStatus(true));
  app.patch('/user/status', { schema: statusSchema }, setStatus(false));

  app.get('/user_counts', { schema: { querystring: NO_QUERY } }, async (request) =>
    userCounts(db, requireUser(request).id),
  );

  interface ListQuery extends PaginationQuery {
    search?: string;
    username?: string;
    active?: boolean;
    blocked?: boolean;
    external?: boolean;
    order_by?: 'id' | 'name' | 'username' | 'created_at' | 'updated_at';
    sort?: 'asc' | 'desc';
  }
  app.get<{ Querystring: ListQuery }>(
    '/users',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            search: SEARCH_SCHEMA,
            username: SEARCH_SCHEMA,
            active: BOOLEAN_SCHEMA,
            blocked: BOOLEAN_SCHEMA,
            external: BOOLEAN_SCHEMA,
            order_by: { type: 'string', enum: ['id', 'name', 'username', 'created_at', 'updated_at'] },
            sort: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const viewer = request.auth.user;
      let query = db.selectFrom('users').selectAll();
      if (q.search) {
        // Parameterised ILIKE with escaped wildcards: metacharacters are plain text.
        const pattern = containsPattern(q.search);
        query = query.where((eb) =>
          eb.or([
            eb('username', 'ilike', pattern),
            eb('name', 'ilike', pattern),
            eb('public_email', 'ilike', pattern),
            ...(viewer?.admin ? [eb('email', 'ilike', pattern)] : []),
          ]),
        );
      }
      if (q.username) query = query.where(sql`lower(username)`, '=', q.username.toLowerCase());
      if (q.active) query = query.where('state', '=', 'active');
      if (q.blocked) query = query.where('state', '=', 'blocked');
      if (q.external && viewer?.admin) query = query.where('external', '=', true);
      const rows = await paginate(
        request,
        reply,
        query.orderBy(q.order_by ?? 'id', q.sort ?? 'desc').orderBy('id', q.sort ?? 'desc'),
      );
      const ctx = entityContext(request);
      if (!viewer?.admin) return rows.map((user) => UserBasic(user, ctx));
      return Promise.all(rows.map(async (user) => UserWithAdmin(user, await extrasFor(request, user), ctx)));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/users/:id',
    { schema: { params: USER_ID_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const user = await findOr404(request.params.id);
      const serialize = request.auth.user?.admin ? UserWithAdmin : User;
      return serialize(user, await extrasFor(request, user), entityContext(request));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/users/:id/status',
    { schema: { params: USER_ID_PARAMS, querystring: NO_QUERY } },
    async (request) => UserStatus(await liveStatus((await findOr404(request.params.id)).id)),
  );

  const follow =
    (following: boolean) => async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      const me = requireUser(request);
      const user = await findOr404(request.params.id);
      let changed = false;
      if (user.id !== me.id && following) {
        const result = await db
          .insertInto('user_follow_users')
          .values({ follower_id: me.id, followee_id: user.id })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        changed = (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
      } else if (user.id !== me.id) {
        const result = await db
          .deleteFrom('user_follow_users')
          .where('follower_id', '=', me.id)
          .where('followee_id', '=', user.id)
          .executeTakeFirst();
        changed = result.numDeletedRows > 0n;
      }
      if (!changed) return reply.code(304).send();
      return reply.code(201).send(UserBasic(user, entityContext(request)));
    };
  app.post(
    '/users/:id/follow',
    { schema: { params: USER_ID_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    follow(true),
  );
  app.post(
    '/users/:id/unfollow',
    { schema: { params: USER_ID_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    follow(false),
  );

  const followList =
    (column: 'follower_id' | 'followee_id', other: 'follower_id' | 'followee_id') =>
    async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      const user = await findOr404(request.params.id);
      const rows = await paginate(
        request,
        reply,
        db
          .selectFrom('users')
          .innerJoin('user_follow_users as f', `f.${other}`, 'users.id')
          .selectAll('users')
          .where(`f.${column}`, '=', user.id)
          .orderBy('f.created_at', 'desc')
          .orderBy('users.id', 'desc'),
      );
      const ctx = entityContext(request);
      return rows.map((row) => UserBasic(row, ctx));
    };
  const followListSchema = {
    schema: { params: USER_ID_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } },
  };
  app.get('/users/:id/followers', followListSchema, followList('followee_id', 'follower_id'));
  app.get('/users/:id/following', followListSchema, followList('follower_id', 'followee_id'));

  app.get<{ Params: { id: number } }>(
    '/users/:id/associations_count',
    { schema: { params: USER_ID_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const me = requireUser(request);
      const user = await findOr404(request.params.id);
      if (user.id !== me.id && !me.admin) throw forbidden();
      return associationCounts(db, user.id);
    },
  );

  // Administration: enough of GitLab's admin API to create and block accounts and tokens.
  interface NewUserBody {
    username: string;
    name: string;
    email: string;
    password?: string;
    admin?: boolean;
    external?: boolean;
  }
  app.post<{ Body: NewUserBody }>(
    '/users',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'name', 'username'],
          properties: {
            email: { type: 'string', maxLength: 255 },
            name: { type: 'string', maxLength: 255 },
            username: { type: 'string', maxLength: 255 },
            password: { type: 'string', minLength: 8, maxLength: 128 },
            admin: BOOLEAN_SCHEMA,
            external: BOOLEAN_SCHEMA,
            skip_confirmation: BOOLEAN_SCHEMA,
          },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const user = await createUser(db, request.body);
      return reply.code(201).send(UserWithAdmin(user, { followers: 0, following: 0 }, entityContext(request)));
    },
  );

  const setState =
    (state: UserRow['state']) => async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      requireAdmin(request);
      const user = await findOr404(request.params.id);
      await db.updateTable('users').set({ state, updated_at: new Date() }).where('id', '=', user.id).execute();
      return reply.code(201).send(true);
    };
  app.post(
    '/users/:id/block',
    { schema: { params: USER_ID_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    setState('blocked'),
  );
  app.post(
    '/users/:id/unblock',
    { schema: { params: USER_ID_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    setState('active'),
  );

  interface TokenBody {
    name: string;
    scopes: TokenScope[];
    expires_at?: string;
  }
  app.post<{ Params: { id: number }; Body: TokenBody }>(
    '/users/:id/personal_access_tokens',
    {
      schema: {
        params: USER_ID_PARAMS,
        body: {
          type: 'object',
          required: ['name', 'scopes'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 255 },
            scopes: { type: 'array', minItems: 1, items: { type: 'string', enum: [...TOKEN_SCOPES] } },
            expires_at: { type: 'string', format: 'date' },
          },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const user = await findOr404(request.params.id);
      const { id, token } = await createPersonalAccessToken(db, {
        userId: user.id,
        name: request.body.name,
        scopes: request.body.scopes,
        expiresAt: request.body.expires_at ?? null,
      });
      return reply.code(201).send({
        id,
        name: request.body.name,
        revoked: false,
        created_at: isoTime(new Date()),
        scopes: request.body.scopes,
        user_id: user.id,
        active: true,
        expires_at: isoDate(request.body.expires_at),
        token,
      });
    },
  );
}
