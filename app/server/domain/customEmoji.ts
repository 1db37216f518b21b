/**
 * Groups' custom emoji (migration 030): a name unique in its group and an image URL. A group sees
 * its own and, on request, its ancestors' (GitLab's `includeAncestorGroups`).
 */
import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, DbOrTx, Defaulted } from '../db/schema.ts';
import { BLANK, TAKEN, ValidationError, isUniqueViolation } from './errors.ts';

export interface CustomEmojiTable {
  id: Generated<number>;
  namespace_id: number;
  creator_id: number | null;
  name: string;
  /** The image's URL. */
  file: string;
  external: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    custom_emoji: CustomEmojiTable;
  }
}

export type CustomEmojiRow = Selectable<CustomEmojiTable>;

/** GitLab's custom emoji names: letters, digits, `_`, `-`, `+` (`CustomEmoji::NAME_REGEXP`). */
export const CUSTOM_EMOJI_NAME = /^[a-z0-9][a-z0-9_\-+]*$/;
/** GitLab's message for a name outside {@link CUSTOM_EMOJI_NAME}. */
export const INVALID_EMOJI_NAME = 'is invalid';

/** Adds a custom emoji to a group. */
export async function createCustomEmoji(
  db: DbOrTx,
  input: { groupId: number; name: string; url: string; creatorId: number | null },
): Promise<CustomEmojiRow> {
  if (!input.name) throw new ValidationError({ name: [BLANK] });
  if (!CUSTOM_EMOJI_NAME.test(input.name)) throw new ValidationError({ name: [INVALID_EMOJI_NAME] });
  if (!input.url) throw new ValidationError({ file: [BLANK] });
  try {
    return await db
      .insertInto('custom_emoji')
      .values({ namespace_id: input.groupId, name: input.name, file: input.url, creator_id: input.creatorId })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ name: [TAKEN] });
    throw error;
  }
}

/** The custom emoji a group sees, ordered by name (its ancestors' too with `includeAncestors`). */
export function customEmojiOfGroup(
  db: DbOrTx,
  group: { id: number; traversal_ids: number[] },
  includeAncestors: boolean,
) {
  const ids = includeAncestors && group.traversal_ids.length ? group.traversal_ids : [group.id];
  return db.selectFrom('custom_emoji').selectAll().where('namespace_id', 'in', ids).orderBy('name').orderBy('id');
}
