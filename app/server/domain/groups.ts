/** Groups and subgroups: namespaces of type Group with GitLab's traversal ids. */
import type { Selectable } from 'kysely';
import { isId, type DbOrTx, type NamespacesTable } from '../db/schema.ts';
import { ACCESS_LEVEL, VISIBILITY_LEVEL, type Visibility } from './access.ts';
import { BLANK, TAKEN, ValidationError, isUniqueViolation } from './errors.ts';
import { assertValidPath } from './paths.ts';
import { inTransaction } from './transaction.ts';

/** A namespace row (personal or group). */
export type NamespaceRow = Selectable<NamespacesTable>;

/** What `createGroup` needs. */
export interface NewGroup {
  name: string;
  path: string;
  parentId?: number | null;
  visibility?: Visibility;
  description?: string;
  /** Becomes the group's Owner. */
  creatorId: number;
}

/** Creates a group (or subgroup) and makes its creator an Owner. */
export async function createGroup(db: DbOrTx, input: NewGroup): Promise<NamespaceRow> {
  if (!input.name?.trim()) throw new ValidationError({ name: [BLANK] });
  assertValidPath(input.path);
  try {
    return await inTransaction(db, async (trx) => {
      const parent = input.parentId
        ? await trx
            .selectFrom('namespaces')
            .selectAll()
            .where('id', '=', input.parentId)
            .where('type', '=', 'Group')
            .executeTakeFirst()
        : undefined;
      if (input.parentId && !parent) throw new ValidationError({ parent_id: ['is invalid'] });
      const visibility = VISIBILITY_LEVEL[input.visibility ?? 'private'];
      if (parent && visibility > parent.visibility_level) {
        throw new ValidationError({
          visibility_level: [`${input.visibility} is not allowed since the parent group has a lower visibility.`],
        });
      }
      const inserted = await trx
        .insertInto('namespaces')
        .values({
          name: input.name,
          path: input.path,
          full_path: parent ? `${parent.full_path}/${input.path}` : input.path,
          full_name: parent ? `${parent.full_name} / ${input.name}` : input.name,
          type: 'Group',
          parent_id: parent?.id ?? null,
          description: input.description ?? '',
          visibility_level: visibility,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const group = await trx
        .updateTable('namespaces')
        .set({ traversal_ids: [...(parent?.traversal_ids ?? []), inserted.id] })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('members')
        .values({
          source_type: 'Namespace',
          source_id: group.id,
          user_id: input.creatorId,
          access_level: ACCESS_LEVEL.OWNER,
          created_by_id: input.creatorId,
        })
        .execute();
      return group;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ path: [TAKEN] });
    throw error;
  }
}

/** Finds a namespace by numeric id or full path (case-insensitive). */
export async function findNamespace(db: DbOrTx, idOrPath: string | number): Promise<NamespaceRow | undefined> {
  const query = db.selectFrom('namespaces').selectAll();
  return (
    /^\d+$/.test(String(idOrPath))
      ? query.where('id', '=', isId(idOrPath) ? Number(idOrPath) : 0)
      : query.where((eb) => eb(eb.fn('lower', ['full_path']), '=', String(idOrPath).toLowerCase()))
  ).executeTakeFirst();
}

/** The personal namespace of a user. */
export async function personalNamespace(db: DbOrTx, userId: number): Promise<NamespaceRow> {
  return db
    .selectFrom('namespaces')
    .selectAll()
    .where('type', '=', 'User')
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
}
