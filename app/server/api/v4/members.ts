/**
 * Members of projects and groups (`lib/api/members.rb`): direct (`/members`) and inherited
 * (`/members/all`, the highest role per user), get, add, change and remove.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ACCESS_LEVEL, MEMBER_ACCESS_LEVELS } from '../../domain/access.ts';
import type { NamespaceRow } from '../../domain/groups.ts';
import {
  canAdminGroup,
  canManageProjectMembers,
  projectAccessLevel,
  groupAccessLevel,
} from '../../domain/permissions.ts';
import type { ProjectRow } from '../../domain/projects.ts';
import { findUser, type UserRow } from '../../domain/users.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { entityContext } from './entities/context.ts';
import { Member } from './entities/Member.ts';
import { readableGroup } from './groups.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { ID_OR_PATH_SCHEMA, ID_SCHEMA, LIST_SCHEMA, NO_QUERY, SEARCH_SCHEMA, toList } from './params.ts';
import { containsPattern, readableProject } from './projects.ts';

/** GitLab's answer to adding someone who is already a member. */
export const MEMBER_EXISTS = 'Member already exists';
/** GitLab's refusal to remove a group's last Owner. */
export const LAST_OWNER = 'A group must have at least one owner';

/** A membership's source: a project, or a group (namespace). */
interface Source {
  type: 'Project' | 'Namespace';
  id: number;
  /** Namespaces whose group memberships are inherited (`/members/all`). */
  inheritedFrom: number[];
  project?: ProjectRow;
  group?: NamespaceRow;
}

const SOURCES = [
  { prefix: '/projects/:id', type: 'Project' },
  { prefix: '/groups/:id', type: 'Namespace' },
] as const;

const SOURCE_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } } as const;
const MEMBER_PARAMS = {
  type: 'object',
  required: ['id', 'user_id'],
  properties: { id: ID_OR_PATH_SCHEMA, user_id: ID_SCHEMA },
} as const;
const ACCESS_LEVEL_SCHEMA = { type: 'integer', enum: MEMBER_ACCESS_LEVELS } as const;
const EXPIRES_AT_SCHEMA = { type: ['string', 'null'], format: 'date' } as const;

interface ListQuery {
  query?: string;
  user_ids?: string | string[];
}

/** Members' router (for both projects and groups). */
export async function members(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function loadSource(request: FastifyRequest, type: Source['type'], idOrPath: string): Promise<Source> {
    if (type === 'Project') {
      const project = await readableProject(request, idOrPath);
      const namespace = await db
        .selectFrom('namespaces')
        .select('traversal_ids')
        .where('id', '=', project.namespace_id)
        .executeTakeFirstOrThrow();
      return { type, id: project.id, inheritedFrom: namespace.traversal_ids, project };
    }
    const group = await readableGroup(request, idOrPath);
    return { type, id: group.id, inheritedFrom: group.traversal_ids.filter((id) => id !== group.id), group };
  }

  /** The role of the request's user in the source, and whether it may manage members. */
  async function managerLevel(request: FastifyRequest, source: Source): Promise<number> {
    const user = requireUser(request);
    if (source.project) {
      if (!(await canManageProjectMembers(db, user, source.project))) throw forbidden();
      return projectAccessLevel(db, user, source.project);
    }
    if (!(await canAdminGroup(db, user, source.group!))) throw forbidden();
    return groupAccessLevel(db, user, source.group!);
  }

  /** Memberships (direct, or with inherited ones: the highest per user), with their users. */
  function membershipQuery(source: Source, inherited: boolean) {
    const sources = db
      .selectFrom('members as m')
      .select(['m.user_id', 'm.access_level', 'm.created_at', 'm.expires_at', 'm.created_by_id', 'm.id as member_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('m.source_type', '=', source.type), eb('m.source_id', '=', source.id)]),
          ...(inherited && source.inheritedFrom.length
            ? [eb.and([eb('m.source_type', '=', 'Namespace'), eb('m.source_id', 'in', source.inheritedFrom)])]
            : []),
        ]),
      )
      .where(sql<boolean>`(m.expires_at IS NULL OR m.expires_at > current_date)`)
      .distinctOn('m.user_id')
      .orderBy('m.user_id')
      .orderBy('m.access_level', 'desc');
    return db
      .selectFrom(sources.as('ms'))
      .innerJoin('users', 'users.id', 'ms.user_id')
      .selectAll('users')
      .select([
        'ms.access_level',
        'ms.created_at as member_created_at',
        'ms.expires_at',
        'ms.created_by_id',
        'ms.member_id',
      ]);
  }

  type MembershipRow = Awaited<ReturnType<ReturnType<typeof membershipQuery>['execute']>>[number];

  async function present(request: FastifyRequest, rows: MembershipRow[]) {
    const creatorIds = [...new Set(rows.flatMap((row) => (row.created_by_id ? [row.created_by_id] : [])))];
    const creators = new Map(
      creatorIds.length
        ? (await db.selectFrom('users').selectAll().where('id', 'in', creatorIds).execute()).map((u) => [u.id, u])
        : [],
    );
    const ctx = entityContext(request);
    return rows.map(({ access_level, member_created_at, expires_at, created_by_id, member_id: _id, ...user }) =>
      Member(
        user as UserRow,
        {
          access_level,
          created_at: member_created_at,
          expires_at,
          created_by: created_by_id ? (creators.get(created_by_id) ?? null) : null,
        },
        ctx,
      ),
    );
  }

  for (const { prefix, type } of SOURCES) {
    const list =
      (inherited: boolean) =>
      async (request: FastifyRequest<{ Params: { id: string }; Querystring: ListQuery }>, reply: FastifyReply) => {
        const source = await loadSource(request, type, request.params.id);
        let query = membershipQuery(source, inherited);
        if (request.query.query) {
          const pattern = containsPattern(request.query.query);
          query = query.where((eb) =>
            eb.or([eb('users.username', 'ilike', pattern), eb('users.name', 'ilike', pattern)]),
          );
        }
        const userIds = toList(request.query.user_ids).map(Number).filter(Number.isInteger);
        if (userIds.length) query = query.where('users.id', 'in', userIds);
        return present(request, await paginate(request, reply, query.orderBy('ms.member_id', 'asc')));
      };
    const listSchema = {
      schema: {
        params: SOURCE_PARAMS,
        querystring: {
          type: 'object',
          properties: { ...PAGINATION_QUERY, query: SEARCH_SCHEMA, user_ids: LIST_SCHEMA },
        },
      },
    };
    app.get(`${prefix}/members`, listSchema, list(false));
    app.get(`${prefix}/members/all`, listSchema, list(true));

    const one =
      (inherited: boolean) => async (request: FastifyRequest<{ Params: { id: string; user_id: number } }>) => {
        const source = await loadSource(request, type, request.params.id);
        const row = await membershipQuery(source, inherited)
          .where('users.id', '=', request.params.user_id)
          .executeTakeFirst();
        if (!row) throw notFound('Member');
        const [member] = await present(request, [row]);
        return member;
      };
    app.get(`${prefix}/members/:user_id`, { schema: { params: MEMBER_PARAMS, querystring: NO_QUERY } }, one(false));
    app.get(`${prefix}/members/all/:user_id`, { schema: { params: MEMBER_PARAMS, querystring: NO_QUERY } }, one(true));

    app.post<{ Params: { id: string }; Body: { user_id: number; access_level: number; expires_at?: string | null } }>(
      `${prefix}/members`,
      {
        schema: {
          params: SOURCE_PARAMS,
          body: {
            type: 'object',
            required: ['user_id', 'access_level'],
            properties: { user_id: ID_SCHEMA, access_level: ACCESS_LEVEL_SCHEMA, expires_at: EXPIRES_AT_SCHEMA },
          },
          querystring: NO_QUERY,
        },
      },
      async (request, reply) => {
        const source = await loadSource(request, type, request.params.id);
        const level = await managerLevel(request, source);
        if (request.body.access_level > level) throw forbidden();
        const user = await findUser(db, request.body.user_id);
        if (!user) throw notFound('User');
        const inserted = await db
          .insertInto('members')
          .values({
            source_type: source.type,
            source_id: source.id,
            user_id: user.id,
            access_level: request.body.access_level,
            expires_at: request.body.expires_at ?? null,
            created_by_id: actorOf(request)!.id,
          })
          .onConflict((oc) => oc.columns(['source_type', 'source_id', 'user_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) throw conflict(MEMBER_EXISTS);
        const row = await membershipQuery(source, false).where('users.id', '=', user.id).executeTakeFirstOrThrow();
        const [member] = await present(request, [row]);
        return reply.code(201).send(member);
      },
    );

    app.put<{ Params: { id: string; user_id: number }; Body: { access_level: number; expires_at?: string | null } }>(
      `${prefix}/members/:user_id`,
      {
        schema: {
          params: MEMBER_PARAMS,
          body: {
            type: 'object',
            required: ['access_level'],
            properties: { access_level: ACCESS_LEVEL_SCHEMA, expires_at: EXPIRES_AT_SCHEMA },
          },
          querystring: NO_QUERY,
        },
      },
      async (request) => {
        const source = await loadSource(request, type, request.params.id);
        const level = await managerLevel(request, source);
        if (request.body.access_level > level) throw forbidden();
        await assertNotLastOwner(source, request.params.user_id, request.body.access_level);
        const updated = await db
          .updateTable('members')
          .set({
            access_level: request.body.access_level,
            ...(request.body.expires_at !== undefined ? { expires_at: request.body.expires_at } : {}),
            updated_at: new Date(),
          })
          .where('source_type', '=', source.type)
          .where('source_id', '=', source.id)
          .where('user_id', '=', request.params.user_id)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw notFound('Member');
        const row = await membershipQuery(source, false)
          .where('users.id', '=', request.params.user_id)
          .executeTakeFirstOrThrow();
        const [member] = await present(request, [row]);
        return member;
      },
    );

    app.delete<{ Params: { id: string; user_id: number } }>(
      `${prefix}/members/:user_id`,
      { schema: { params: MEMBER_PARAMS, querystring: NO_QUERY } },
      async (request, reply) => {
        const source = await loadSource(request, type, request.params.id);
        await managerLevel(request, source);
        await assertNotLastOwner(source, request.params.user_id, ACCESS_LEVEL.NO_ACCESS);
        const deleted = await db
          .deleteFrom('members')
          .where('source_type', '=', source.type)
          .where('source_id', '=', source.id)
          .where('user_id', '=', request.params.user_id)
          .executeTakeFirst();
        if (deleted.numDeletedRows === 0n) throw notFound('Member');
        return reply.code(204).send();
      },
    );
  }

  /** A top-level group keeps at least one direct Owner. */
  async function assertNotLastOwner(source: Source, userId: number, newLevel: number): Promise<void> {
    if (source.type !== 'Namespace' || source.group?.parent_id || newLevel >= ACCESS_LEVEL.OWNER) return;
    const owners = await db
      .selectFrom('members')
      .select('user_id')
      .where('source_type', '=', 'Namespace')
      .where('source_id', '=', source.id)
      .where('access_level', '=', ACCESS_LEVEL.OWNER)
      .execute();
    if (owners.length === 1 && owners[0]!.user_id === userId) throw forbidden(LAST_OWNER);
  }
}
