/**
 * Tags (`lib/api/tags.rb`): list (search, order_by name|updated, sort), get, create
 * (lightweight, or annotated with `message`), delete. Each shows its release, if any.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refNameError, TAG_PREFIX } from '../../domain/git.ts';
import { findTag, listTags, type GitRef } from '../../domain/gitObjects.ts';
import { canPushCode } from '../../domain/gitPermissions.ts';
import { createTag, deleteRef } from '../../domain/gitRefs.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { Tag } from './entities/Commit.ts';
import { PAGINATION_QUERY } from './pagination.ts';
import { ID_OR_PATH_SCHEMA, NO_QUERY, SEARCH_SCHEMA, SORT_SCHEMA } from './params.ts';
import { paginateArray, REF_SCHEMA, repositoryScope, type RepositoryScope } from './repository.ts';

/** GitLab's messages of the tags API. */
export const TAG_MESSAGES = {
  invalidName: 'Tag name invalid',
  exists: (name: string) => `Tag ${name} already exists`,
  invalidTarget: (ref: string) => `Target ${ref} is invalid`,
  missing: 'No such tag',
} as const;

const TAG_PARAMS = {
  type: 'object',
  required: ['id', 'tag_name'],
  properties: { id: ID_OR_PATH_SCHEMA, tag_name: REF_SCHEMA },
} as const;

/** Serialises tags with their releases. */
async function presentTags(request: FastifyRequest, scope: RepositoryScope, tags: readonly GitRef[]) {
  const releases = tags.length
    ? await request.server.db
        .selectFrom('releases')
        .select(['tag', 'description'])
        .where('project_id', '=', scope.project.id)
        .where(
          'tag',
          'in',
          tags.map((tag) => tag.name),
        )
        .execute()
    : [];
  const byTag = new Map(releases.map((release) => [release.tag, release]));
  return tags.map((tag) => {
    const release = byTag.get(tag.name);
    return Tag(tag, release ? { tag_name: release.tag, description: release.description } : null, scope.ctx);
  });
}

/** Tags' routes. */
export async function tags(app: FastifyInstance): Promise<void> {
  app.get<{
    Params: { id: string };
    Querystring: { search?: string; order_by?: 'name' | 'updated' | 'version'; sort?: 'asc' | 'desc' };
  }>(
    '/projects/:id/repository/tags',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            search: SEARCH_SCHEMA,
            order_by: { type: 'string', enum: ['name', 'updated', 'version'] },
            sort: SORT_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      const { search, order_by: orderBy = 'updated', sort = 'desc' } = request.query;
      const all = (await listTags(scope.repository)).filter(
        (tag) => !search || tag.name.toLowerCase().includes(search.toLowerCase()),
      );
      const key = (tag: GitRef) => (orderBy === 'updated' ? tag.commit.committedDate : tag.name);
      const collator = new Intl.Collator('en', { numeric: orderBy === 'version' });
      all.sort((a, b) => collator.compare(key(a), key(b)) * (sort === 'asc' ? 1 : -1));
      return presentTags(request, scope, paginateArray(request, reply, all));
    },
  );

  app.get<{ Params: { id: string; tag_name: string } }>(
    '/projects/:id/repository/tags/:tag_name',
    { schema: { params: TAG_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await repositoryScope(request, request.params.id);
      const tag = await findTag(scope.repository, request.params.tag_name);
      if (!tag) throw notFound('Tag');
      const [presented] = await presentTags(request, scope, [tag]);
      return presented;
    },
  );

  const createProperties = { tag_name: REF_SCHEMA, ref: REF_SCHEMA, message: { type: 'string', maxLength: 100_000 } };
  app.post<{
    Params: { id: string };
    Querystring: { tag_name?: string; ref?: string; message?: string };
    Body: { tag_name?: string; ref?: string; message?: string } | null;
  }>(
    '/projects/:id/repository/tags',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: { type: 'object', properties: createProperties },
        body: { type: ['object', 'null'], properties: createProperties },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await repositoryScope(request, request.params.id);
      const name = request.body?.tag_name ?? request.query.tag_name;
      const ref = request.body?.ref ?? request.query.ref;
      const message = request.body?.message ?? request.query.message;
      if (!name) throw new ApiError(400, { error: 'tag_name is missing' });
      if (!ref) throw new ApiError(400, { error: 'ref is missing' });
      if (!canPushCode(user, scope.level)) throw forbidden();
      if (await refNameError(scope.repository, TAG_PREFIX, name)) {
        throw new ApiError(400, { message: TAG_MESSAGES.invalidName });
      }
      const sha = await scope.repository.resolveCommit(ref);
      if (!sha) throw new ApiError(400, { message: TAG_MESSAGES.invalidTarget(ref) });
      const created = await createTag(scope.repository, {
        name,
        sha,
        message,
        tagger: { name: user.name, email: user.email },
      });
      if (!created) throw new ApiError(409, { message: TAG_MESSAGES.exists(name) });
      const [presented] = await presentTags(request, scope, [(await findTag(scope.repository, name))!]);
      return reply.code(201).send(presented);
    },
  );

  app.delete<{ Params: { id: string; tag_name: string } }>(
    '/projects/:id/repository/tags/:tag_name',
    { schema: { params: TAG_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await repositoryScope(request, request.params.id);
      if (!canPushCode(user, scope.level)) throw forbidden();
      if (!(await deleteRef(scope.repository, `${TAG_PREFIX}${request.params.tag_name}`))) {
        throw new ApiError(404, { message: TAG_MESSAGES.missing });
      }
      return reply.code(204).send();
    },
  );
}
