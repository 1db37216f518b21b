/**
 * Namespaces (`lib/api/namespaces.rb`): the personal namespace and groups a user can use,
 * one namespace by id or path, and whether a path is taken (`/namespaces/:path/exists`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ACCESS_LEVEL } from '../../domain/access.ts';
import { findNamespace, type NamespaceRow } from '../../domain/groups.ts';
import { canReadGroup, groupMemberOf } from '../../domain/permissions.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { entityContext } from './entities/context.ts';
import { Namespace } from './entities/Namespace.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_PARAMS, ID_SCHEMA, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import { containsPattern, escapeLike } from './projects.ts';

/** How many alternative paths `exists` suggests at most. */
export const MAX_PATH_SUGGESTIONS = 1;

/** Namespaces' router. */
export async function namespaces(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function present(request: FastifyRequest, rows: NamespaceRow[]) {
    const ids = rows.map((n) => n.id);
    const projectCounts = new Map(
      ids.length
        ? (
            await db
              .selectFrom('projects')
              .select(['namespace_id', sql<number>`count(*)::int`.as('count')])
              .where('namespace_id', 'in', ids)
              .groupBy('namespace_id')
              .execute()
          ).map((row) => [row.namespace_id, row.count])
        : [],
    );
    const ctx = entityContext(request);
    return rows.map((namespace) => Namespace(namespace, { projects_count: projectCounts.get(namespace.id) ?? 0 }, ctx));
  }

  app.get<{ Querystring: PaginationQuery & { search?: string; owned_only?: boolean; top_level_only?: boolean } }>(
    '/namespaces',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            search: SEARCH_SCHEMA,
            owned_only: BOOLEAN_SCHEMA,
            top_level_only: BOOLEAN_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const q = request.query;
      let query = db.selectFrom('namespaces as g').selectAll('g');
      if (!user.admin || q.owned_only) {
        // The user's own namespace and the groups where they may create projects.
        const minLevel = q.owned_only ? ACCESS_LEVEL.OWNER : ACCESS_LEVEL.DEVELOPER;
        query = query.where((eb) =>
          eb.or([
            eb.and([eb('g.type', '=', 'User'), eb('g.owner_id', '=', user.id)]),
            eb.and([eb('g.type', '=', 'Group'), groupMemberOf(user.id, minLevel)]),
          ]),
        );
      }
      if (q.search) {
        const pattern = containsPattern(q.search);
        query = query.where((eb) => eb.or([eb('g.name', 'ilike', pattern), eb('g.full_path', 'ilike', pattern)]));
      }
      if (q.top_level_only) query = query.where('g.parent_id', 'is', null);
      return present(request, await paginate(request, reply, query.orderBy('g.id', 'asc')));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/namespaces/:id',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const user = requireUser(request);
      const namespace = await findNamespace(db, request.params.id);
      const visible =
        namespace &&
        (namespace.type === 'User'
          ? namespace.owner_id === user.id || user.admin
          : await canReadGroup(db, user, namespace));
      if (!visible) throw notFound('Namespace');
      const [presented] = await present(request, [namespace]);
      return presented;
    },
  );

  app.get<{ Params: { id: string }; Querystring: { parent_id?: number } }>(
    '/namespaces/:id/exists',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: { type: 'object', properties: { parent_id: ID_SCHEMA } } } },
    async (request) => {
      requireUser(request);
      const path = request.params.id;
      const parentId = request.query.parent_id ?? null;
      const siblings = await db
        .selectFrom('namespaces')
        .select('path')
        .where(parentId === null ? sql<boolean>`parent_id IS NULL` : sql<boolean>`parent_id = ${parentId}`)
        .where(sql<string>`lower(path)`, 'like', `${escapeLike(path.toLowerCase())}%`)
        .execute();
      const taken = new Set(siblings.map((row) => row.path.toLowerCase()));
      const exists = taken.has(path.toLowerCase());
      const suggests: string[] = [];
      for (let n = 1; exists && suggests.length < MAX_PATH_SUGGESTIONS; n += 1) {
        if (!taken.has(`${path}${n}`.toLowerCase())) suggests.push(`${path}${n}`);
      }
      return { exists, suggests };
    },
  );
}
