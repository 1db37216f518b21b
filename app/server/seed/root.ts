/**
 * The first start's administrator `root`: password from `FORGEKIT_ROOT_PASSWORD` (otherwise
 * generated and returned once, for main to print) and, when a token value is given, a personal
 * access token with scope `api`. Idempotent: an existing root and token are left alone.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';
import { randomSecret, digestSecret } from '../domain/secrets.ts';
import { createPersonalAccessToken } from '../domain/tokens.ts';
import { inTransaction } from '../domain/transaction.ts';
import { createUser, findUser } from '../domain/users.ts';

/** The administrator's username. */
export const ROOT_USERNAME = 'root';
/** The administrator's email. */
export const ROOT_EMAIL = 'admin@example.com';
/** The name of the token seeded from `FORGEKIT_ROOT_TOKEN`. */
export const ROOT_TOKEN_NAME = 'FORGEKIT_ROOT_TOKEN';

/** What seeding did: `generatedPassword` is set only when root was created with a new password. */
export interface RootSeedResult {
  userId: number;
  created: boolean;
  generatedPassword?: string;
}

/**
 * Arbitrary constant key of the advisory lock held while root is seeded: server processes that
 * start together on an empty PostgreSQL database take turns instead of both creating root.
 */
export const SEED_ROOT_LOCK_KEY = 4_710_014;

/** Ensures `root` (and its token) exist, once even when several processes start at the same time. */
export async function seedRoot(db: DbOrTx, options: { password?: string; token?: string }): Promise<RootSeedResult> {
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_ROOT_LOCK_KEY})`.execute(trx);
    return seedRootLocked(trx, options);
  });
}

async function seedRootLocked(db: DbOrTx, options: { password?: string; token?: string }): Promise<RootSeedResult> {
  let user = await findUser(db, ROOT_USERNAME);
  let result: RootSeedResult;
  if (user) {
    result = { userId: user.id, created: false };
  } else {
    const generatedPassword = options.password ? undefined : randomSecret();
    user = await createUser(db, {
      username: ROOT_USERNAME,
      name: 'Administrator',
      email: ROOT_EMAIL,
      password: options.password ?? generatedPassword,
      admin: true,
    });
    result = { userId: user.id, created: true, ...(generatedPassword ? { generatedPassword } : {}) };
  }
  if (options.token) {
    const existing = await db
      .selectFrom('personal_access_tokens')
      .select('id')
      .where('token_digest', '=', digestSecret(options.token))
      .executeTakeFirst();
    if (!existing) {
      await createPersonalAccessToken(db, {
        userId: user.id,
        name: ROOT_TOKEN_NAME,
        scopes: ['api'],
        token: options.token,
      });
    }
  }
  return result;
}
