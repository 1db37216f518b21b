/** GitLab's `NamespaceBasic` / `Namespace` entities (`lib/api/entities/namespace*.rb`). */
import type { NamespaceRow } from '../../../domain/groups.ts';
import type { EntityContext } from './context.ts';

/** The web URL of a namespace: a user's profile or a group's page. */
export function namespaceWebUrl(namespace: NamespaceRow, ctx: EntityContext): string {
  return namespace.type === 'User'
    ? `${ctx.baseUrl}/${namespace.full_path}`
    : `${ctx.baseUrl}/groups/${namespace.full_path}`;
}

/** `id, name, path, kind, full_path, parent_id, avatar_url, web_url`: embedded in projects. */
export function NamespaceBasic(namespace: NamespaceRow, ctx: EntityContext) {
  return {
    id: namespace.id,
    name: namespace.name,
    path: namespace.path,
    kind: namespace.type === 'User' ? 'user' : 'group',
    full_path: namespace.full_path,
    parent_id: namespace.parent_id,
    avatar_url: namespace.avatar_url,
    web_url: namespaceWebUrl(namespace, ctx),
  };
}

/** GET /namespaces: NamespaceBasic plus counts. */
export function Namespace(namespace: NamespaceRow, extras: { projects_count: number }, ctx: EntityContext) {
  return {
    ...NamespaceBasic(namespace, ctx),
    plan: 'default',
    trial_ends_on: null,
    trial: false,
    root_repository_size: 0,
    projects_count: extras.projects_count,
  };
}
