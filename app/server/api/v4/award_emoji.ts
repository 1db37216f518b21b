/**
 * Award emoji (`lib/api/award_emoji.rb`) on issues and on their notes: list, get, award (201),
 * remove (204, one's own only). Names are GitLab's emoji names or aliases (`+1` → `thumbsup`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canonicalEmojiName } from '../../domain/emoji.ts';
import { isUniqueViolation } from '../../domain/errors.ts';
import { canAwardEmoji } from '../../domain/issuablePermissions.ts';
import { requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { AwardEmoji } from './entities/AwardEmoji.ts';
import { entityContext } from './entities/context.ts';
import { noteableIssue, readableNote } from './notes.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { ID_OR_PATH_SCHEMA, ID_SCHEMA } from './params.ts';
import type { AwardEmojiRow } from '../../domain/issuableTables.ts';

/** GitLab's refusals (its AddService message inside `not_found!`). */
export const AWARD_INVALID_NAME = 'Award Emoji Name is not a valid emoji name';
export const AWARD_TAKEN = 'Award Emoji Name has already been taken';

interface AwardParams {
  id: string;
  issue_iid: number;
  note_id?: number;
  award_id?: number;
}

function paramsSchema(extra: string[]) {
  return {
    type: 'object',
    required: ['id', 'issue_iid', ...extra],
    properties: { id: ID_OR_PATH_SCHEMA, issue_iid: ID_SCHEMA, note_id: ID_SCHEMA, award_id: ID_SCHEMA },
  } as const;
}

/** The awardable of a route: the issue, or one of its notes when `note_id` is given. */
async function awardable(request: FastifyRequest, params: AwardParams) {
  const { scope, issue } = await noteableIssue(request, params);
  if (params.note_id === undefined) return { type: 'Issue', id: issue.id };
  const note = await readableNote(request, scope, issue, params.note_id);
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

  for (const base of ['/projects/:id/issues/:issue_iid', '/projects/:id/issues/:issue_iid/notes/:note_id']) {
    const extra = base.endsWith(':note_id') ? ['note_id'] : [];

    app.get<{ Params: AwardParams }>(
      `${base}/award_emoji`,
      { schema: { params: paramsSchema(extra), querystring: { type: 'object', properties: PAGINATION_QUERY } } },
      async (request, reply) => {
        const target = await awardable(request, request.params);
        const query = db
          .selectFrom('award_emoji')
          .selectAll()
          .where('awardable_type', '=', target.type)
          .where('awardable_id', '=', target.id)
          .orderBy('id');
        return present(request, await paginate(request, reply, query));
      },
    );

    app.get<{ Params: AwardParams }>(
      `${base}/award_emoji/:award_id`,
      { schema: { params: paramsSchema([...extra, 'award_id']) } },
      async (request) => {
        const target = await awardable(request, request.params);
        const award = await db
          .selectFrom('award_emoji')
          .selectAll()
          .where('id', '=', request.params.award_id!)
          .where('awardable_type', '=', target.type)
          .where('awardable_id', '=', target.id)
          .executeTakeFirst();
        if (!award) throw notFound('Award Emoji');
        const [entity] = await present(request, [award]);
        return entity;
      },
    );

    app.post<{ Params: AwardParams; Body: { name: string } }>(
      `${base}/award_emoji`,
      {
        schema: {
          params: paramsSchema(extra),
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 255 } } },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const target = await awardable(request, request.params);
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

    app.delete<{ Params: AwardParams }>(
      `${base}/award_emoji/:award_id`,
      { schema: { params: paramsSchema([...extra, 'award_id']) } },
      async (request, reply) => {
        const user = requireUser(request);
        const target = await awardable(request, request.params);
        const award = await db
          .selectFrom('award_emoji')
          .selectAll()
          .where('id', '=', request.params.award_id!)
          .where('awardable_type', '=', target.type)
          .where('awardable_id', '=', target.id)
          .executeTakeFirst();
        if (!award) throw notFound('Award Emoji');
        if (award.user_id !== user.id && !user.admin) throw forbidden();
        await db.deleteFrom('award_emoji').where('id', '=', award.id).execute();
        return reply.code(204).send();
      },
    );
  }
}
