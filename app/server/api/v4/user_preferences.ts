/**
 * The signed-in user's preferences (`lib/api/users.rb`, `doc/api/users.md`): `GET` and
 * `PUT /user/preferences` (`view_diffs_file_by_file`, `show_whitespace_in_diffs`,
 * `pass_user_identities_to_ci_jwt`, at least one). Colour mode and time format are the profile
 * form's (`web/user_settings.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { preferencesOf, updatePreferences, type UserPreferencesRow } from '../../domain/preferences.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { BOOLEAN_SCHEMA, NO_QUERY } from './params.ts';

/** The preferences `PUT /user/preferences` sets. */
export const API_PREFERENCES = [
  'view_diffs_file_by_file',
  'show_whitespace_in_diffs',
  'pass_user_identities_to_ci_jwt',
] as const;
type ApiPreference = (typeof API_PREFERENCES)[number];

/** GitLab's `UserPreferences` entity. */
export function UserPreferences(row: UserPreferencesRow) {
  return {
    id: row.user_id,
    user_id: row.user_id,
    view_diffs_file_by_file: row.view_diffs_file_by_file,
    show_whitespace_in_diffs: row.show_whitespace_in_diffs,
    pass_user_identities_to_ci_jwt: row.pass_user_identities_to_ci_jwt,
  };
}

/** User preferences' routes. */
export async function userPreferences(app: FastifyInstance): Promise<void> {
  app.get('/user/preferences', { schema: { querystring: NO_QUERY } }, async (request) =>
    UserPreferences(await preferencesOf(app.db, requireUser(request).id)),
  );

  app.put<{ Body: Partial<Record<ApiPreference, boolean>> | null }>(
    '/user/preferences',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: Object.fromEntries(API_PREFERENCES.map((name) => [name, BOOLEAN_SCHEMA])),
        },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body ?? {};
      const changes = Object.fromEntries(
        API_PREFERENCES.flatMap((name) => {
          const value = body[name];
          return value === undefined ? [] : [[name, value]];
        }),
      );
      if (Object.keys(changes).length === 0) {
        throw new ApiError(400, {
          error: `${API_PREFERENCES.join(', ')} are missing, at least one parameter must be provided`,
        });
      }
      return UserPreferences(await updatePreferences(app.db, user.id, changes));
    },
  );
}
