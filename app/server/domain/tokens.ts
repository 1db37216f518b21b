/** Personal access tokens: stored as a SHA-256 digest, with scopes and an optional expiry. */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';
import { digestSecret, randomSecret } from './secrets.ts';

/** Scopes this server knows; `read_api` allows reads only. */
export const TOKEN_SCOPES = ['api', 'read_api'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** GitLab's prefix for personal access tokens. */
export const PERSONAL_ACCESS_TOKEN_PREFIX = 'glpat-';

/** Creates a token for `userId`; returns its id and the only copy of its value. */
export async function createPersonalAccessToken(
  db: DbOrTx,
  input: { userId: number; name: string; scopes: TokenScope[]; expiresAt?: string | null; token?: string },
): Promise<{ id: number; token: string }> {
  const token = input.token ?? `${PERSONAL_ACCESS_TOKEN_PREFIX}${randomSecret()}`;
  const { id } = await db
    .insertInto('personal_access_tokens')
    .values({
      user_id: input.userId,
      name: input.name,
      token_digest: digestSecret(token),
      scopes: input.scopes,
      expires_at: input.expiresAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

/** What a presented token resolves to: nothing, or a token row whose state the caller judges. */
export async function findPersonalAccessToken(db: DbOrTx, token: string) {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'user_id', 'scopes', 'revoked', 'expires_at'])
    .select(sql<boolean>`coalesce(expires_at <= current_date, false)`.as('expired'))
    .where('token_digest', '=', digestSecret(token))
    .executeTakeFirst();
}

/**
 * A presented token and its owner in one query (every token request asks this first): the
 * user's row plus the token's `token_scopes`, `token_revoked` and `token_expired`.
 */
export async function findPersonalAccessTokenOwner(db: DbOrTx, token: string) {
  return db
    .selectFrom('personal_access_tokens')
    .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
    .selectAll('users')
    .select([
      'personal_access_tokens.scopes as token_scopes',
      'personal_access_tokens.revoked as token_revoked',
      sql<boolean>`coalesce(personal_access_tokens.expires_at <= current_date, false)`.as('token_expired'),
    ])
    .where('personal_access_tokens.token_digest', '=', digestSecret(token))
    .executeTakeFirst();
}
