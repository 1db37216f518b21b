/**
 * Groups (`lib/api/groups.rb`): list, get by id or full path, create, update, delete,
 * subgroups, descendant groups and the group's projects.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ACCESS_LEVEL, VISIBILITIES, VISIBILITY_LEVEL, type Visibility } from '../../domain/access.ts';
import { registerAssociationCount, registerStatistic } from '../../domain/counters.ts';
import { TAKEN, ValidationError, isUniqueViolation } from '../../domain/errors.ts';
import { createGroup, findNamespace, type NamespaceRow } from '../../domain/groups.ts';
import { assertValidPath } from '../../domain/paths.ts';
import {
  canAdminGroup,
  canCreateSubgroup,
  canReadGroup,
  groupMemberOf,
  groupsReadableBy,
  groupsWithMembershipOf,
} from '../../domain/permissions.ts';
import { inTransaction } from '../../domain/transaction.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { assertVisibilityNotRestricted, readSettings } from './application.ts';
import { entityContext } from './entities/context.ts';
import { Group } from './entities/Group.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_PARAMS, ID_SCHEMA, NO_QUERY, SEARCH_SCHEMA, SORT_SCHEMA } from './params.ts';
import {
  ACCEPTED,
  PROJECT_LIST_QUERY,
  containsPattern,
  filterProjects,
  listProjects,
  presentProjects,
} from './projects.ts';

/** `order_by` values of group lists. */
export const GROUP_ORDER_BY = ['name', 'path', 'id', 'similarity'] as const;
/** Projects embedded in GET /groups/:id (GitLab caps the deprecated list at 100). */
export const GROUP_DETAIL_PROJECTS_LIMIT = 100;

registerAssociationCount('groups_count', async (db, userId) => {
  const { count } = await db
    .selectFrom('members')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('source_type', '=', 'Namespace')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return count;
});
registerStatistic('groups', async (db) => {
  const { count } = await db
    .selectFrom('namespaces')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('type', '=', 'Group')
    .executeTakeFirstOrThrow();
  return count;
});

interface GroupListQuery extends PaginationQuery {
  search?: string;
  owned?: boolean;
  min_access_level?: number;
  top_level_only?: boolean;
  all_available?: boolean;
  visibility?: Visibility;
  skip_groups?: number[];
  order_by?: (typeof GROUP_ORDER_BY)[number];
  sort?: 'asc' | 'desc';
}

const GROUP_LIST_QUERY = {
  type: 'object',
  properties: {
    ...PAGINATION_QUERY,
    search: SEARCH_SCHEMA,
    owned: BOOLEAN_SCHEMA,
    min_access_level: { type: 'integer', enum: Object.values(ACCESS_LEVEL) },
    top_level_only: BOOLEAN_SCHEMA,
    all_available: BOOLEAN_SCHEMA,
    statistics: BOOLEAN_SCHEMA,
    with_custom_attributes: BOOLEAN_SCHEMA,
    visibility: { type: 'string', enum: VISIBILITIES },
    skip_groups: { type: 'array', items: ID_SCHEMA },
    order_by: { type: 'string', enum: GROUP_ORDER_BY },
    sort: SORT_SCHEMA,
  },
} as const;

interface GroupBody {
  name?: string;
  path?: string;
  parent_id?: number;
  description?: string;
  visibility?: Visibility;
  request_access_enabled?: boolean;
  share_with_group_lock?: boolean;
  lfs_enabled?: boolean;
  default_branch?: string;
}

const GROUP_BODY_PROPERTIES = {
  name: { type: 'string', minLength: 1, maxLength: 255 },
  path: { type: 'string', minLength: 1, maxLength: 255 },
  description: { type: 'string', maxLength: 2000 },
  visibility: { type: 'string', enum: VISIBILITIES },
  request_access_enabled: BOOLEAN_SCHEMA,
  share_with_group_lock: BOOLEAN_SCHEMA,
  lfs_enabled: BOOLEAN_SCHEMA,
  default_branch: { type: 'string', maxLength: 255 },
} as const;

/** The group named by `:id` if readable by the request's user, else 404 Group Not Found. */
export async function readableGroup(request: FastifyRequest, idOrPath: string): Promise<NamespaceRow> {
  const group = await findNamespace(request.server.db, idOrPath);
  if (!group || group.type !== 'Group' || !(await canReadGroup(request.server.db, actorOf(request), group))) {
    throw notFound('Group');
  }
  return group;
}

/** Groups' router. */
export async function groups(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** The readable groups `g`, filtered by the list parameters, ordered and paginated. */
  async function listGroups(
    request: FastifyRequest<{ Querystring: GroupListQuery }>,
    reply: Parameters<typeof paginate>[1],
    scope: (query: ReturnType<typeof base>) => ReturnType<typeof base>,
    { membersOnlyByDefault = false } = {},
  ) {
    const q = request.query;
    const user = actorOf(request);
    let query = scope(base()).where(groupsReadableBy(user));
    if (q.search) {
      const pattern = containsPattern(q.search);
      query = query.where((eb) => eb.or([eb('g.name', 'ilike', pattern), eb('g.path', 'ilike', pattern)]));
    }
    if (user && q.owned) query = query.where(groupMemberOf(user.id, ACCESS_LEVEL.OWNER));
    if (user && q.min_access_level) query = query.where(groupMemberOf(user.id, q.min_access_level));
    // GET /groups: a signed-in user sees the groups they belong to unless all_available=true.
    const allAvailable = q.all_available ?? !membersOnlyByDefault;
    if (user && !user.admin && !allAvailable) query = query.where(groupsWithMembershipOf(user.id));
    if (q.visibility) query = query.where('g.visibility_level', '=', VISIBILITY_LEVEL[q.visibility]);
    if (q.skip_groups?.length) query = query.where('g.id', 'not in', q.skip_groups);
    const sort = q.sort ?? 'asc';
    const orderBy = q.order_by === 'id' ? 'g.id' : q.order_by === 'path' ? 'g.path' : 'g.name';
    const rows = await paginate(request, reply, query.orderBy(orderBy, sort).orderBy('g.id', sort));
    const ctx = entityContext(request);
    return rows.map((group) => Group(group, ctx));
  }
  const base = () => db.selectFrom('namespaces as g').selectAll('g').where('g.type', '=', 'Group');

  app.get<{ Querystring: GroupListQuery }>('/groups', { schema: { querystring: GROUP_LIST_QUERY } }, (request, reply) =>
    listGroups(
      request,
      reply,
      (query) => (request.query.top_level_only ? query.where('g.parent_id', 'is', null) : query),
      { membersOnlyByDefault: true },
    ),
  );

  app.get<{ Params: { id: string }; Querystring: { with_projects?: boolean } }>(
    '/groups/:id',
    {
      schema: {
        params: ID_OR_PATH_PARAMS,
        querystring: {
          type: 'object',
          properties: { with_projects: BOOLEAN_SCHEMA, with_custom_attributes: BOOLEAN_SCHEMA },
        },
      },
    },
    async (request) => {
      const group = await readableGroup(request, request.params.id);
      const detail = { ...Group(group, entityContext(request)), shared_with_groups: [] };
      if (request.query.with_projects === false) return detail;
      const projects = await filterProjects(
        request,
        db.selectFrom('projects').selectAll('projects').where('projects.namespace_id', '=', group.id),
      )
        .orderBy('projects.id', 'asc')
        .limit(GROUP_DETAIL_PROJECTS_LIMIT)
        .execute();
      return { ...detail, projects: await presentProjects(request, projects), shared_projects: [] };
    },
  );

  const childrenSchema = { schema: { params: ID_OR_PATH_PARAMS, querystring: GROUP_LIST_QUERY } };
  app.get<{ Params: { id: string }; Querystring: GroupListQuery }>(
    '/groups/:id/subgroups',
    childrenSchema,
    async (request, reply) => {
      const group = await readableGroup(request, request.params.id);
      return listGroups(request, reply, (query) => query.where('g.parent_id', '=', group.id));
    },
  );
  app.get<{ Params: { id: string }; Querystring: GroupListQuery }>(
    '/groups/:id/descendant_groups',
    childrenSchema,
    async (request, reply) => {
      const group = await readableGroup(request, request.params.id);
      return listGroups(request, reply, (query) =>
        query.where('g.id', '<>', group.id).where(sql<boolean>`${group.id} = ANY(g.traversal_ids)`),
      );
    },
  );

  app.get<{ Params: { id: string }; Querystring: { include_subgroups?: boolean } }>(
    '/groups/:id/projects',
    {
      schema: {
        params: ID_OR_PATH_PARAMS,
        querystring: {
          ...PROJECT_LIST_QUERY,
          properties: {
            ...PROJECT_LIST_QUERY.properties,
            include_subgroups: BOOLEAN_SCHEMA,
            with_shared: BOOLEAN_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const group = await readableGroup(request, request.params.id);
      const namespaces = db
        .selectFrom('namespaces as pn')
        .select('pn.id')
        .where(
          request.query.include_subgroups
            ? sql<boolean>`${group.id} = ANY(pn.traversal_ids)`
            : sql<boolean>`pn.id = ${group.id}`,
        );
      return listProjects(
        request,
        reply,
        filterProjects(
          request,
          db.selectFrom('projects').selectAll('projects').where('projects.namespace_id', 'in', namespaces),
        ),
      );
    },
  );

  app.post<{ Body: GroupBody & { name: string; path: string } }>(
    '/groups',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'path'],
          properties: { ...GROUP_BODY_PROPERTIES, parent_id: ID_SCHEMA },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      if (body.parent_id) {
        const parent = await findNamespace(db, body.parent_id);
        if (!parent || parent.type !== 'Group' || !(await canReadGroup(db, user, parent))) throw notFound('Group');
        if (!(await canCreateSubgroup(db, user, parent))) throw forbidden();
      } else if (!user.can_create_group && !user.admin) {
        throw forbidden();
      }
      const visibility = body.visibility ?? (await readSettings(db)).default_group_visibility;
      await assertVisibilityNotRestricted(db, user, visibility);
      const group = await createGroup(db, {
        name: body.name,
        path: body.path,
        parentId: body.parent_id ?? null,
        visibility,
        description: body.description,
        creatorId: user.id,
      });
      return reply.code(201).send(Group(group, entityContext(request)));
    },
  );

  app.put<{ Params: { id: string }; Body: GroupBody }>(
    '/groups/:id',
    {
      schema: {
        params: ID_OR_PATH_PARAMS,
        body: { type: 'object', properties: GROUP_BODY_PROPERTIES },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const group = await readableGroup(request, request.params.id);
      if (!(await canAdminGroup(db, user, group))) throw forbidden();
      const body = request.body;
      if (body.path !== undefined) assertValidPath(body.path);
      if (body.visibility !== undefined) await assertVisibilityNotRestricted(db, user, body.visibility);
      if (body.visibility !== undefined && group.parent_id) {
        const parent = await findNamespace(db, group.parent_id);
        if (parent && VISIBILITY_LEVEL[body.visibility] > parent.visibility_level) {
          throw new ValidationError({
            visibility_level: [`${body.visibility} is not allowed since the parent group has a lower visibility.`],
          });
        }
      }
      try {
        const updated = await inTransaction(db, async (trx) => {
          const name = body.name ?? group.name;
          const path = body.path ?? group.path;
          const prefix = group.full_path.slice(0, group.full_path.length - group.path.length);
          const namePrefix = group.full_name.slice(0, group.full_name.length - group.name.length);
          const fullPath = `${prefix}${path}`;
          const fullName = `${namePrefix}${name}`;
          // Descendants' full paths and names follow a renamed or moved group.
          await trx
            .updateTable('namespaces')
            .set({
              full_path: sql`${fullPath} || substr(full_path, ${group.full_path.length + 1})`,
              full_name: sql`${fullName} || substr(full_name, ${group.full_name.length + 1})`,
            })
            .where('id', '<>', group.id)
            .where(sql<boolean>`${group.id} = ANY(traversal_ids)`)
            .execute();
          return trx
            .updateTable('namespaces')
            .set({
              name,
              path,
              full_path: fullPath,
              full_name: fullName,
              ...(body.description !== undefined ? { description: body.description } : {}),
              ...(body.visibility !== undefined ? { visibility_level: VISIBILITY_LEVEL[body.visibility] } : {}),
              ...(body.request_access_enabled !== undefined
                ? { request_access_enabled: body.request_access_enabled }
                : {}),
              ...(body.share_with_group_lock !== undefined
                ? { share_with_group_lock: body.share_with_group_lock }
                : {}),
              ...(body.lfs_enabled !== undefined ? { lfs_enabled: body.lfs_enabled } : {}),
              ...(body.default_branch !== undefined ? { default_branch: body.default_branch } : {}),
              updated_at: new Date(),
            })
            .where('id', '=', group.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return Group(updated, entityContext(request));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ path: [TAKEN] });
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/groups/:id',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      const user = requireUser(request);
      const group = await readableGroup(request, request.params.id);
      if (!(await canAdminGroup(db, user, group))) throw forbidden();
      // Subgroups and projects go with it (foreign keys cascade; memberships by trigger).
      await db.deleteFrom('namespaces').where('id', '=', group.id).execute();
      return reply.code(202).send(ACCEPTED);
    },
  );
}
