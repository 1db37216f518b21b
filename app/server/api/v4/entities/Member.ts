/** GitLab's `Member` entity (`lib/api/entities/member.rb`): a user with their role. */
import type { UserRow } from '../../../domain/users.ts';
import { isoDate, isoTime, type EntityContext } from './context.ts';
import { UserBasic } from './User.ts';

/** The membership columns the entity shows. */
export interface MembershipFields {
  access_level: number;
  created_at: Date;
  expires_at: Date | null;
  created_by: UserRow | null;
}

/** A member: UserBasic plus the role. */
export function Member(user: UserRow, membership: MembershipFields, ctx: EntityContext) {
  return {
    ...UserBasic(user, ctx),
    access_level: membership.access_level,
    created_at: isoTime(membership.created_at),
    created_by: membership.created_by ? UserBasic(membership.created_by, ctx) : null,
    expires_at: isoDate(membership.expires_at),
    membership_state: 'active',
  };
}
