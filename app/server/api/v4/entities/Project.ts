/**
 * GitLab's project entities (`lib/api/entities/project*.rb`): ProjectIdentity ⊂
 * BasicProjectDetails (`simple=true`) ⊂ Project.
 */
import { visibilityName } from '../../../domain/access.ts';
import type { NamespaceRow } from '../../../domain/groups.ts';
import type { ProjectRow } from '../../../domain/projects.ts';
import type { UserRow } from '../../../domain/users.ts';
import { isoTime, type EntityContext } from './context.ts';
import { NamespaceBasic } from './Namespace.ts';
import { UserBasic } from './User.ts';

/** What a project serializer reads besides the row. */
export interface ProjectContext {
  namespace: NamespaceRow;
  /** The personal namespace's owner (personal projects only). */
  owner?: UserRow;
  /** Counts registered by other resources (`open_issues_count`...). */
  counts?: Record<string, number>;
  /** The signed-in user's direct and inherited roles (single-project GET only). */
  permissions?: { project_access: number | null; group_access: number | null };
}

/** `owner/repo` and its URLs. */
function projectPaths(project: ProjectRow, { namespace }: ProjectContext, ctx: EntityContext) {
  const fullPath = `${namespace.full_path}/${project.path}`;
  const host = new URL(ctx.baseUrl).hostname;
  return { fullPath, webUrl: `${ctx.baseUrl}/${fullPath}`, ssh: `git@${host}:${fullPath}.git` };
}

/** `id, description, name, name_with_namespace, path, path_with_namespace, created_at`. */
export function ProjectIdentity(project: ProjectRow, context: ProjectContext) {
  return {
    id: project.id,
    description: project.description || null,
    name: project.name,
    name_with_namespace: `${context.namespace.full_name} / ${project.name}`,
    path: project.path,
    path_with_namespace: `${context.namespace.full_path}/${project.path}`,
    created_at: isoTime(project.created_at),
  };
}

/** `simple=true`: identity, URLs, counts and the namespace. */
export function BasicProjectDetails(project: ProjectRow, context: ProjectContext, ctx: EntityContext) {
  const { webUrl, ssh } = projectPaths(project, context, ctx);
  return {
    ...ProjectIdentity(project, context),
    default_branch: project.default_branch,
    tag_list: project.topics,
    topics: project.topics,
    ssh_url_to_repo: ssh,
    http_url_to_repo: `${webUrl}.git`,
    web_url: webUrl,
    readme_url: null,
    forks_count: project.forks_count,
    avatar_url: null,
    star_count: project.star_count,
    last_activity_at: isoTime(project.last_activity_at),
    visibility: visibilityName(project.visibility_level),
    namespace: NamespaceBasic(context.namespace, ctx),
  };
}

const accessLevel = (enabled: boolean) => (enabled ? 'enabled' : 'disabled');
const accessEntry = (level: number | null) => (level === null ? null : { access_level: level, notification_level: 3 });

/** The full project (GET /projects/:id, lists without `simple`). */
export function Project(project: ProjectRow, context: ProjectContext, ctx: EntityContext) {
  const basic = BasicProjectDetails(project, context, ctx);
  const api = `${ctx.baseUrl}/api/v4/projects/${project.id}`;
  return {
    ...basic,
    description_html: '',
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    },
    packages_enabled: false,
    empty_repo: project.default_branch === null,
    archived: project.archived,
    ...(context.owner ? { owner: UserBasic(context.owner, ctx) } : {}),
    resolve_outdated_diff_discussions: false,
    container_registry_enabled: false,
    issues_enabled: project.issues_enabled,
    merge_requests_enabled: project.merge_requests_enabled,
    wiki_enabled: project.wiki_enabled,
    jobs_enabled: project.jobs_enabled,
    snippets_enabled: project.snippets_enabled,
    can_create_merge_request_in: project.merge_requests_enabled,
    issues_access_level: accessLevel(project.issues_enabled),
    repository_access_level: 'enabled',
    merge_requests_access_level: accessLevel(project.merge_requests_enabled),
    forking_access_level: 'enabled',
    wiki_access_level: accessLevel(project.wiki_enabled),
    builds_access_level: accessLevel(project.jobs_enabled),
    snippets_access_level: accessLevel(project.snippets_enabled),
    pages_access_level: 'private',
    analytics_access_level: 'enabled',
    container_registry_access_level: 'disabled',
    releases_access_level: 'enabled',
    environments_access_level: 'enabled',
    emails_disabled: false,
    emails_enabled: true,
    shared_runners_enabled: true,
    lfs_enabled: true,
    creator_id: project.creator_id,
    import_status: 'none',
    ...(project.issues_enabled ? { open_issues_count: context.counts?.open_issues_count ?? 0 } : {}),
    updated_at: isoTime(project.updated_at),
    public_jobs: true,
    shared_with_groups: [],
    only_allow_merge_if_pipeline_succeeds: false,
    allow_merge_on_skipped_pipeline: null,
    request_access_enabled: project.request_access_enabled,
    only_allow_merge_if_all_discussions_are_resolved: false,
    remove_source_branch_after_merge: true,
    printing_merge_request_link_enabled: true,
    merge_method: 'merge',
    squash_option: 'default_off',
    autoclose_referenced_issues: true,
    ...(context.permissions
      ? {
          permissions: {
            project_access: accessEntry(context.permissions.project_access),
            group_access: accessEntry(context.permissions.group_access),
          },
        }
      : {}),
  };
}
