/**
 * Protected branches (`lib/api/protected_branches.rb`): list (search), get, protect (levels for
 * push, merge and unprotect; force push; code owner approval), update, unprotect. Names may be
 * wildcards (`release/*`). Reading needs the code readable; changing needs Maintainer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAdminProtectedBranches } from '../../domain/gitPermissions.ts';
import { isUniqueViolation } from '../../domain/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError, forbidden } from '../../http/errors.ts';
import { containsPattern } from './projects.ts';
import { ProtectedBranch } from './entities/ProtectedBranch.ts';
import { PAGINATION_QUERY, paginate } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import { REF_SCHEMA, repositoryScope } from './repository.ts';

/** GitLab's answer for a protection that does not exist (ActiveRecord's not found). */
export const PROTECTION_NOT_FOUND = { message: '404 Not found' } as const;
/** GitLab's answer for protecting a branch twice. */
export const protectionExists = (name: string) => `Protected branch '${name}' already exists`;

const LEVEL_SCHEMA = { type: 'integer', enum: [0, 30, 40, 60] } as const;
const UNPROTECT_LEVEL_SCHEMA = { type: 'integer', enum: [30, 40, 60] } as const;

interface ProtectionBody {
  name?: string;
  push_access_level?: number;
  merge_access_level?: number;
  unprotect_access_level?: number;
  allow_force_push?: boolean;
  code_owner_approval_required?: boolean;
}

const PROTECTION_PROPERTIES = {
  push_access_level: LEVEL_SCHEMA,
  merge_access_level: LEVEL_SCHEMA,
  unprotect_access_level: UNPROTECT_LEVEL_SCHEMA,
  allow_force_push: BOOLEAN_SCHEMA,
  code_owner_approval_required: BOOLEAN_SCHEMA,
} as const;

const NAME_PARAMS = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: ID_OR_PATH_SCHEMA, name: REF_SCHEMA },
} as const;

/** The scope of a write: the asker must be a Maintainer. */
async function adminScope(request: FastifyRequest, id: string) {
  const user = requireUser(request);
  const scope = await repositoryScope(request, id);
  if (!canAdminProtectedBranches(user, scope.level)) throw forbidden();
  return scope;
}

/** The fields of a body that change a protection. */
function settingsOf(body: ProtectionBody) {
  const keys = [
    'push_access_level',
    'merge_access_level',
    'unprotect_access_level',
    'allow_force_push',
    'code_owner_approval_required',
  ] as const;
  return Object.fromEntries(keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
}

/** Protected branches' routes. */
export async function protectedBranches(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Params: { id: string }; Querystring: { search?: string } }>(
    '/projects/:id/protected_branches',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: { type: 'object', properties: { ...PAGINATION_QUERY, search: SEARCH_SCHEMA } },
      },
    },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      let query = db.selectFrom('protected_branches').selectAll().where('project_id', '=', scope.project.id);
      if (request.query.search) query = query.where('name', 'ilike', containsPattern(request.query.search));
      return (await paginate(request, reply, query.orderBy('name'))).map(ProtectedBranch);
    },
  );

  app.get<{ Params: { id: string; name: string } }>(
    '/projects/:id/protected_branches/:name',
    { schema: { params: NAME_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await repositoryScope(request, request.params.id);
      const row = await db
        .selectFrom('protected_branches')
        .selectAll()
        .where('project_id', '=', scope.project.id)
        .where('name', '=', request.params.name)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, PROTECTION_NOT_FOUND);
      return ProtectedBranch(row);
    },
  );

  const createProperties = { name: REF_SCHEMA, ...PROTECTION_PROPERTIES };
  app.post<{ Params: { id: string }; Querystring: ProtectionBody; Body: ProtectionBody | null }>(
    '/projects/:id/protected_branches',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: { type: 'object', properties: createProperties },
        body: { type: ['object', 'null'], properties: createProperties },
      },
    },
    async (request, reply) => {
      const scope = await adminScope(request, request.params.id);
      // python-gitlab and gitbeaker send the settings in the query string.
      const input = { ...request.query, ...request.body };
      if (!input.name) throw new ApiError(400, { error: 'name is missing' });
      try {
        const row = await db
          .insertInto('protected_branches')
          .values({ project_id: scope.project.id, name: input.name, ...settingsOf(input) })
          .returningAll()
          .executeTakeFirstOrThrow();
        return reply.code(201).send(ProtectedBranch(row));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, { message: protectionExists(input.name) });
        throw error;
      }
    },
  );

  app.patch<{ Params: { id: string; name: string }; Body: ProtectionBody | null }>(
    '/projects/:id/protected_branches/:name',
    {
      schema: {
        params: NAME_PARAMS,
        body: { type: ['object', 'null'], properties: PROTECTION_PROPERTIES },
        querystring: NO_QUERY,
      },
    },
    async (request) => {
      const scope = await adminScope(request, request.params.id);
      const row = await db
        .updateTable('protected_branches')
        .set({ ...settingsOf(request.body ?? {}), updated_at: new Date() })
        .where('project_id', '=', scope.project.id)
        .where('name', '=', request.params.name)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError(404, PROTECTION_NOT_FOUND);
      return ProtectedBranch(row);
    },
  );

  app.delete<{ Params: { id: string; name: string } }>(
    '/projects/:id/protected_branches/:name',
    { schema: { params: NAME_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      const scope = await adminScope(request, request.params.id);
      const deleted = await db
        .deleteFrom('protected_branches')
        .where('project_id', '=', scope.project.id)
        .where('name', '=', request.params.name)
        .executeTakeFirst();
      if (!deleted.numDeletedRows) throw new ApiError(404, PROTECTION_NOT_FOUND);
      return reply.code(204).send();
    },
  );
}
