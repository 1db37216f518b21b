/**
 * Award emoji (`lib/api/award_emoji.rb`) on issues, merge requests and their notes: list, get,
 * award (201), remove (204, one's own only). Names are GitLab's emoji names or aliases
 * (`+1` → `thumbsup`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canonicalEmojiName } from '../../domain/emoji.ts';
import { isUniqueViolation } from '../../domain/errors.ts';
import { canAwardEmoji } from '../../domain/issuablePermissions.ts';
import { requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { AwardEmoji } from './entities/AwardEmoji.ts';
import { entityContext } from './entities/context.ts';
import {
  NOTEABLES,
  loadNoteable,
  noteableParams,
  readableNote,
  type NoteableKind,
  type NoteableParams,
} from './notes.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import type { AwardEmojiRow } from '../../domain/issuableTables.ts';
import { NO_QUERY } from './params.ts';

/** GitLab's refusals (its AddService message inside `not_found!`). */
export const AWARD_INVALID_NAME = 'Award Emoji Name is not a valid emoji name';
export const AWARD_TAKEN = 'Award Emoji Name has already been taken';

/** The awardable of a route: the issue or merge request, or one of its notes (`note_id`). */
async function awardable(request: FastifyRequest, kind: NoteableKind, params: NoteableParams) {
  const { scope, noteable } = await loadNoteable(request, kind, params);
  if (params.note_id === undefined) return { type: noteable.type, id: noteable.id };
  const note = await readableNote(request, scope, noteable, params.note_id);
  return { type: 'Note', id: note.id };
}

async function present(request: FastifyRequest, awards: readonly AwardEmojiRow[]) {
  const userIds = [...new Set(awards.map((award) => award.user_id))];
  const users = userIds.length
    ? await request.server.db.selectFrom('users').selectAll().where('id', 'in', userIds).execute()
    : [];
  const ctx = entityContext(request);
  return awards.map((award) =>
    AwardEmoji(
      award,
      users.find((user) => user.id === award.user_id)!,
      ctx,
    ),
  );
}

/** Award emoji router. */
export async function awardEmoji(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function findAward(
    request: FastifyRequest<{ Params: NoteableParams & { award_id?: number } }>,
    kind: NoteableKind,
  ) {
    const target = await awardable(request, kind, request.params);
    const award = await db
      .selectFrom('award_emoji')
      .selectAll()
      .where('id', '=', request.params.award_id!)
      .where('awardable_type', '=', target.type)
      .where('awardable_id', '=', target.id)
      .executeTakeFirst();
    if (!award) throw notFound('Award Emoji');
    return award;
  }

  for (const kind of Object.keys(NOTEABLES) as NoteableKind[]) {
    const noteable = `/projects/:id/${kind}/:${NOTEABLES[kind].iidParam}`;
    for (const base of [noteable, `${noteable}/notes/:note_id`]) {
      const extra = base.endsWith(':note_id') ? ['note_id'] : [];
      type Params = NoteableParams & { award_id?: number };

      app.get<{ Params: Params }>(
        `${base}/award_emoji`,
        {
          schema: {
            params: noteableParams(kind, extra),
            querystring: { type: 'object', properties: PAGINATION_QUERY },
          },
        },
        async (request, reply) => {
          const target = await awardable(request, kind, request.params);
          const query = db
            .selectFrom('award_emoji')
            .selectAll()
            .where('awardable_type', '=', target.type)
            .where('awardable_id', '=', target.id)
            .orderBy('id');
          return present(request, await paginate(request, reply, query));
        },
      );

      app.get<{ Params: Params }>(
        `${base}/award_emoji/:award_id`,
        { schema: { params: noteableParams(kind, [...extra, 'award_id']), querystring: NO_QUERY } },
        async (request) => {
          const [entity] = await present(request, [await findAward(request, kind)]);
          return entity;
        },
      );

      app.post<{ Params: Params; Body: { name: string } }>(
        `${base}/award_emoji`,
        {
          schema: {
            params: noteableParams(kind, extra),
            body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 255 } } },
            querystring: NO_QUERY,
          },
        },
        async (request, reply) => {
          const user = requireUser(request);
          const target = await awardable(request, kind, request.params);
          if (!canAwardEmoji(user)) throw forbidden();
          const name = await canonicalEmojiName(request.body.name);
          if (!name) throw notFound(AWARD_INVALID_NAME);
          try {
            const award = await db
              .insertInto('award_emoji')
              .values({ name, user_id: user.id, awardable_type: target.type, awardable_id: target.id })
              .returningAll()
              .executeTakeFirstOrThrow();
            const [entity] = await present(request, [award]);
            return reply.code(201).send(entity);
          } catch (error) {
            if (isUniqueViolation(error)) throw notFound(AWARD_TAKEN);
            throw error;
          }
        },
      );

      app.delete<{ Params: Params }>(
        `${base}/award_emoji/:award_id`,
        { schema: { params: noteableParams(kind, [...extra, 'award_id']), querystring: NO_QUERY } },
        async (request, reply) => {
          const user = requireUser(request);
          const award = await findAward(request, kind);
          if (award.user_id !== user.id && !user.admin) throw forbidden();
          await db.deleteFrom('award_emoji').where('id', '=', award.id).execute();
          return reply.code(204).send();
        },
      );
    }
  }
}
