/**
 * The signed-in user's settings forms (GitLab's Rails routes, answered as JSON like GitLab's
 * controllers do for `format.json`):
 *
 * - `PUT {root}/-/user_settings/profile` with `user: {name, bio, location, website_url, ...}`:
 *   `{"message":"Profile was successfully updated"}`, or 400 with the model's messages (the API's
 *   `PUT /user` is for administrators only);
 * - `PUT {root}/-/profile/preferences` with `user: {color_mode_id, time_display_format, ...}`:
 *   `{"type":"notice","message":"Preferences saved."}`;
 * - `POST {root}/-/user_settings/personal_access_tokens` with
 *   `personal_access_token: {name, scopes, expires_at}`: `{new_token, active_access_tokens}`
 *   (the value is shown this once), or 422 `{"errors":[...]}`; revoking is the API's
 *   `DELETE /personal_access_tokens/:id`.
 *
 * Cookie sessions send their CSRF token (checked by the auth hook, as for every write).
 */
import type { FastifyInstance } from 'fastify';
import { COLOR_MODE, TIME_DISPLAY_FORMAT, updatePreferences } from '../domain/preferences.ts';
import { createPersonalAccessToken, TOKEN_SCOPES, type TokenScope } from '../domain/tokens.ts';
import { requireUser } from '../http/auth.ts';
import { isoDate } from '../api/v4/entities/context.ts';
import {
  isTokenExpired,
  PersonalAccessToken,
  type PersonalAccessTokenRow,
} from '../api/v4/entities/PersonalAccessToken.ts';
import { activeTokensOf } from '../api/v4/personal_access_tokens.ts';
import { NO_QUERY } from '../api/v4/params.ts';

/** Where the forms post (below the relative root). */
export const USER_SETTINGS_PATHS = {
  profile: '/-/user_settings/profile',
  preferences: '/-/profile/preferences',
  personalAccessTokens: '/-/user_settings/personal_access_tokens',
} as const;

/** GitLab's answers of the forms. */
export const USER_SETTINGS_MESSAGES = {
  profileUpdated: 'Profile was successfully updated',
  preferencesSaved: 'Preferences saved.',
  nameBlank: "Name can't be blank",
  tooLong: (field: string, maximum: number) => `${field} is too long (maximum is ${maximum} characters)`,
  websiteInvalid: 'Website url is not a valid URL',
  scopesBlank: "Scopes can't be blank",
  expiresInPast: 'Expiration date must be in the future',
} as const;

/** Longest name and bio GitLab keeps (`User` and `UserDetail` validations). */
export const MAX_NAME_LENGTH = 255;
export const MAX_BIO_LENGTH = 255;
/** Longest other profile field. */
export const MAX_PROFILE_FIELD_LENGTH = 500;
/** A token expiring within this many days is flagged `expires_soon` (the expiry callout's window). */
export const EXPIRES_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

/** Profile fields the form may set. */
export const PROFILE_FIELDS = [
  'name',
  'bio',
  'location',
  'website_url',
  'organization',
  'job_title',
  'pronouns',
  'public_email',
  'skype',
  'linkedin',
  'twitter',
  'discord',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Why the profile cannot be saved as asked (GitLab's full messages), or none. */
function profileErrors(changes: Partial<Record<ProfileField, string>>): string[] {
  const errors: string[] = [];
  if (changes.name !== undefined) {
    if (!changes.name.trim()) errors.push(USER_SETTINGS_MESSAGES.nameBlank);
    if ([...changes.name].length > MAX_NAME_LENGTH)
      errors.push(USER_SETTINGS_MESSAGES.tooLong('Name', MAX_NAME_LENGTH));
  }
  if (changes.bio !== undefined && [...changes.bio].length > MAX_BIO_LENGTH) {
    errors.push(USER_SETTINGS_MESSAGES.tooLong('Bio', MAX_BIO_LENGTH));
  }
  // Shown as a link on the profile: http(s) only.
  if (changes.website_url && !/^https?:\/\/[^\s/]+/i.test(changes.website_url)) {
    errors.push(USER_SETTINGS_MESSAGES.websiteInvalid);
  }
  return errors;
}

/** The token page's view of a token (GitLab's `PersonalAccessTokenSerializer`). */
export function tokenForPage(token: PersonalAccessTokenRow, now = new Date()) {
  const expiresAt = token.expires_at ? new Date(`${isoDate(token.expires_at)}T00:00:00Z`) : null;
  return {
    ...PersonalAccessToken(token),
    expired: isTokenExpired(token, now),
    expires_soon: expiresAt !== null && expiresAt.getTime() - now.getTime() < EXPIRES_SOON_DAYS * DAY_MS,
  };
}

/** The JSON schema of a Rails form's body: its fields under one key (`user`, `personal_access_token`). */
function formBody(key: string, properties: Record<string, unknown>) {
  return { type: 'object', required: [key], properties: { [key]: { type: 'object', properties } } };
}

/** The settings forms' routes. */
export async function userSettingsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const text = { type: 'string', maxLength: MAX_PROFILE_FIELD_LENGTH } as const;

  app.put<{ Body: { user: Partial<Record<ProfileField, string>> } }>(
    USER_SETTINGS_PATHS.profile,
    {
      schema: {
        querystring: NO_QUERY,
        body: formBody('user', {
          ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, text])),
          public_email: { type: ['string', 'null'], maxLength: MAX_PROFILE_FIELD_LENGTH },
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const changes = Object.fromEntries(
        PROFILE_FIELDS.flatMap((field) =>
          request.body.user[field] === undefined ? [] : [[field, request.body.user[field]]],
        ),
      ) as Partial<Record<ProfileField, string>>;
      const errors = profileErrors(changes);
      if (errors.length) return reply.code(400).send({ message: errors.join(', ') });
      await db
        .updateTable('users')
        .set({
          ...changes,
          // An empty public email is none.
          ...(changes.public_email === undefined ? {} : { public_email: changes.public_email || null }),
          updated_at: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      return { message: USER_SETTINGS_MESSAGES.profileUpdated };
    },
  );

  app.put<{ Body: { user: { color_mode_id?: number; time_display_format?: number } } }>(
    USER_SETTINGS_PATHS.preferences,
    {
      schema: {
        querystring: NO_QUERY,
        body: formBody('user', {
          color_mode_id: { type: 'integer', enum: Object.values(COLOR_MODE) },
          time_display_format: { type: 'integer', enum: Object.values(TIME_DISPLAY_FORMAT) },
        }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { color_mode_id, time_display_format } = request.body.user;
      await updatePreferences(db, user.id, {
        ...(color_mode_id === undefined ? {} : { color_mode_id }),
        ...(time_display_format === undefined ? {} : { time_display_format }),
      });
      return { type: 'notice', message: USER_SETTINGS_MESSAGES.preferencesSaved };
    },
  );

  app.post<{ Body: { personal_access_token: { name?: string; scopes?: string[]; expires_at?: string | null } } }>(
    USER_SETTINGS_PATHS.personalAccessTokens,
    {
      schema: {
        querystring: NO_QUERY,
        body: formBody('personal_access_token', {
          name: { type: 'string', maxLength: MAX_NAME_LENGTH },
          scopes: { type: 'array', maxItems: TOKEN_SCOPES.length, items: { type: 'string', enum: [...TOKEN_SCOPES] } },
          // A date, or none (a form's empty field).
          expires_at: {
            anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }, { type: 'string', maxLength: 0 }],
          },
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { name = '', scopes = [], expires_at: expiresAt } = request.body.personal_access_token;
      const errors: string[] = [];
      if (!name.trim()) errors.push(USER_SETTINGS_MESSAGES.nameBlank);
      if (scopes.length === 0) errors.push(USER_SETTINGS_MESSAGES.scopesBlank);
      if (expiresAt && expiresAt <= (isoDate(new Date()) ?? '')) errors.push(USER_SETTINGS_MESSAGES.expiresInPast);
      if (errors.length) return reply.code(422).send({ errors });
      const { token } = await createPersonalAccessToken(db, {
        userId: user.id,
        name,
        scopes: [...new Set(scopes)] as TokenScope[],
        expiresAt: expiresAt || null,
      });
      const active = await activeTokensOf(db, user.id);
      return {
        new_token: token,
        active_access_tokens: active.map((row) => tokenForPage(row)),
      };
    },
  );
}
