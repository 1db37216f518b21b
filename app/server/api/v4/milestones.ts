/**
 * Milestones (`lib/api/milestones.rb`, `group_milestones.rb`): project and group milestones;
 * list (`state`, `title`, `search`, `iids[]`, `include_ancestors`), get, create, update (with
 * `state_event` activate/close), delete, and the milestone's issues. `expired` from the due date.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { registerStatistic } from '../../domain/counters.ts';
import { isUniqueViolation } from '../../domain/errors.ts';
import type { MilestoneRow } from '../../domain/issuableTables.ts';
import { canAdminMilestones, issuesReadableBy } from '../../domain/issuablePermissions.ts';
import { MAX_DESCRIPTION_LENGTH } from '../../domain/issues.ts';
import { renderedColumns } from '../../domain/markdown.ts';
import { nextMilestoneIid } from '../../domain/milestones.ts';
import { projectsReadableBy } from '../../domain/permissions.ts';
import { inTransaction } from '../../domain/transaction.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { entityContext } from './entities/context.ts';
import { Milestone } from './entities/Milestone.ts';
import { OWNER_PREFIXES, ownerScope, type OwnerScope } from './issuableScope.ts';
import { presentIssues } from './issuePresenter.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, ID_SCHEMA, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import { containsPattern } from './projects.ts';

/** GitLab's refusal of a second milestone with the same title (Rails' error hash, inspected). */
export const MILESTONE_TITLE_TAKEN = 'already being used for another group or project milestone.';
/** GitLab's refusal of a start date after the due date. */
export const MILESTONE_DATES_INVALID = 'must be greater than start date';
/** The parameters a milestone update needs at least one of. */
export const MILESTONE_UPDATE_PARAMS = ['title', 'description', 'due_date', 'start_date', 'state_event'] as const;

registerStatistic('milestones', async (db) => {
  const { count } = await db
    .selectFrom('milestones')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
});

const OWNER_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } } as const;
const MILESTONE_PARAMS = {
  type: 'object',
  required: ['id', 'milestone_id'],
  properties: { id: ID_OR_PATH_SCHEMA, milestone_id: ID_SCHEMA },
} as const;
const DATE = {
  anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }, { type: 'string', maxLength: 0 }],
} as const;
const IID_LIST = { type: 'array', items: ID_SCHEMA } as const;

interface ListQuery extends PaginationQuery {
  state?: 'active' | 'closed';
  title?: string;
  search?: string;
  iids?: number[];
  'iids[]'?: number[];
  include_ancestors?: boolean;
  include_parent_milestones?: boolean;
}

interface MilestoneBody {
  title?: string;
  description?: string | null;
  due_date?: string | null;
  start_date?: string | null;
  state_event?: 'activate' | 'close';
}

/** Rails' `errors.messages.inspect` of one attribute, as GitLab puts it in the message. */
function failure(action: 'create' | 'update', field: string, message: string): ApiError {
  return new ApiError(400, { message: `Failed to ${action} milestone {:${field}=>["${message}"]}` });
}

function emptyToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}

/** Milestones' router (project and group milestones). */
export async function milestones(app: FastifyInstance): Promise<void> {
  const db = app.db;

  function ownerPath(owner: OwnerScope): string {
    return owner.kind === 'project' ? owner.scope.fullPath : owner.scope.group.full_path;
  }

  /** The milestones an owner shows: its own, plus its ancestor groups' when asked. */
  function visible(owner: OwnerScope, includeAncestors: boolean) {
    const query = db.selectFrom('milestones').selectAll();
    if (owner.kind === 'project') {
      const groups = owner.scope.namespace.type === 'Group' ? owner.scope.namespace.traversal_ids : [];
      return query.where((eb) =>
        eb.or([
          eb('project_id', '=', owner.scope.project.id),
          ...(includeAncestors && groups.length ? [eb('group_id', 'in', groups)] : []),
        ]),
      );
    }
    return query.where('group_id', 'in', includeAncestors ? owner.scope.group.traversal_ids : [owner.scope.group.id]);
  }

  async function present(request: FastifyRequest, owner: OwnerScope, rows: MilestoneRow[]) {
    const groupIds = [...new Set(rows.flatMap((row) => (row.group_id ? [row.group_id] : [])))];
    const groups = groupIds.length
      ? await db.selectFrom('namespaces').select(['id', 'full_path']).where('id', 'in', groupIds).execute()
      : [];
    const ctx = entityContext(request);
    return rows.map((row) =>
      Milestone(
        row,
        { fullPath: row.project_id ? ownerPath(owner) : groups.find((g) => g.id === row.group_id)!.full_path },
        ctx,
      ),
    );
  }

  async function findOwned(owner: OwnerScope, id: number): Promise<MilestoneRow> {
    const milestone = await visible(owner, false).where('id', '=', id).executeTakeFirst();
    if (!milestone) throw notFound('Milestone');
    return milestone;
  }

  function requireAdmin(request: FastifyRequest, owner: OwnerScope) {
    requireUser(request);
    if (!canAdminMilestones(owner.scope.level)) throw forbidden();
  }

  function checkDates(action: 'create' | 'update', start: string | null | undefined, due: string | null | undefined) {
    if (start && due && start > due) throw failure(action, 'due_date', MILESTONE_DATES_INVALID);
  }

  for (const kind of ['project', 'group'] as const) {
    const base = `${OWNER_PREFIXES[kind]}/milestones`;
    const ownerOf = (request: FastifyRequest, id: string) => ownerScope(request, kind, id);

    app.get<{ Params: { id: string }; Querystring: ListQuery }>(
      base,
      {
        schema: {
          params: OWNER_PARAMS,
          querystring: {
            type: 'object',
            properties: {
              ...PAGINATION_QUERY,
              state: { type: 'string', enum: ['active', 'closed'] },
              title: { type: 'string', maxLength: 255 },
              search: SEARCH_SCHEMA,
              iids: IID_LIST,
              'iids[]': IID_LIST,
              include_ancestors: BOOLEAN_SCHEMA,
              include_parent_milestones: BOOLEAN_SCHEMA,
              include_descendants: BOOLEAN_SCHEMA,
            },
          },
        },
      },
      async (request, reply) => {
        const owner = await ownerOf(request, request.params.id);
        const q = request.query;
        let query = visible(owner, Boolean(q.include_ancestors ?? q.include_parent_milestones));
        if (q.state) query = query.where('state', '=', q.state);
        if (q.title) query = query.where('title', '=', q.title);
        if (q.search) {
          const pattern = containsPattern(q.search);
          query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]));
        }
        const iids = q.iids ?? q['iids[]'];
        if (iids?.length) query = query.where('iid', 'in', iids);
        const rows = await paginate(
          request,
          reply,
          query
            .orderBy(sql`due_date ASC NULLS LAST`)
            .orderBy('title')
            .orderBy('id'),
        );
        return present(request, owner, rows);
      },
    );

    app.get<{ Params: { id: string; milestone_id: number } }>(
      `${base}/:milestone_id`,
      { schema: { params: MILESTONE_PARAMS, querystring: NO_QUERY } },
      async (request) => {
        const owner = await ownerOf(request, request.params.id);
        const [entity] = await present(request, owner, [await findOwned(owner, request.params.milestone_id)]);
        return entity;
      },
    );

    app.get<{ Params: { id: string; milestone_id: number } }>(
      `${base}/:milestone_id/issues`,
      { schema: { params: MILESTONE_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } } },
      async (request, reply) => {
        const owner = await ownerOf(request, request.params.id);
        const milestone = await findOwned(owner, request.params.milestone_id);
        const user = actorOf(request);
        const query = db
          .selectFrom('issues')
          .innerJoin('projects', 'projects.id', 'issues.project_id')
          .selectAll('issues')
          .where('issues.milestone_id', '=', milestone.id)
          .where(projectsReadableBy(user) as never)
          .where(issuesReadableBy(user))
          .where(sql<SqlBool>`projects.issues_enabled`)
          .orderBy('issues.id');
        const rows = await paginate(request, reply, query);
        return presentIssues(request, rows, {
          from: owner.kind === 'project' ? { projectId: owner.scope.project.id } : { groupId: owner.scope.group.id },
        });
      },
    );

    app.post<{ Params: { id: string }; Body: MilestoneBody }>(
      base,
      {
        schema: {
          params: OWNER_PARAMS,
          querystring: NO_QUERY,
          body: {
            type: 'object',
            required: ['title'],
            properties: {
              title: { type: 'string', minLength: 1, maxLength: 255 },
              description: { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_LENGTH },
              due_date: DATE,
              start_date: DATE,
            },
          },
        },
      },
      async (request, reply) => {
        const owner = await ownerOf(request, request.params.id);
        requireAdmin(request, owner);
        const body = request.body;
        const dueDate = emptyToNull(body.due_date) ?? null;
        const startDate = emptyToNull(body.start_date) ?? null;
        checkDates('create', startDate, dueDate);
        const html = await renderedColumns(
          db,
          'milestones',
          { title: body.title!, description: body.description ?? null },
          owner.scope.markdown,
        );
        try {
          const milestone = await inTransaction(db, async (trx) =>
            trx
              .insertInto('milestones')
              .values({
                iid: await nextMilestoneIid(
                  trx,
                  owner.kind === 'project' ? { projectId: owner.scope.project.id } : { groupId: owner.scope.group.id },
                ),
                project_id: owner.kind === 'project' ? owner.scope.project.id : null,
                group_id: owner.kind === 'group' ? owner.scope.group.id : null,
                title: body.title!,
                description: body.description ?? null,
                due_date: dueDate,
                start_date: startDate,
                ...(html as Pick<MilestoneRow, 'title_html' | 'description_html' | 'cached_markdown_version'>),
              })
              .returningAll()
              .executeTakeFirstOrThrow(),
          );
          const [entity] = await present(request, owner, [milestone]);
          return reply.code(201).send(entity);
        } catch (error) {
          if (isUniqueViolation(error)) throw failure('create', 'title', MILESTONE_TITLE_TAKEN);
          throw error;
        }
      },
    );

    app.put<{ Params: { id: string; milestone_id: number }; Body: MilestoneBody }>(
      `${base}/:milestone_id`,
      {
        schema: {
          params: MILESTONE_PARAMS,
          body: {
            type: 'object',
            properties: {
              title: { type: 'string', minLength: 1, maxLength: 255 },
              description: { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_LENGTH },
              due_date: DATE,
              start_date: DATE,
              state_event: { type: 'string', enum: ['activate', 'close'] },
            },
          },
          querystring: NO_QUERY,
        },
      },
      async (request) => {
        const owner = await ownerOf(request, request.params.id);
        requireAdmin(request, owner);
        const body = request.body ?? {};
        if (!MILESTONE_UPDATE_PARAMS.some((key) => key in body)) {
          throw new ApiError(400, {
            error: `${MILESTONE_UPDATE_PARAMS.join(', ')} are missing, at least one parameter must be provided`,
          });
        }
        const milestone = await findOwned(owner, request.params.milestone_id);
        const dueDate = emptyToNull(body.due_date);
        const startDate = emptyToNull(body.start_date);
        const isoOf = (value: Date | null) => value && new Date(value).toISOString().slice(0, 10);
        checkDates(
          'update',
          startDate === undefined ? isoOf(milestone.start_date) : startDate,
          dueDate === undefined ? isoOf(milestone.due_date) : dueDate,
        );
        const sources: Record<string, string | null> = {};
        if (body.title !== undefined) sources.title = body.title;
        if (body.description !== undefined) sources.description = body.description;
        const html = Object.keys(sources).length
          ? await renderedColumns(db, 'milestones', sources, owner.scope.markdown)
          : {};
        try {
          const updated = await db
            .updateTable('milestones')
            .set({
              ...(body.title !== undefined ? { title: body.title } : {}),
              ...(body.description !== undefined ? { description: body.description } : {}),
              ...(dueDate !== undefined ? { due_date: dueDate } : {}),
              ...(startDate !== undefined ? { start_date: startDate } : {}),
              ...(body.state_event
                ? { state: body.state_event === 'close' ? ('closed' as const) : ('active' as const) }
                : {}),
              ...(html as Partial<Pick<MilestoneRow, 'title_html' | 'description_html' | 'cached_markdown_version'>>),
              updated_at: new Date(),
            })
            .where('id', '=', milestone.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          const [entity] = await present(request, owner, [updated]);
          return entity;
        } catch (error) {
          if (isUniqueViolation(error)) throw failure('update', 'title', MILESTONE_TITLE_TAKEN);
          throw error;
        }
      },
    );

    app.delete<{ Params: { id: string; milestone_id: number } }>(
      `${base}/:milestone_id`,
      { schema: { params: MILESTONE_PARAMS, querystring: NO_QUERY } },
      async (request, reply) => {
        const owner = await ownerOf(request, request.params.id);
        requireAdmin(request, owner);
        const milestone = await findOwned(owner, request.params.milestone_id);
        await db.deleteFrom('milestones').where('id', '=', milestone.id).execute();
        return reply.code(204).send();
      },
    );
  }
}
