/**
 * Projects (`lib/api/projects.rb`): list (search, membership, owned, simple,
 * search_namespaces, visibility, order_by/sort, offset and keyset pagination), get by id or
 * URL-encoded full path, create, update, delete; and `GET /users/:id/projects`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Tables } from '../../db/schema.ts';
import { ACCESS_LEVEL, VISIBILITIES, VISIBILITY_LEVEL, type Visibility } from '../../domain/access.ts';
import { projectCounts, registerAssociationCount, registerStatistic } from '../../domain/counters.ts';
import { findNamespace, personalNamespace, type NamespaceRow } from '../../domain/groups.ts';
import {
  canCreateProjectIn,
  canDeleteProject,
  canReadGroup,
  canReadProject,
  canUpdateProject,
  groupAccessLevel,
  projectMemberOf,
  projectsReadableBy,
} from '../../domain/permissions.ts';
import { assertVisibilityAllowed, createProject, findProject, type ProjectRow } from '../../domain/projects.ts';
import { assertValidPath } from '../../domain/paths.ts';
import { createProjectRepository, removeProjectRepository } from '../../domain/gitProjects.ts';
import { TAKEN, ValidationError, isUniqueViolation } from '../../domain/errors.ts';
import { findUser } from '../../domain/users.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { assertVisibilityNotRestricted, readSettings } from './application.ts';
import { entityContext } from './entities/context.ts';
import { BasicProjectDetails, Project, type ProjectContext } from './entities/Project.ts';
import { PAGINATION_QUERY, pageOf, paginate, writeKeysetLink, type PaginationQuery } from './pagination.ts';
import {
  BOOLEAN_SCHEMA,
  ID_OR_PATH_PARAMS,
  ID_SCHEMA,
  LIST_SCHEMA,
  NO_QUERY,
  SEARCH_SCHEMA,
  SORT_SCHEMA,
  toList,
} from './params.ts';

/** `order_by` values of project lists. */
export const PROJECT_ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'last_activity_at',
  'star_count',
] as const;
/** GitLab's refusal of keyset pagination for an order it cannot page by. */
export const KEYSET_UNSUPPORTED = 'Keyset pagination is not yet available for this type of request';
/** Grape's `at_least_one_of :name, :path` refusal. */
export const NAME_OR_PATH_MISSING = 'name, path are missing, at least one parameter must be provided';
/** GitLab's answer to an accepted deletion. */
export const ACCEPTED = { message: '202 Accepted' } as const;

registerAssociationCount('projects_count', async (db, userId) => {
  const { count } = await db
    .selectFrom('members')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('source_type', '=', 'Project')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return count;
});
registerStatistic('projects', async (db) => {
  const { count } = await db
    .selectFrom('projects')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
});

/** The query-string of project lists. */
export interface ProjectListQuery extends PaginationQuery {
  search?: string;
  search_namespaces?: boolean;
  simple?: boolean;
  membership?: boolean;
  owned?: boolean;
  archived?: boolean;
  visibility?: Visibility;
  min_access_level?: number;
  topic?: string | string[];
  order_by?: (typeof PROJECT_ORDER_BY)[number];
  sort?: 'asc' | 'desc';
  pagination?: 'offset' | 'keyset';
  id_after?: number;
  id_before?: number;
}

/** The query-string schema of project lists (shared with groups/:id/projects). */
export const PROJECT_LIST_QUERY = {
  type: 'object',
  properties: {
    ...PAGINATION_QUERY,
    search: SEARCH_SCHEMA,
    search_namespaces: BOOLEAN_SCHEMA,
    simple: BOOLEAN_SCHEMA,
    membership: BOOLEAN_SCHEMA,
    owned: BOOLEAN_SCHEMA,
    archived: BOOLEAN_SCHEMA,
    statistics: BOOLEAN_SCHEMA,
    with_issues_enabled: BOOLEAN_SCHEMA,
    with_merge_requests_enabled: BOOLEAN_SCHEMA,
    visibility: { type: 'string', enum: VISIBILITIES },
    min_access_level: { type: 'integer', enum: Object.values(ACCESS_LEVEL) },
    topic: LIST_SCHEMA,
    order_by: { type: 'string', enum: PROJECT_ORDER_BY },
    sort: SORT_SCHEMA,
    pagination: { type: 'string', enum: ['offset', 'keyset'] },
    id_after: ID_SCHEMA,
    id_before: ID_SCHEMA,
  },
} as const;

type ProjectQuery = SelectQueryBuilder<Tables, 'projects', ProjectRow>;

/** A term with LIKE's wildcards (`%`, `_`) and escape character escaped: plain text in a pattern. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** ILIKE pattern for a search term, its wildcards escaped (metacharacters are plain text). */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** Applies the list filters every project list shares to `query`. */
export function filterProjects(request: FastifyRequest, query: ProjectQuery): ProjectQuery {
  const q = request.query as ProjectListQuery;
  const user = actorOf(request);
  let filtered = query.where(projectsReadableBy(user));
  if (q.search) {
    const pattern = containsPattern(q.search);
    filtered = filtered.where((eb) =>
      eb.or([
        eb('projects.name', 'ilike', pattern),
        eb('projects.path', 'ilike', pattern),
        eb('projects.description', 'ilike', pattern),
        ...(q.search_namespaces
          ? [
              eb.exists(
                eb
                  .selectFrom('namespaces as sn')
                  .select(sql`1`.as('one'))
                  .whereRef('sn.id', '=', 'projects.namespace_id')
                  .where(sql<string>`sn.full_path || '/' || projects.path`, 'ilike', pattern),
              ),
            ]
          : []),
      ]),
    );
  }
  if (user && q.membership) filtered = filtered.where(projectMemberOf(user.id));
  if (user && q.min_access_level) filtered = filtered.where(projectMemberOf(user.id, q.min_access_level));
  if (user && q.owned) {
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('namespaces as own')
          .select(sql`1`.as('one'))
          .whereRef('own.id', '=', 'projects.namespace_id')
          .where('own.type', '=', 'User')
          .where('own.owner_id', '=', user.id),
      ),
    );
  }
  if (q.archived !== undefined) filtered = filtered.where('projects.archived', '=', q.archived);
  if (q.visibility) filtered = filtered.where('projects.visibility_level', '=', VISIBILITY_LEVEL[q.visibility]);
  for (const topic of toList(q.topic)) {
    filtered = filtered.where(sql<boolean>`${topic} = ANY(projects.topics)`);
  }
  return filtered;
}

/** Serialises a page of projects (loading their namespaces, owners and counts in batches). */
export async function presentProjects(
  request: FastifyRequest,
  rows: readonly ProjectRow[],
  permissions?: ProjectContext['permissions'],
) {
  const { db } = request.server;
  const ctx = entityContext(request);
  if (rows.length === 0) return [];
  const namespaces = new Map(
    (
      await db
        .selectFrom('namespaces')
        .selectAll()
        .where('id', 'in', [...new Set(rows.map((p) => p.namespace_id))])
        .execute()
    ).map((n) => [n.id, n]),
  );
  const ownerIds = [...namespaces.values()].flatMap((n) => (n.type === 'User' && n.owner_id ? [n.owner_id] : []));
  const owners = new Map(
    ownerIds.length
      ? (await db.selectFrom('users').selectAll().where('id', 'in', ownerIds).execute()).map((u) => [u.id, u])
      : [],
  );
  const simple = (request.query as ProjectListQuery).simple;
  const counts = simple
    ? undefined
    : await projectCounts(
        db,
        rows.map((p) => p.id),
      );
  return rows.map((project) => {
    const namespace = namespaces.get(project.namespace_id)!;
    const context = {
      namespace,
      owner: namespace.owner_id ? owners.get(namespace.owner_id) : undefined,
      counts: counts?.get(project.id),
      permissions,
    };
    return simple ? BasicProjectDetails(project, context, ctx) : Project(project, context, ctx);
  });
}

/** Orders, paginates (offset or keyset) and serialises a filtered project list. */
export async function listProjects(request: FastifyRequest, reply: FastifyReply, query: ProjectQuery) {
  const q = request.query as ProjectListQuery;
  const sort = q.sort ?? 'desc';
  const orderBy = q.order_by ?? (q.pagination === 'keyset' ? 'id' : 'created_at');
  if (q.pagination === 'keyset') {
    if (orderBy !== 'id') throw new ApiError(405, { message: `405 Method Not Allowed - ${KEYSET_UNSUPPORTED}` });
    const { perPage } = pageOf(request);
    let keyset = query.orderBy('projects.id', sort);
    if (q.id_after) keyset = keyset.where('projects.id', '>', q.id_after);
    if (q.id_before) keyset = keyset.where('projects.id', '<', q.id_before);
    const rows = await keyset.limit(perPage + 1).execute();
    const page = rows.slice(0, perPage);
    const last = page.at(-1);
    const next = rows.length > perPage && last ? { [sort === 'asc' ? 'id_after' : 'id_before']: last.id } : null;
    writeKeysetLink(request, reply, next);
    return presentProjects(request, page);
  }
  const rows = await paginate(request, reply, query.orderBy(`projects.${orderBy}`, sort).orderBy('projects.id', sort));
  return presentProjects(request, rows);
}

/** The project named by `:id` (number or full path) if `request`'s user may read it, else 404. */
export async function readableProject(request: FastifyRequest, idOrPath: string): Promise<ProjectRow> {
  const project = await findProject(request.server.db, idOrPath);
  if (!project || !(await canReadProject(request.server.db, actorOf(request), project))) throw notFound('Project');
  return project;
}

interface ProjectBody {
  name?: string;
  path?: string;
  namespace_id?: string | number;
  description?: string;
  visibility?: Visibility;
  default_branch?: string;
  topics?: string | string[];
  tag_list?: string | string[];
  issues_enabled?: boolean;
  merge_requests_enabled?: boolean;
  wiki_enabled?: boolean;
  jobs_enabled?: boolean;
  snippets_enabled?: boolean;
  request_access_enabled?: boolean;
  initialize_with_readme?: boolean;
}

const PROJECT_BODY_PROPERTIES = {
  name: { type: 'string', minLength: 1, maxLength: 255 },
  path: { type: 'string', minLength: 1, maxLength: 255 },
  description: { type: 'string', maxLength: 2000 },
  visibility: { type: 'string', enum: VISIBILITIES },
  default_branch: { type: 'string', maxLength: 255 },
  topics: LIST_SCHEMA,
  tag_list: LIST_SCHEMA,
  issues_enabled: BOOLEAN_SCHEMA,
  merge_requests_enabled: BOOLEAN_SCHEMA,
  wiki_enabled: BOOLEAN_SCHEMA,
  jobs_enabled: BOOLEAN_SCHEMA,
  snippets_enabled: BOOLEAN_SCHEMA,
  request_access_enabled: BOOLEAN_SCHEMA,
  initialize_with_readme: BOOLEAN_SCHEMA,
} as const;

/** Projects' router. */
export async function projects(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** One project, with the signed-in user's direct and inherited roles. */
  async function presentOne(request: FastifyRequest, project: ProjectRow) {
    const user = actorOf(request);
    let permissions: ProjectContext['permissions'];
    if (user) {
      const namespace = await db
        .selectFrom('namespaces')
        .selectAll()
        .where('id', '=', project.namespace_id)
        .executeTakeFirstOrThrow();
      const direct = await db
        .selectFrom('members')
        .select('access_level')
        .where('source_type', '=', 'Project')
        .where('source_id', '=', project.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      // Roles actually held (an administrator's implicit access is not a membership).
      const group = namespace.type === 'Group' ? await groupAccessLevel(db, { ...user, admin: false }, namespace) : 0;
      permissions = { project_access: direct?.access_level ?? null, group_access: group || null };
    }
    const [presented] = await presentProjects(request, [project], permissions);
    return presented;
  }

  app.get('/projects', { schema: { querystring: PROJECT_LIST_QUERY } }, async (request, reply) =>
    listProjects(request, reply, filterProjects(request, db.selectFrom('projects').selectAll('projects'))),
  );

  app.get<{ Params: { id: string } }>(
    '/users/:id/projects',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: PROJECT_LIST_QUERY } },
    async (request, reply) => {
      const user = await findUser(db, request.params.id);
      if (!user) throw notFound('User');
      const namespace = await personalNamespace(db, user.id);
      return listProjects(
        request,
        reply,
        filterProjects(
          request,
          db.selectFrom('projects').selectAll('projects').where('projects.namespace_id', '=', namespace.id),
        ),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/projects/:id',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: NO_QUERY } },
    async (request) => presentOne(request, await readableProject(request, request.params.id)),
  );

  async function targetNamespace(request: FastifyRequest, id: string | number | undefined): Promise<NamespaceRow> {
    const user = requireUser(request);
    if (id === undefined) return personalNamespace(db, user.id);
    const namespace = await findNamespace(db, String(id));
    if (!namespace || !(await canReadGroup(db, user, namespace))) throw notFound('Namespace');
    if (!(await canCreateProjectIn(db, user, namespace))) throw forbidden();
    return namespace;
  }

  app.post<{ Body: ProjectBody }>(
    '/projects',
    {
      schema: {
        body: {
          type: 'object',
          properties: { ...PROJECT_BODY_PROPERTIES, namespace_id: { type: ['integer', 'string'] } },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      if (body.name === undefined && body.path === undefined) throw new ApiError(400, { error: NAME_OR_PATH_MISSING });
      const namespace = await targetNamespace(request, body.namespace_id);
      const visibility = body.visibility ?? (await readSettings(db)).default_project_visibility;
      await assertVisibilityNotRestricted(db, user, visibility);
      const project = await createProject(db, {
        name: body.name,
        path: body.path,
        namespace,
        creatorId: user.id,
        visibility,
        description: body.description,
        defaultBranch: body.default_branch,
        topics: toList(body.topics ?? body.tag_list),
      });
      const flags = pickFlags(body);
      const withRepository = await createProjectRepository(db, app.repositories, project, {
        author: { name: user.name, email: user.email },
        withReadme: body.initialize_with_readme,
      });
      const created = Object.keys(flags).length
        ? await db
            .updateTable('projects')
            .set(flags)
            .where('id', '=', project.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : withRepository;
      return reply.code(201).send(await presentOne(request, created));
    },
  );

  app.put<{ Params: { id: string }; Body: ProjectBody }>(
    '/projects/:id',
    {
      schema: {
        params: ID_OR_PATH_PARAMS,
        body: { type: 'object', properties: PROJECT_BODY_PROPERTIES },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const project = await readableProject(request, request.params.id);
      if (!(await canUpdateProject(db, user, project))) throw forbidden();
      const body = request.body;
      const changes: Partial<ProjectRow> = { ...pickFlags(body), updated_at: new Date() };
      if (body.name !== undefined) changes.name = body.name;
      if (body.path !== undefined) {
        assertValidPath(body.path);
        changes.path = body.path;
      }
      if (body.description !== undefined) changes.description = body.description;
      if (body.default_branch !== undefined) changes.default_branch = body.default_branch;
      if (body.topics !== undefined || body.tag_list !== undefined)
        changes.topics = toList(body.topics ?? body.tag_list);
      if (body.visibility !== undefined) {
        const namespace = await db
          .selectFrom('namespaces')
          .selectAll()
          .where('id', '=', project.namespace_id)
          .executeTakeFirstOrThrow();
        assertVisibilityAllowed(VISIBILITY_LEVEL[body.visibility], namespace);
        await assertVisibilityNotRestricted(db, user, body.visibility);
        changes.visibility_level = VISIBILITY_LEVEL[body.visibility];
      }
      try {
        const updated = await db
          .updateTable('projects')
          .set(changes)
          .where('id', '=', project.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return presentOne(request, updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ path: [TAKEN] });
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/projects/:id',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      const user = requireUser(request);
      const project = await readableProject(request, request.params.id);
      if (!(await canDeleteProject(db, user, project))) throw forbidden();
      await db.deleteFrom('projects').where('id', '=', project.id).execute();
      await removeProjectRepository(app.repositories, project.id);
      return reply.code(202).send(ACCEPTED);
    },
  );
}

/** The feature switches a body sets. */
function pickFlags(body: ProjectBody) {
  const keys = [
    'issues_enabled',
    'merge_requests_enabled',
    'wiki_enabled',
    'jobs_enabled',
    'snippets_enabled',
    'request_access_enabled',
  ] as const;
  return Object.fromEntries(keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]])) as Partial<
    Pick<ProjectRow, (typeof keys)[number]>
  >;
}
