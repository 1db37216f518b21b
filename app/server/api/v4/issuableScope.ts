/**
 * The project or group an issue-tracker route works in, loaded once per request with what every
 * such route needs: readability checked (404 otherwise, as GitLab hides what one may not see),
 * the asker's role, full path and the Markdown scope for rendering its texts.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { findNamespace, type NamespaceRow } from '../../domain/groups.ts';
import type { MarkdownScope } from '../../domain/markdown.ts';
import {
  canReadGroup,
  canReadProjectAt,
  groupAccessLevel,
  projectAccessLevelColumn,
} from '../../domain/permissions.ts';
import { findProjectQuery, type ProjectRow } from '../../domain/projects.ts';
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

/** Back from JSON: a namespace's timestamps as the row type has them. */
export function namespaceFromJson(json: Record<keyof NamespaceRow, unknown>): NamespaceRow {
  return {
    ...(json as unknown as NamespaceRow),
    created_at: new Date(json.created_at as string),
    updated_at: new Date(json.updated_at as string),
  };
}

/**
 * The project of a project-scoped route (`:id` is an id or a URL-encoded full path). One query
 * finds the project, its namespace and the asker's role (every such route asks all three).
 */
export async function projectScope(request: FastifyRequest, idOrPath: string): Promise<ProjectScope> {
  const user = actorOf(request);
  const row = await findProjectQuery(request.server.db, idOrPath)
    ?.select([
      sql<Record<keyof NamespaceRow, unknown>>`row_to_json(namespaces.*)`.as('scope_namespace'),
      projectAccessLevelColumn(user).as('scope_level'),
    ])
    .executeTakeFirst();
  if (!row) throw notFound('Project');
  const { scope_namespace: namespaceJson, scope_level: level, ...project } = row;
  if (!canReadProjectAt(user, project, level)) throw notFound('Project');
  const namespace = namespaceFromJson(namespaceJson);
  const fullPath = `${namespace.full_path}/${project.path}`;
  return {
    project,
    namespace,
    level,
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
