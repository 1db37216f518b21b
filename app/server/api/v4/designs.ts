/**
 * The image of an uploaded design (`designManagementUpload`, decision 016): `GET
 * /projects/:id/design_management/designs/:design_id/raw_image` (GitLab serves it from the
 * project's `-/design_management/designs/:id/raw_image`), for whoever may read the design's work
 * item (404 otherwise, as GitLab hides what one may not see). The `version` query parameter the
 * GraphQL `image` adds names the design version whose file is served (the latest without it), so
 * the answer may be cached long.
 */
import type { FastifyInstance } from 'fastify';
import { DesignStore, designFile } from '../../domain/designs.ts';
import { canReadIssue } from '../../domain/permissions.ts';
import { actorOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { projectScope } from './issuableScope.ts';
import { ID_OR_PATH_SCHEMA, ID_SCHEMA } from './params.ts';

/** A version's image never changes: a year in the browser's private cache. */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** The design image route. */
export async function designs(app: FastifyInstance): Promise<void> {
  const store = new DesignStore(app.repositories.root);
  app.get<{ Params: { id: string; design_id: number }; Querystring: { version?: number } }>(
    '/projects/:id/design_management/designs/:design_id/raw_image',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id', 'design_id'],
          properties: { id: ID_OR_PATH_SCHEMA, design_id: ID_SCHEMA },
        },
        querystring: { type: 'object', properties: { version: ID_SCHEMA } },
      },
    },
    async (request, reply) => {
      const scope = await projectScope(request, request.params.id);
      const row = await app.db
        .selectFrom('design_management_designs')
        .innerJoin('issues', 'issues.id', 'design_management_designs.issue_id')
        .select([
          'design_management_designs.id',
          'design_management_designs.content_type',
          'issues.confidential',
          'issues.author_id',
          (eb) =>
            eb
              .fn<number[]>('array', [
                eb.selectFrom('issue_assignees').select('user_id').whereRef('issue_id', '=', 'issues.id'),
              ])
              .as('assignee_ids'),
        ])
        .where('design_management_designs.id', '=', request.params.design_id)
        .where('issues.project_id', '=', scope.project.id)
        .executeTakeFirst();
      const readable =
        row?.content_type && scope.project.issues_enabled && canReadIssue(actorOf(request), scope.level, row);
      const file = readable ? await designFile(app.db, row.id, request.query.version ?? null) : null;
      const image = file ? await store.read(scope.project.id, row!.id, file) : null;
      if (!image) throw notFound('Design');
      return reply
        .header('content-type', row!.content_type)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(image);
    },
  );
}
