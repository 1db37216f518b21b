/**
 * Releases (`lib/api/releases.rb`, `release/links.rb`): list (order_by released_at|created_at,
 * sort, include_html_description), get by tag, create (the tag made from `ref` when missing,
 * milestones by title, asset links), update, delete; and asset links (list, get, create,
 * update, delete). Everyone who can read the project sees releases; the commit and tag paths
 * only those who can read the code. Developers write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TAG_PREFIX, refNameError } from '../../domain/git.ts';
import { findTag, readCommit } from '../../domain/gitObjects.ts';
import { canReadCode, canWriteReleases } from '../../domain/gitPermissions.ts';
import { projectRepository } from '../../domain/gitProjects.ts';
import { createTag } from '../../domain/gitRefs.ts';
import {
  RELEASE_LINK_TYPES,
  type ReleaseLinkRow,
  type ReleaseLinkType,
  type ReleaseRow,
} from '../../domain/gitTables.ts';
import { isUniqueViolation } from '../../domain/errors.ts';
import { renderGfm } from '../../domain/markdown.ts';
import { inTransaction } from '../../domain/transaction.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { entityContext } from './entities/context.ts';
import { Release, ReleaseLink } from './entities/Release.ts';
import { projectScope } from './issuableScope.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, ID_SCHEMA, NO_QUERY, SORT_SCHEMA } from './params.ts';
import { REF_SCHEMA, type RepositoryScope } from './repository.ts';

/** GitLab's messages of the releases API. */
export const RELEASE_MESSAGES = {
  exists: 'Release already exists',
  refMissing: 'Ref is not specified',
  tagInvalid: 'Tag name invalid',
  refInvalid: (ref: string) => `Target ${ref} is invalid`,
  milestonesMissing: (titles: string[]) => `Milestone(s) not found: ${titles.join(', ')}`,
  linkTaken: 'has already been taken',
} as const;
/** `order_by` values of release lists. */
export const RELEASE_ORDER_BY = ['released_at', 'created_at'] as const;
/** A link's URL: http(s) or ftp, as GitLab validates it. */
export const LINK_URL_PATTERN = '^(https?|ftp)://';

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } } as const;
const TAG_PARAMS = {
  type: 'object',
  required: ['id', 'tag_name'],
  properties: { id: ID_OR_PATH_SCHEMA, tag_name: REF_SCHEMA },
} as const;
const LINK_PARAMS = {
  type: 'object',
  required: ['id', 'tag_name', 'link_id'],
  properties: { id: ID_OR_PATH_SCHEMA, tag_name: REF_SCHEMA, link_id: ID_SCHEMA },
} as const;
const LINK_PROPERTIES = {
  name: { type: 'string', minLength: 1, maxLength: 255 },
  url: { type: 'string', minLength: 1, maxLength: 2048, pattern: LINK_URL_PATTERN },
  direct_asset_path: { type: 'string', pattern: '^/', maxLength: 2048 },
  filepath: { type: 'string', pattern: '^/', maxLength: 2048 },
  link_type: { type: 'string', enum: RELEASE_LINK_TYPES },
} as const;

interface LinkBody {
  name?: string;
  url?: string;
  direct_asset_path?: string;
  filepath?: string;
  link_type?: ReleaseLinkType;
}

interface ReleaseBody {
  tag_name?: string;
  name?: string;
  description?: string;
  ref?: string;
  tag_message?: string;
  milestones?: string[];
  released_at?: string;
  assets?: { links?: LinkBody[] };
}

const RELEASE_PROPERTIES = {
  name: { type: 'string', maxLength: 255 },
  description: { type: 'string', maxLength: 1_000_000 },
  milestones: { type: 'array', items: { type: 'string', maxLength: 255 }, maxItems: 100 },
  released_at: { type: 'string', format: 'date-time' },
} as const;

/** The project of a release route, with its repository and entity context. */
async function releaseScope(request: FastifyRequest, id: string): Promise<RepositoryScope> {
  const scope = await projectScope(request, id);
  const repository = await projectRepository(request.server.repositories, scope.project);
  return { ...scope, repository, ctx: { ...entityContext(request), projectPath: scope.fullPath } };
}

/** The scope of a write: Developers and above. */
async function writeScope(request: FastifyRequest, id: string): Promise<RepositoryScope> {
  const user = requireUser(request);
  const scope = await releaseScope(request, id);
  if (!canWriteReleases(user, scope.level)) throw forbidden();
  return scope;
}

/** The release of `:tag_name`, or 404. */
async function findRelease(request: FastifyRequest, scope: RepositoryScope, tag: string): Promise<ReleaseRow> {
  const release = await request.server.db
    .selectFrom('releases')
    .selectAll()
    .where('project_id', '=', scope.project.id)
    .where('tag', '=', tag)
    .executeTakeFirst();
  if (!release) throw notFound();
  return release;
}

/** Serialises releases with their authors, commits, links and milestones. */
async function presentReleases(
  request: FastifyRequest,
  scope: RepositoryScope,
  releases: readonly ReleaseRow[],
  includeHtml = false,
) {
  if (releases.length === 0) return [];
  const { db } = request.server;
  const ids = releases.map((release) => release.id);
  const authorIds = [...new Set(releases.flatMap((release) => (release.author_id ? [release.author_id] : [])))];
  const [authors, links, milestones] = await Promise.all([
    authorIds.length ? db.selectFrom('users').selectAll().where('id', 'in', authorIds).execute() : [],
    db.selectFrom('release_links').selectAll().where('release_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('milestone_releases')
      .innerJoin('milestones', 'milestones.id', 'milestone_releases.milestone_id')
      .selectAll('milestones')
      .select('milestone_releases.release_id')
      .where('milestone_releases.release_id', 'in', ids)
      .orderBy('milestones.id')
      .execute(),
  ]);
  const codeReadable = canReadCode(scope.level, scope.project);
  return Promise.all(
    releases.map(async (release) => {
      const sha = codeReadable ? await scope.repository.resolveCommit(release.sha) : null;
      return Release(
        {
          release,
          author: authors.find((author) => author.id === release.author_id),
          commit: sha ? await readCommit(scope.repository, sha) : null,
          links: links.filter((link) => link.release_id === release.id),
          milestones: milestones.filter((milestone) => milestone.release_id === release.id),
          descriptionHtml: includeHtml ? await renderGfm(db, release.description, scope.markdown) : undefined,
          projectName: scope.project.path,
        },
        scope.ctx,
      );
    }),
  );
}

/** The project milestones with these titles, or 400 naming the missing ones. */
async function milestonesByTitle(request: FastifyRequest, scope: RepositoryScope, titles: readonly string[]) {
  if (titles.length === 0) return [];
  const rows = await request.server.db
    .selectFrom('milestones')
    .select(['id', 'title'])
    .where('project_id', '=', scope.project.id)
    .where('title', 'in', titles)
    .execute();
  const missing = titles.filter((title) => !rows.some((row) => row.title === title));
  if (missing.length) throw new ApiError(400, { message: RELEASE_MESSAGES.milestonesMissing(missing) });
  return rows;
}

/** A link row's columns from a body. */
function linkColumns(body: LinkBody) {
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...((body.direct_asset_path ?? body.filepath) !== undefined
      ? { filepath: body.direct_asset_path ?? body.filepath }
      : {}),
    ...(body.link_type !== undefined ? { link_type: body.link_type } : {}),
  };
}

/** Runs a link write, answering GitLab's 400 for a name or URL the release already has. */
async function uniqueLink<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(400, { message: { name: [RELEASE_MESSAGES.linkTaken] } });
    throw error;
  }
}

/** Releases' routes. */
export async function releases(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{
    Params: { id: string };
    Querystring: {
      order_by?: (typeof RELEASE_ORDER_BY)[number];
      sort?: 'asc' | 'desc';
      include_html_description?: boolean;
    };
  }>(
    '/projects/:id/releases',
    {
      schema: {
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            order_by: { type: 'string', enum: RELEASE_ORDER_BY },
            sort: SORT_SCHEMA,
            include_html_description: BOOLEAN_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const scope = await releaseScope(request, request.params.id);
      const { order_by: orderBy = 'released_at', sort = 'desc', include_html_description: html } = request.query;
      const query = db
        .selectFrom('releases')
        .selectAll()
        .where('project_id', '=', scope.project.id)
        .orderBy(orderBy, sort)
        .orderBy('id', sort);
      return presentReleases(request, scope, await paginate(request, reply, query), html);
    },
  );

  app.get<{ Params: { id: string; tag_name: string }; Querystring: { include_html_description?: boolean } }>(
    '/projects/:id/releases/:tag_name',
    {
      schema: {
        params: TAG_PARAMS,
        querystring: { type: 'object', properties: { include_html_description: BOOLEAN_SCHEMA } },
      },
    },
    async (request) => {
      const scope = await releaseScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      const [presented] = await presentReleases(request, scope, [release], request.query.include_html_description);
      return presented;
    },
  );

  app.post<{ Params: { id: string }; Body: ReleaseBody }>(
    '/projects/:id/releases',
    {
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          required: ['tag_name'],
          properties: {
            ...RELEASE_PROPERTIES,
            tag_name: REF_SCHEMA,
            tag_message: { type: 'string', maxLength: 100_000 },
            ref: REF_SCHEMA,
            assets: {
              type: 'object',
              properties: {
                links: {
                  type: 'array',
                  maxItems: 100,
                  items: { type: 'object', required: ['name', 'url'], properties: LINK_PROPERTIES },
                },
              },
            },
          },
        },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await writeScope(request, request.params.id);
      const body = request.body;
      const name = body.tag_name!;
      let tag = await findTag(scope.repository, name);
      if (!tag) {
        if (!body.ref) throw new ApiError(422, { message: RELEASE_MESSAGES.refMissing });
        if (await refNameError(scope.repository, TAG_PREFIX, name)) {
          throw new ApiError(400, { message: RELEASE_MESSAGES.tagInvalid });
        }
        const sha = await scope.repository.resolveCommit(body.ref);
        if (!sha) throw new ApiError(400, { message: RELEASE_MESSAGES.refInvalid(body.ref) });
        await createTag(scope.repository, {
          name,
          sha,
          message: body.tag_message,
          tagger: { name: user.name, email: user.email },
        });
        tag = (await findTag(scope.repository, name))!;
      }
      const milestones = await milestonesByTitle(request, scope, body.milestones ?? []);
      const release = await inTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('releases')
          .values({
            project_id: scope.project.id,
            tag: name,
            name: body.name ?? name,
            description: body.description ?? '',
            author_id: user.id,
            sha: tag.commit.id,
            released_at: body.released_at ? new Date(body.released_at) : new Date(),
          })
          .onConflict((oc) => oc.columns(['project_id', 'tag']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new ApiError(409, { message: RELEASE_MESSAGES.exists });
        if (milestones.length) {
          await trx
            .insertInto('milestone_releases')
            .values(milestones.map((m) => ({ milestone_id: m.id, release_id: row.id })))
            .execute();
        }
        const links = body.assets?.links ?? [];
        if (links.length) {
          await uniqueLink(() =>
            trx
              .insertInto('release_links')
              .values(
                links.map((link) => ({ release_id: row.id, name: link.name!, url: link.url!, ...linkColumns(link) })),
              )
              .execute(),
          );
        }
        return row;
      });
      const [presented] = await presentReleases(request, scope, [release]);
      return reply.code(201).send(presented);
    },
  );

  app.put<{ Params: { id: string; tag_name: string }; Body: ReleaseBody }>(
    '/projects/:id/releases/:tag_name',
    { schema: { params: TAG_PARAMS, body: { type: 'object', properties: RELEASE_PROPERTIES }, querystring: NO_QUERY } },
    async (request) => {
      const scope = await writeScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      const body = request.body;
      const milestones = body.milestones ? await milestonesByTitle(request, scope, body.milestones) : undefined;
      const updated = await inTransaction(db, async (trx) => {
        const row = await trx
          .updateTable('releases')
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.released_at !== undefined ? { released_at: new Date(body.released_at) } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', release.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (milestones) {
          await trx.deleteFrom('milestone_releases').where('release_id', '=', release.id).execute();
          if (milestones.length) {
            await trx
              .insertInto('milestone_releases')
              .values(milestones.map((m) => ({ milestone_id: m.id, release_id: release.id })))
              .execute();
          }
        }
        return row;
      });
      const [presented] = await presentReleases(request, scope, [updated]);
      return presented;
    },
  );

  app.delete<{ Params: { id: string; tag_name: string } }>(
    '/projects/:id/releases/:tag_name',
    { schema: { params: TAG_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await writeScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      // GitLab answers with the deleted release (200), and keeps the tag.
      const [presented] = await presentReleases(request, scope, [release]);
      await db.deleteFrom('releases').where('id', '=', release.id).execute();
      return presented;
    },
  );

  /** The link `:link_id` of a release, or 404. */
  async function findLink(request: FastifyRequest, release: ReleaseRow, id: number): Promise<ReleaseLinkRow> {
    const link = await db
      .selectFrom('release_links')
      .selectAll()
      .where('release_id', '=', release.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!link) throw notFound();
    return link;
  }

  app.get<{ Params: { id: string; tag_name: string } }>(
    '/projects/:id/releases/:tag_name/assets/links',
    { schema: { params: TAG_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } } },
    async (request, reply) => {
      const scope = await releaseScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      const query = db.selectFrom('release_links').selectAll().where('release_id', '=', release.id).orderBy('id');
      return (await paginate(request, reply, query)).map((link) => ReleaseLink(link, release, scope.ctx));
    },
  );

  app.get<{ Params: { id: string; tag_name: string; link_id: number } }>(
    '/projects/:id/releases/:tag_name/assets/links/:link_id',
    { schema: { params: LINK_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await releaseScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      return ReleaseLink(await findLink(request, release, request.params.link_id), release, scope.ctx);
    },
  );

  app.post<{ Params: { id: string; tag_name: string }; Body: LinkBody }>(
    '/projects/:id/releases/:tag_name/assets/links',
    {
      schema: {
        params: TAG_PARAMS,
        body: { type: 'object', required: ['name', 'url'], properties: LINK_PROPERTIES },
        querystring: NO_QUERY,
      },
    },
    async (request, reply) => {
      const scope = await writeScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      const body = request.body;
      const link = await uniqueLink(() =>
        db
          .insertInto('release_links')
          .values({ release_id: release.id, name: body.name!, url: body.url!, ...linkColumns(body) })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return reply.code(201).send(ReleaseLink(link, release, scope.ctx));
    },
  );

  app.put<{ Params: { id: string; tag_name: string; link_id: number }; Body: LinkBody }>(
    '/projects/:id/releases/:tag_name/assets/links/:link_id',
    { schema: { params: LINK_PARAMS, body: { type: 'object', properties: LINK_PROPERTIES }, querystring: NO_QUERY } },
    async (request) => {
      const scope = await writeScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      const link = await findLink(request, release, request.params.link_id);
      const updated = await uniqueLink(() =>
        db
          .updateTable('release_links')
          .set({ ...linkColumns(request.body), updated_at: new Date() })
          .where('id', '=', link.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return ReleaseLink(updated, release, scope.ctx);
    },
  );

  app.delete<{ Params: { id: string; tag_name: string; link_id: number } }>(
    '/projects/:id/releases/:tag_name/assets/links/:link_id',
    { schema: { params: LINK_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await writeScope(request, request.params.id);
      const release = await findRelease(request, scope, request.params.tag_name);
      const link = await findLink(request, release, request.params.link_id);
      await db.deleteFrom('release_links').where('id', '=', link.id).execute();
      // GitLab answers with the deleted link (200).
      return ReleaseLink(link, release, scope.ctx);
    },
  );
}
