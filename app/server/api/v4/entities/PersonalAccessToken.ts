/** GitLab's personal access token entities (`lib/api/entities/personal_access_token*.rb`). */
import type { Selectable } from 'kysely';
import type { PersonalAccessTokensTable } from '../../../db/schema.ts';
import { isoDate, isoTime } from './context.ts';

export type PersonalAccessTokenRow = Selectable<PersonalAccessTokensTable>;

/** True when the token has passed its expiry date (it expires at the start of that day, UTC). */
export function isTokenExpired(token: Pick<PersonalAccessTokenRow, 'expires_at'>, now = new Date()): boolean {
  return token.expires_at !== null && (isoDate(token.expires_at) ?? '') <= (isoDate(now) ?? '');
}

/** `id, name, revoked, created_at, description, scopes, user_id, last_used_at, active, expires_at`. */
export function PersonalAccessToken(token: PersonalAccessTokenRow) {
  return {
    id: token.id,
    name: token.name,
    revoked: token.revoked,
    created_at: isoTime(token.created_at),
    description: null,
    scopes: token.scopes,
    user_id: token.user_id,
    last_used_at: isoTime(token.last_used_at),
    active: !token.revoked && !isTokenExpired(token),
    expires_at: isoDate(token.expires_at),
  };
}

/** The entity with the token's value: shown once, when it is created. */
export function PersonalAccessTokenWithToken(token: PersonalAccessTokenRow, value: string) {
  return { ...PersonalAccessToken(token), token: value };
}
