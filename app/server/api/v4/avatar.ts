/**
 * `GET /avatar?email=...&size=...` (`lib/api/avatar.rb`, `doc/api/avatar.md`): the avatar URL of
 * the account whose *public* e-mail is `email`, as `{"avatar_url": ...}`. No authentication is
 * needed, unless administrators restricted the public visibility level: then an anonymous
 * request is refused (`forbidden!('Unauthorized access') unless can?(current_user, :read_users_list)`).
 *
 * GitLab looks the address up with `User.find_by_public_email` (an exact match on the public
 * e-mail, never the primary one) and otherwise presents `User.new(email:)`, whose avatar comes
 * from Gravatar; `size` only matters for Gravatar. This server has no Gravatar, so the fallback
 * is what a user without an upload shows everywhere else here (`avatar_url: null`, as GitLab
 * answers with Gravatar disabled), and `size` is accepted and ignored.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../http/errors.ts';
import { readSettings } from './application.ts';

/** GitLab's reason when the user list is not readable (`lib/api/avatar.rb`). */
export const AVATAR_FORBIDDEN_REASON = 'Unauthorized access';

interface AvatarQuery {
  email: string;
  size?: number;
}

/** The avatar lookup's route. */
export async function avatar(app: FastifyInstance): Promise<void> {
  const db = app.db;
  app.get<{ Querystring: AvatarQuery }>(
    '/avatar',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['email'],
          properties: {
            email: { type: 'string', maxLength: 255 },
            size: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 },
          },
        },
      },
    },
    async (request) => {
      // GlobalPolicy: anonymous visitors lose `read_users_list` when the public level is restricted.
      if (!request.auth.user && (await readSettings(db)).restricted_visibility_levels.includes('public')) {
        throw forbidden(AVATAR_FORBIDDEN_REASON);
      }
      const user = await db
        .selectFrom('users')
        .select('avatar_url')
        .where('public_email', '=', request.query.email)
        .orderBy('id')
        .executeTakeFirst();
      return { avatar_url: user?.avatar_url ?? null };
    },
  );
}
