/**
 * Broadcast messages (`lib/api/broadcast_messages.rb`, `doc/api/broadcast_messages.md`): anyone
 * lists and reads them (with `active`: started and not ended); administrators create, update and
 * delete them. `ends_at` defaults to an hour after now, as in GitLab.
 */
import type { FastifyInstance } from 'fastify';
// The library's lists: the banner the pages show takes exactly these.
import {
  BROADCAST_MESSAGE_THEMES,
  BROADCAST_MESSAGE_TYPES,
  type BroadcastMessageTheme,
  type BroadcastMessageType,
} from 'forgekit';
import { ACCESS_LEVEL, MEMBER_ACCESS_LEVELS } from '../../domain/access.ts';
import { BLANK, ValidationError } from '../../domain/errors.ts';
import { requireAdmin } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { BroadcastMessage } from './entities/BroadcastMessage.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_SCHEMA, NO_QUERY } from './params.ts';

/** How long a message lasts when `ends_at` is not given (GitLab: one hour). */
export const DEFAULT_BROADCAST_DURATION_MS = 60 * 60 * 1000;
/** Longest message text. */
export const MAX_BROADCAST_MESSAGE_LENGTH = 10_000;

interface BroadcastBody {
  message?: string;
  starts_at?: string;
  ends_at?: string;
  broadcast_type?: BroadcastMessageType;
  theme?: BroadcastMessageTheme;
  dismissable?: boolean;
  target_path?: string;
  target_access_levels?: number[];
}

const BODY_PROPERTIES = {
  message: { type: 'string', maxLength: MAX_BROADCAST_MESSAGE_LENGTH },
  starts_at: { type: 'string', format: 'date-time' },
  ends_at: { type: 'string', format: 'date-time' },
  broadcast_type: { type: 'string', enum: BROADCAST_MESSAGE_TYPES },
  theme: { type: 'string', enum: BROADCAST_MESSAGE_THEMES },
  dismissable: BOOLEAN_SCHEMA,
  target_path: { type: 'string', maxLength: 255 },
  target_access_levels: {
    type: 'array',
    items: { type: 'integer', enum: MEMBER_ACCESS_LEVELS.filter((level) => level >= ACCESS_LEVEL.GUEST) },
  },
} as const;
const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } } as const;

/** The row columns a body sets (only what it carries). */
function columnsOf(body: BroadcastBody) {
  if (body.message !== undefined && !body.message.trim()) throw new ValidationError({ message: [BLANK] });
  return {
    ...(body.message !== undefined ? { message: body.message } : {}),
    ...(body.starts_at ? { starts_at: new Date(body.starts_at) } : {}),
    ...(body.ends_at ? { ends_at: new Date(body.ends_at) } : {}),
    ...(body.broadcast_type ? { broadcast_type: body.broadcast_type } : {}),
    ...(body.theme ? { theme: body.theme } : {}),
    ...(body.dismissable !== undefined ? { dismissable: body.dismissable } : {}),
    ...(body.target_path !== undefined ? { target_path: body.target_path } : {}),
    ...(body.target_access_levels ? { target_access_levels: body.target_access_levels } : {}),
  };
}

/** Broadcast messages' routes. */
export async function broadcastMessages(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const find = async (id: number) => {
    const row = await db.selectFrom('broadcast_messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Broadcast Message');
    return row;
  };

  app.get(
    '/broadcast_messages',
    { schema: { querystring: { type: 'object', properties: PAGINATION_QUERY } } },
    async (request, reply) =>
      (await paginate(request, reply, db.selectFrom('broadcast_messages').selectAll().orderBy('id', 'desc'))).map(
        BroadcastMessage,
      ),
  );

  app.get<{ Params: { id: number } }>(
    '/broadcast_messages/:id',
    { schema: { params: ID_PARAMS, querystring: NO_QUERY } },
    async (request) => BroadcastMessage(await find(request.params.id)),
  );

  app.post<{ Body: BroadcastBody }>(
    '/broadcast_messages',
    { schema: { body: { type: 'object', required: ['message'], properties: BODY_PROPERTIES }, querystring: NO_QUERY } },
    async (request, reply) => {
      requireAdmin(request);
      const columns = columnsOf(request.body);
      const row = await db
        .insertInto('broadcast_messages')
        .values({
          ...columns,
          message: request.body.message!,
          ends_at: columns.ends_at ?? new Date(Date.now() + DEFAULT_BROADCAST_DURATION_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send(BroadcastMessage(row));
    },
  );

  app.put<{ Params: { id: number }; Body: BroadcastBody }>(
    '/broadcast_messages/:id',
    { schema: { params: ID_PARAMS, body: { type: 'object', properties: BODY_PROPERTIES }, querystring: NO_QUERY } },
    async (request) => {
      requireAdmin(request);
      const existing = await find(request.params.id);
      const row = await db
        .updateTable('broadcast_messages')
        .set({ ...columnsOf(request.body), updated_at: new Date() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return BroadcastMessage(row);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/broadcast_messages/:id',
    { schema: { params: ID_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      requireAdmin(request);
      await db
        .deleteFrom('broadcast_messages')
        .where('id', '=', (await find(request.params.id)).id)
        .execute();
      return reply.code(204).send();
    },
  );
}
