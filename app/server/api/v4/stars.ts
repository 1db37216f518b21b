/**
 * Stars (`lib/api/projects.rb`, `doc/api/project_starring.md`, `users.md`): star and unstar a
 * readable project (201 with the project; 304 when nothing changed), who starred it
 * (`/projects/:id/starrers`) and what a user starred (`/users/:id/starred_projects`, with the
 * project list's filters). `star_count` moves in the same transaction as the star.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { inTransaction } from '../../domain/transaction.ts';
import { findUser } from '../../domain/users.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { entityContext, isoTime } from './entities/context.ts';
import { UserBasic } from './entities/User.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { ID_OR_PATH_PARAMS, NO_BODY, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import {
  containsPattern,
  filterProjects,
  listProjects,
  PROJECT_LIST_QUERY,
  presentProjects,
  readableProject,
} from './projects.ts';

/** HTTP 304: GitLab's answer when starring a starred project or unstarring an unstarred one. */
export const NOT_MODIFIED = 304;

/** Stars' routes. */
export async function stars(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** Stars (`starred`) or unstars the project of the route for the signed-in user. */
  const setStar =
    (starred: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const user = requireUser(request);
      const project = await readableProject(request, request.params.id);
      const updated = await inTransaction(db, async (trx) => {
        const changed = starred
          ? await trx
              .insertInto('users_star_projects')
              .values({ user_id: user.id, project_id: project.id })
              .onConflict((oc) => oc.doNothing())
              .returning('project_id')
              .executeTakeFirst()
          : await trx
              .deleteFrom('users_star_projects')
              .where('user_id', '=', user.id)
              .where('project_id', '=', project.id)
              .returning('project_id')
              .executeTakeFirst();
        if (!changed) return undefined;
        return trx
          .updateTable('projects')
          .set((eb) => ({ star_count: eb('star_count', starred ? '+' : '-', 1) }))
          .where('id', '=', project.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      if (!updated) return reply.code(NOT_MODIFIED).send();
      const [presented] = await presentProjects(request, [updated]);
      return reply.code(201).send(presented);
    };

  app.post(
    '/projects/:id/star',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    setStar(true),
  );
  app.post(
    '/projects/:id/unstar',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: NO_QUERY, body: NO_BODY } },
    setStar(false),
  );

  app.get<{ Params: { id: string }; Querystring: { search?: string } }>(
    '/projects/:id/starrers',
    {
      schema: {
        params: ID_OR_PATH_PARAMS,
        querystring: { type: 'object', properties: { ...PAGINATION_QUERY, search: SEARCH_SCHEMA } },
      },
    },
    async (request, reply) => {
      const project = await readableProject(request, request.params.id);
      let query = db
        .selectFrom('users_star_projects')
        .innerJoin('users', 'users.id', 'users_star_projects.user_id')
        .selectAll('users')
        .select('users_star_projects.created_at as starred_since')
        .where('users_star_projects.project_id', '=', project.id);
      if (request.query.search) {
        const pattern = containsPattern(request.query.search);
        query = query.where((eb) =>
          eb.or([eb('users.username', 'ilike', pattern), eb('users.name', 'ilike', pattern)]),
        );
      }
      const rows = await paginate(request, reply, query.orderBy('users_star_projects.created_at', 'desc'));
      const ctx = entityContext(request);
      // GitLab's `UserStarsProject` entity.
      return rows.map(({ starred_since, ...user }) => ({
        starred_since: isoTime(starred_since),
        user: UserBasic(user, ctx),
      }));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/users/:id/starred_projects',
    { schema: { params: ID_OR_PATH_PARAMS, querystring: PROJECT_LIST_QUERY } },
    async (request, reply) => {
      const user = await findUser(db, request.params.id);
      if (!user) throw notFound('User');
      const starredBy = sql<SqlBool>`EXISTS (SELECT 1 FROM users_star_projects s
        WHERE s.project_id = projects.id AND s.user_id = ${user.id})`;
      return listProjects(
        request,
        reply,
        filterProjects(request, db.selectFrom('projects').selectAll('projects').where(starredBy)),
      );
    },
  );
}
