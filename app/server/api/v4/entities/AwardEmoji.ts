/** GitLab's award emoji entity (`lib/api/entities/award_emoji.rb`). */
import type { AwardEmojiRow } from '../../../domain/issuableTables.ts';
import type { UserRow } from '../../../domain/users.ts';
import { isoTime, type EntityContext } from './context.ts';
import { UserBasic } from './User.ts';

/** `id, name, user, created_at, updated_at, awardable_id, awardable_type, url` (custom emoji only). */
export function AwardEmoji(award: AwardEmojiRow, user: UserRow, ctx: EntityContext) {
  return {
    id: award.id,
    name: award.name,
    user: UserBasic(user, ctx),
    created_at: isoTime(award.created_at),
    updated_at: isoTime(award.updated_at),
    awardable_id: award.awardable_id,
    awardable_type: award.awardable_type,
    url: null,
  };
}
