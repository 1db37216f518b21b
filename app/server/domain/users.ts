/** Creating accounts (with their personal namespace) and looking them up. */
import type { Selectable } from 'kysely';
import { isId, type DbOrTx, type UsersTable } from '../db/schema.ts';
import { VISIBILITY_LEVEL } from './access.ts';
import { BLANK, TAKEN, ValidationError, isUniqueViolation } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { assertValidPath } from './paths.ts';
import { inTransaction } from './transaction.ts';

/** A user row as read from the database. */
export type UserRow = Selectable<UsersTable>;

/** What `createUser` needs; the rest has database defaults. */
export interface NewUser {
  username: string;
  name: string;
  email: string;
  /** Plain password, hashed here; none means the account signs in with tokens only. */
  password?: string;
  admin?: boolean;
  state?: UserRow['state'];
  external?: boolean;
  bot?: boolean;
}

/** Creates a user and its personal namespace; throws `ValidationError` like GitLab. */
export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const blank = (['username', 'name', 'email'] as const).filter((field) => !input[field]?.trim());
  if (blank.length) throw new ValidationError(Object.fromEntries(blank.map((field) => [field, [BLANK]])));
  assertValidPath(input.username, 'username');
  const encrypted = input.password ? await hashPassword(input.password) : null;
  try {
    return await inTransaction(db, async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          username: input.username,
          name: input.name,
          email: input.email,
          encrypted_password: encrypted,
          admin: input.admin ?? false,
          state: input.state ?? 'active',
          external: input.external ?? false,
          bot: input.bot ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const namespace = await trx
        .insertInto('namespaces')
        .values({
          name: user.username,
          path: user.username,
          full_path: user.username,
          full_name: user.name,
          type: 'User',
          owner_id: user.id,
          visibility_level: VISIBILITY_LEVEL.public,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('namespaces')
        .set({ traversal_ids: [namespace.id] })
        .where('id', '=', namespace.id)
        .execute();
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const field = String((error as { constraint?: string }).constraint ?? '').includes('email') ? 'email' : 'username';
    throw new ValidationError({ [field]: [TAKEN] });
  }
}

/** Finds a user by numeric id or username (case-insensitive). */
export async function findUser(db: DbOrTx, idOrUsername: string | number): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll();
  return (
    /^\d+$/.test(String(idOrUsername))
      ? query.where('id', '=', isId(idOrUsername) ? Number(idOrUsername) : 0)
      : query.where((eb) => eb(eb.fn('lower', ['username']), '=', String(idOrUsername).toLowerCase()))
  ).executeTakeFirst();
}
