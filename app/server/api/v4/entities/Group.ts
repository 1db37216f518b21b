/** GitLab's `Group` entity (`lib/api/entities/group.rb`). */
import { visibilityName } from '../../../domain/access.ts';
import type { NamespaceRow } from '../../../domain/groups.ts';
import { isoTime, type EntityContext } from './context.ts';
import { namespaceWebUrl } from './Namespace.ts';

/** A group as lists and GET /groups/:id show it. */
export function Group(group: NamespaceRow, ctx: EntityContext) {
  return {
    id: group.id,
    web_url: namespaceWebUrl(group, ctx),
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: visibilityName(group.visibility_level),
    share_with_group_lock: group.share_with_group_lock,
    require_two_factor_authentication: group.require_two_factor_authentication,
    two_factor_grace_period: 48,
    project_creation_level: group.project_creation_level,
    auto_devops_enabled: null,
    subgroup_creation_level: group.subgroup_creation_level,
    emails_disabled: false,
    emails_enabled: true,
    mentions_disabled: null,
    lfs_enabled: group.lfs_enabled,
    default_branch: group.default_branch,
    default_branch_protection: 2,
    avatar_url: group.avatar_url,
    request_access_enabled: group.request_access_enabled,
    full_name: group.full_name,
    full_path: group.full_path,
    created_at: isoTime(group.created_at),
    parent_id: group.parent_id,
    organization_id: 1,
    shared_runners_setting: 'enabled',
    ldap_cn: null,
    ldap_access: null,
    wiki_access_level: 'enabled',
    archived: false,
    marked_for_deletion_on: null,
  };
}
