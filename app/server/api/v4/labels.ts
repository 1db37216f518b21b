/**
 * Labels (`lib/api/labels.rb`, `group_labels.rb`): project labels (with their ancestor groups'
 * labels, `priority`, `is_project_label`) and group labels; list (`with_counts`, `search`,
 * `include_ancestor_groups`), get by id or name, create (409 when the name exists), update
 * (`new_name`, `color`, `description`, `priority`), delete. `text_color` follows the colour.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { MAX_ID } from '../../db/schema.ts';
import type { LabelRow } from '../../domain/issuableTables.ts';
import { canAdminLabels, issuesReadableBy } from '../../domain/issuablePermissions.ts';
import { LABEL_EXISTS, labelErrors, projectLabelsQuery } from '../../domain/labels.ts';
import { MAX_DESCRIPTION_LENGTH } from '../../domain/issues.ts';
import { renderedColumns, withFreshHtml, type MarkdownScope } from '../../domain/markdown.ts';
import { ValidationError, isUniqueViolation } from '../../domain/errors.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { Label, type LabelCounts } from './entities/Label.ts';
import { OWNER_PREFIXES, ownerScope, type OwnerScope } from './issuableScope.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import { containsPattern } from './projects.ts';

const OWNER_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } } as const;
const LABEL_PARAMS = {
  type: 'object',
  required: ['id', 'label_id'],
  properties: { id: ID_OR_PATH_SCHEMA, label_id: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;
/** The parameters a label update needs at least one of. */
export const LABEL_UPDATE_PARAMS = ['new_name', 'color', 'description', 'priority'] as const;
const PRIORITY_SCHEMA = { type: ['integer', 'null'], minimum: 0, maximum: MAX_ID } as const;

interface ListQuery extends PaginationQuery {
  with_counts?: boolean;
  include_ancestor_groups?: boolean;
  search?: string;
}

interface LabelBody {
  name?: string;
  new_name?: string;
  color?: string;
  description?: string | null;
  priority?: number | null;
}

function ancestorIds(owner: OwnerScope): number[] {
  if (owner.kind === 'group') return owner.scope.group.traversal_ids;
  return owner.scope.namespace.type === 'Group' ? owner.scope.namespace.traversal_ids : [];
}

/** Labels' router (project and group labels). */
export async function labels(app: FastifyInstance): Promise<void> {
  const db = app.db;

  function visibleLabels(owner: OwnerScope, includeAncestors: boolean) {
    if (owner.kind === 'project')
      return projectLabelsQuery(db, { id: owner.scope.project.id, traversalIds: ancestorIds(owner) }, includeAncestors);
    const ids = includeAncestors ? ancestorIds(owner) : [owner.scope.group.id];
    return db.selectFrom('labels').selectAll('labels').where('labels.group_id', 'in', ids);
  }

  async function findLabel(owner: OwnerScope, idOrName: string): Promise<LabelRow> {
    const query = visibleLabels(owner, true).orderBy(sql`labels.group_id IS NOT NULL`);
    const byId = /^\d+$/.test(idOrName)
      ? await query.where('labels.id', '=', Number(idOrName)).executeTakeFirst()
      : undefined;
    const label = byId ?? (await query.where('labels.title', '=', idOrName).executeTakeFirst());
    if (!label) throw notFound('Label');
    return label;
  }

  /** The Markdown scope of a label's description: its project, or its own group. */
  async function markdownScopeOf(owner: OwnerScope, label: LabelRow): Promise<MarkdownScope> {
    if (label.project_id || (owner.kind === 'group' && owner.scope.group.id === label.group_id))
      return owner.scope.markdown;
    const group = await db
      .selectFrom('namespaces')
      .selectAll()
      .where('id', '=', label.group_id!)
      .executeTakeFirstOrThrow();
    return {
      root: app.relativeUrlRoot,
      group: {
        id: group.id,
        fullPath: group.full_path,
        traversalIds: group.traversal_ids,
        visibilityLevel: group.visibility_level,
      },
    };
  }

  async function countsOf(
    request: FastifyRequest,
    owner: OwnerScope,
    labelIds: number[],
  ): Promise<Map<number, LabelCounts>> {
    if (labelIds.length === 0) return new Map();
    const inOwner =
      owner.kind === 'project'
        ? sql<SqlBool>`issues.project_id = ${owner.scope.project.id}`
        : sql<SqlBool>`EXISTS (SELECT 1 FROM namespaces pn WHERE pn.id = projects.namespace_id
            AND ${owner.scope.group.id} = ANY(pn.traversal_ids))`;
    const rows = await db
      .selectFrom('label_links')
      .innerJoin('issues', 'issues.id', 'label_links.target_id')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select([
        'label_links.label_id',
        sql<number>`count(*) FILTER (WHERE issues.state = 'opened')::int`.as('open'),
        sql<number>`count(*) FILTER (WHERE issues.state = 'closed')::int`.as('closed'),
      ])
      .where('label_links.target_type', '=', 'Issue')
      .where('label_links.label_id', 'in', labelIds)
      .where(inOwner)
      .where(issuesReadableBy(actorOf(request)))
      .groupBy('label_links.label_id')
      .execute();
    return new Map(
      labelIds.map((id) => {
        const row = rows.find((r) => r.label_id === id);
        return [
          id,
          { open_issues_count: row?.open ?? 0, closed_issues_count: row?.closed ?? 0, open_merge_requests_count: 0 },
        ];
      }),
    );
  }

  async function present(request: FastifyRequest, owner: OwnerScope, rows: LabelRow[], withCounts = false) {
    const fresh = await withFreshHtml(db, 'labels', rows, (label) => markdownScopeOf(owner, label));
    const counts = withCounts
      ? await countsOf(
          request,
          owner,
          fresh.map((label) => label.id),
        )
      : undefined;
    const priorities =
      owner.kind === 'project' && fresh.length
        ? await db
            .selectFrom('label_priorities')
            .select(['label_id', 'priority'])
            .where('project_id', '=', owner.scope.project.id)
            .where(
              'label_id',
              'in',
              fresh.map((label) => label.id),
            )
            .execute()
        : [];
    return fresh.map((label) =>
      Label(label, {
        counts: counts?.get(label.id),
        subscribed: false,
        project:
          owner.kind === 'project'
            ? {
                priority: priorities.find((row) => row.label_id === label.id)?.priority ?? null,
                isProjectLabel: label.project_id !== null,
              }
            : undefined,
      }),
    );
  }

  async function setPriority(owner: OwnerScope, labelId: number, priority: number | null | undefined) {
    if (owner.kind !== 'project' || priority === undefined) return;
    const projectId = owner.scope.project.id;
    if (priority === null) {
      await db
        .deleteFrom('label_priorities')
        .where('project_id', '=', projectId)
        .where('label_id', '=', labelId)
        .execute();
      return;
    }
    await db
      .insertInto('label_priorities')
      .values({ project_id: projectId, label_id: labelId, priority })
      .onConflict((oc) => oc.columns(['project_id', 'label_id']).doUpdateSet({ priority }))
      .execute();
  }

  function requireAdmin(request: FastifyRequest, owner: OwnerScope) {
    requireUser(request);
    if (!canAdminLabels(owner.scope.level)) throw forbidden();
  }

  for (const kind of ['project', 'group'] as const) {
    const base = `${OWNER_PREFIXES[kind]}/labels`;
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
              with_counts: BOOLEAN_SCHEMA,
              include_ancestor_groups: BOOLEAN_SCHEMA,
              include_descendant_groups: BOOLEAN_SCHEMA,
              only_group_labels: BOOLEAN_SCHEMA,
              search: SEARCH_SCHEMA,
            },
          },
        },
      },
      async (request, reply) => {
        const owner = await ownerOf(request, request.params.id);
        const q = request.query;
        let query = visibleLabels(owner, q.include_ancestor_groups ?? true);
        if (q.search) query = query.where('labels.title', 'ilike', containsPattern(q.search));
        const rows = await paginate(request, reply, query.orderBy('labels.title').orderBy('labels.id'));
        return present(request, owner, rows, q.with_counts);
      },
    );

    app.get<{ Params: { id: string; label_id: string } }>(
      `${base}/:label_id`,
      {
        schema: {
          params: LABEL_PARAMS,
          querystring: { type: 'object', properties: { include_ancestor_groups: BOOLEAN_SCHEMA } },
        },
      },
      async (request) => {
        const owner = await ownerOf(request, request.params.id);
        const [entity] = await present(request, owner, [await findLabel(owner, request.params.label_id)]);
        return entity;
      },
    );

    app.post<{ Params: { id: string }; Body: LabelBody }>(
      base,
      {
        schema: {
          params: OWNER_PARAMS,
          querystring: NO_QUERY,
          body: {
            type: 'object',
            required: ['name', 'color'],
            properties: {
              name: { type: 'string', maxLength: 255 },
              color: { type: 'string', maxLength: 32 },
              description: { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_LENGTH },
              priority: PRIORITY_SCHEMA,
            },
          },
        },
      },
      async (request, reply) => {
        const owner = await ownerOf(request, request.params.id);
        requireAdmin(request, owner);
        const { name, color, description, priority } = request.body;
        const errors = labelErrors({ title: name, color });
        if (Object.keys(errors).length) throw new ValidationError(errors);
        const existing = await visibleLabels(owner, false).where('labels.title', '=', name!.trim()).executeTakeFirst();
        if (existing) throw conflict(LABEL_EXISTS);
        const html = await renderedColumns(db, 'labels', { description: description ?? null }, owner.scope.markdown);
        try {
          const label = await db
            .insertInto('labels')
            .values({
              type: kind === 'project' ? 'ProjectLabel' : 'GroupLabel',
              project_id: owner.kind === 'project' ? owner.scope.project.id : null,
              group_id: owner.kind === 'group' ? owner.scope.group.id : null,
              title: name!.trim(),
              color: color!.trim(),
              description: description || null,
              ...(html as Pick<LabelRow, 'description_html' | 'cached_markdown_version'>),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await setPriority(owner, label.id, priority);
          const [entity] = await present(request, owner, [label]);
          return reply.code(201).send(entity);
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(LABEL_EXISTS);
          throw error;
        }
      },
    );

    app.put<{ Params: { id: string; label_id: string }; Body: LabelBody }>(
      `${base}/:label_id`,
      {
        schema: {
          params: LABEL_PARAMS,
          body: {
            type: 'object',
            properties: {
              new_name: { type: 'string', maxLength: 255 },
              color: { type: 'string', maxLength: 32 },
              description: { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_LENGTH },
              priority: PRIORITY_SCHEMA,
            },
          },
          querystring: NO_QUERY,
        },
      },
      async (request) => {
        const owner = await ownerOf(request, request.params.id);
        requireAdmin(request, owner);
        const body = request.body ?? {};
        if (!LABEL_UPDATE_PARAMS.some((key) => key in body))
          throw new ApiError(400, {
            error: `${LABEL_UPDATE_PARAMS.join(', ')} are missing, at least one parameter must be provided`,
          });
        const label = await findLabel(owner, request.params.label_id);
        // A group's label is changed in its group, not through one of its projects.
        if (
          owner.kind === 'project' &&
          label.project_id === null &&
          (body.new_name || body.color || 'description' in body)
        )
          throw forbidden();
        const errors = labelErrors({ title: body.new_name, color: body.color });
        if (Object.keys(errors).length) throw new ValidationError(errors);
        const html =
          body.description !== undefined
            ? await renderedColumns(db, 'labels', { description: body.description }, owner.scope.markdown)
            : {};
        let updated = label;
        if (body.new_name !== undefined || body.color !== undefined || body.description !== undefined) {
          try {
            updated = await db
              .updateTable('labels')
              .set({
                ...(body.new_name !== undefined ? { title: body.new_name.trim() } : {}),
                ...(body.color !== undefined ? { color: body.color.trim() } : {}),
                ...(body.description !== undefined ? { description: body.description || null } : {}),
                ...(html as Partial<Pick<LabelRow, 'description_html' | 'cached_markdown_version'>>),
                updated_at: new Date(),
              })
              .where('id', '=', label.id)
              .returningAll()
              .executeTakeFirstOrThrow();
          } catch (error) {
            if (isUniqueViolation(error)) throw conflict(LABEL_EXISTS);
            throw error;
          }
        }
        await setPriority(owner, label.id, body.priority);
        const [entity] = await present(request, owner, [updated]);
        return entity;
      },
    );

    app.delete<{ Params: { id: string; label_id: string } }>(
      `${base}/:label_id`,
      { schema: { params: LABEL_PARAMS, querystring: NO_QUERY } },
      async (request, reply) => {
        const owner = await ownerOf(request, request.params.id);
        requireAdmin(request, owner);
        const label = await findLabel(owner, request.params.label_id);
        if (owner.kind === 'project' && label.project_id === null) throw forbidden();
        await db.deleteFrom('labels').where('id', '=', label.id).execute();
        return reply.code(204).send();
      },
    );
  }
}
