/**
 * The project or group an issue-tracker route works in, loaded once per request with what every
 * such route needs: readability checked (404 otherwise, as GitLab hides what one may not see),
 * the asker's role, full path and the Markdown scope for rendering its texts.
 */
import type { FastifyRequest } from 'fastify';
import { findNamespace, type NamespaceRow } from '../../domain/groups.ts';
import type { MarkdownScope } from '../../domain/markdown.ts';
import { canReadGroup, canReadProject, groupAccessLevel, projectAccessLevel } from '../../domain/permissions.ts';
import { findProject, type ProjectRow } from '../../domain/projects.ts';
import { actorOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';

/** A readable project with its namespace, the asker's role and paths. */
export interface ProjectScope {
  project: ProjectRow;
  namespace: NamespaceRow;
  /** The asker's role in the project (0 when none). */
  level: number;
  /** `group/project`. */
  fullPath: string;
  markdown: MarkdownScope;
}

/** A readable group with the asker's role. */
export interface GroupScope {
  group: NamespaceRow;
  level: number;
  markdown: MarkdownScope;
}

/** The project of a project-scoped route (`:id` is an id or a URL-encoded full path). */
export async function projectScope(request: FastifyRequest, idOrPath: string): Promise<ProjectScope> {
  const db = request.server.db;
  const user = actorOf(request);
  const project = await findProject(db, idOrPath);
  if (!project || !(await canReadProject(db, user, project))) throw notFound('Project');
  const namespace = await db
    .selectFrom('namespaces')
    .selectAll()
    .where('id', '=', project.namespace_id)
    .executeTakeFirstOrThrow();
  const fullPath = `${namespace.full_path}/${project.path}`;
  return {
    project,
    namespace,
    level: await projectAccessLevel(db, user, project),
    fullPath,
    markdown: {
      root: request.server.relativeUrlRoot,
      project: {
        id: project.id,
        fullPath,
        namespaceId: namespace.id,
        visibilityLevel: project.visibility_level,
      },
    },
  };
}

/** The group of a group-scoped route. */
export async function groupScope(request: FastifyRequest, idOrPath: string): Promise<GroupScope> {
  const db = request.server.db;
  const user = actorOf(request);
  const group = await findNamespace(db, idOrPath);
  if (!group || group.type !== 'Group' || !(await canReadGroup(db, user, group))) throw notFound('Group');
  return {
    group,
    level: await groupAccessLevel(db, user, group),
    markdown: {
      root: request.server.relativeUrlRoot,
      group: {
        id: group.id,
        fullPath: group.full_path,
        traversalIds: group.traversal_ids,
        visibilityLevel: group.visibility_level,
      },
    },
  };
}

/** A project or a group: where labels and milestones live. */
export type OwnerScope = { kind: 'project'; scope: ProjectScope } | { kind: 'group'; scope: GroupScope };

/** The route prefix of each owner kind. */
export const OWNER_PREFIXES = { project: '/projects/:id', group: '/groups/:id' } as const;

/** The project or group of a `/projects/:id/...` or `/groups/:id/...` route. */
export async function ownerScope(
  request: FastifyRequest,
  kind: OwnerScope['kind'],
  idOrPath: string,
): Promise<OwnerScope> {
  return kind === 'project'
    ? { kind, scope: await projectScope(request, idOrPath) }
    : { kind, scope: await groupScope(request, idOrPath) };
}
