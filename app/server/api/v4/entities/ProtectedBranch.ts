/** GitLab's protected branch entities (`lib/api/entities/protected_branch.rb`, `protected_ref_access.rb`). */
import type { ProtectedBranchRow } from '../../../domain/gitTables.ts';

/** `access_level_description` of each protected-branch level. */
export const ACCESS_LEVEL_DESCRIPTIONS: Record<number, string> = {
  0: 'No one',
  30: 'Developers + Maintainers',
  40: 'Maintainers',
  60: 'Admins',
};

/** One access rule: GitLab lists rules per role, user, group or deploy key; here one per kind. */
function ProtectedRefAccess(id: number, level: number) {
  return {
    id,
    access_level: level,
    access_level_description: ACCESS_LEVEL_DESCRIPTIONS[level] ?? String(level),
    deploy_key_id: null,
    user_id: null,
    group_id: null,
  };
}

/** `id, name, push/merge/unprotect_access_levels, allow_force_push, code_owner_approval_required`. */
export function ProtectedBranch(row: ProtectedBranchRow) {
  return {
    id: row.id,
    name: row.name,
    push_access_levels: [ProtectedRefAccess(row.id, row.push_access_level)],
    merge_access_levels: [ProtectedRefAccess(row.id, row.merge_access_level)],
    unprotect_access_levels: [ProtectedRefAccess(row.id, row.unprotect_access_level)],
    allow_force_push: row.allow_force_push,
    code_owner_approval_required: row.code_owner_approval_required,
  };
}
