/**
 * Application settings and statistics (`lib/api/settings.rb`, `lib/api/statistics.rb`), both
 * for administrators. Settings are one JSON row; unset keys read as GitLab's defaults.
 */
import type { FastifyInstance } from 'fastify';
import { VISIBILITIES, type Visibility } from '../../domain/access.ts';
import { instanceStatistics } from '../../domain/counters.ts';
import type { DbOrTx } from '../../db/schema.ts';
import { ValidationError } from '../../domain/errors.ts';
import { requireAdmin } from '../../http/auth.ts';
import { isoTime } from './entities/context.ts';
import { BOOLEAN_SCHEMA, NO_QUERY } from './params.ts';

/** The settings this server knows, with GitLab's defaults. */
export const DEFAULT_SETTINGS = {
  default_project_visibility: 'private' as Visibility,
  default_group_visibility: 'private' as Visibility,
  default_snippet_visibility: 'private' as Visibility,
  restricted_visibility_levels: [] as Visibility[],
  signup_enabled: true,
  gravatar_enabled: true,
  default_projects_limit: 100_000,
  max_attachment_size: 100,
  after_sign_out_path: null as string | null,
  home_page_url: null as string | null,
  default_branch_name: null as string | null,
  user_show_add_ssh_key_message: true,
  version_check_enabled: true,
};
export type ApplicationSettings = typeof DEFAULT_SETTINGS;

const nullableText = { type: ['string', 'null'], maxLength: 2048 } as const;
const visibility = { type: 'string', enum: VISIBILITIES } as const;
/** The PUT body schema: unknown keys are dropped (`additionalProperties: false`). */
const SETTINGS_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    default_project_visibility: visibility,
    default_group_visibility: visibility,
    default_snippet_visibility: visibility,
    restricted_visibility_levels: { type: 'array', items: visibility },
    signup_enabled: BOOLEAN_SCHEMA,
    gravatar_enabled: BOOLEAN_SCHEMA,
    default_projects_limit: { type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 },
    max_attachment_size: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 },
    after_sign_out_path: nullableText,
    home_page_url: nullableText,
    default_branch_name: nullableText,
    user_show_add_ssh_key_message: BOOLEAN_SCHEMA,
    version_check_enabled: BOOLEAN_SCHEMA,
  },
} as const;

/** The current settings (defaults merged with what administrators changed). */
export async function readSettings(db: DbOrTx): Promise<ApplicationSettings> {
  const row = await db
    .selectFrom('application_settings')
    .select('settings')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { ...DEFAULT_SETTINGS, ...row.settings };
}

/**
 * GitLab's `Gitlab::VisibilityLevel.allowed_for?`: an administrator may give a project or group
 * any visibility; anyone else none of the levels the settings restrict (GitLab's 400 with
 * "public has been restricted by your GitLab administrator").
 */
export async function assertVisibilityNotRestricted(
  db: DbOrTx,
  user: { admin: boolean },
  visibility: Visibility,
): Promise<void> {
  if (user.admin) return;
  if ((await readSettings(db)).restricted_visibility_levels.includes(visibility))
    throw new ValidationError({ visibility_level: [`${visibility} has been restricted by your GitLab administrator`] });
}

/** Application settings and statistics router. */
export async function application(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function present() {
    const row = await db.selectFrom('application_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    return { id: row.id, ...DEFAULT_SETTINGS, ...row.settings, updated_at: isoTime(row.updated_at) };
  }

  app.get('/application/settings', { schema: { querystring: NO_QUERY } }, async (request) => {
    requireAdmin(request);
    return present();
  });

  app.put<{ Body: Partial<ApplicationSettings> }>(
    '/application/settings',
    { schema: { body: SETTINGS_BODY, querystring: NO_QUERY } },
    async (request) => {
      requireAdmin(request);
      // Only what administrators set is stored: unset keys keep following the defaults.
      const { settings } = await db
        .selectFrom('application_settings')
        .select('settings')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('application_settings')
        .set({ settings: JSON.stringify({ ...settings, ...request.body }), updated_at: new Date() })
        .where('id', '=', 1)
        .execute();
      return present();
    },
  );

  app.get('/application/statistics', { schema: { querystring: NO_QUERY } }, async (request) => {
    requireAdmin(request);
    const counts = await instanceStatistics(db);
    // GitLab sends the counts as strings with thousands separators.
    return Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value.toLocaleString('en-US')]));
  });
}
