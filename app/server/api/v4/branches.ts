/**
 * Branches (`lib/api/branches.rb`): list (search), get, create (`branch`, `ref` in the query or
 * the body), delete. Names are checked with the library's ref-name rules and git's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordPushEvent } from '../../domain/events.ts';
import { BRANCH_PREFIX, refNameError } from '../../domain/git.ts';
import { branchesMergedInto, findBranch, listBranches, type GitRef } from '../../domain/gitObjects.ts';
import { canPushToBranch, PROTECTED_ACCESS_LEVEL } from '../../domain/gitPermissions.ts';
import { afterBranchCreated } from '../../domain/gitProjects.ts';
import { createBranch, deleteRef, matchesBranchPattern } from '../../domain/gitRefs.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { Branch } from './entities/Commit.ts';
import { PAGINATION_QUERY } from './pagination.ts';
import { ID_OR_PATH_SCHEMA, NO_QUERY, SEARCH_SCHEMA } from './params.ts';
import {
  BRANCH_NAME_INVALID,
  defaultRef,
  paginateArray,
  protectionOf,
  REF_SCHEMA,
  repositoryScope,
  type RepositoryScope,
} from './repository.ts';

/** GitLab's messages of the branches API. */
export const BRANCH_MESSAGES = {
  exists: 'Branch already exists',
  invalidRef: (ref: string) => `Invalid reference name: ${ref}`,
  deleteDefault: 'The default branch of a project cannot be deleted.',
  deleteProtected: "You don't have permission to delete this branch",
} as const;

const BRANCH_PARAMS = {
  type: 'object',
  required: ['id', 'branch'],
  properties: { id: ID_OR_PATH_SCHEMA, branch: REF_SCHEMA },
} as const;

/** Serialises branches with their merged, protected and push flags. */
async function presentBranches(request: FastifyRequest, scope: RepositoryScope, branches: readonly GitRef[]) {
  const defaultBranch = defaultRef(scope.project);
  const defaultSha = await scope.repository.resolveCommit(defaultBranch);
  const merged = defaultSha ? await branchesMergedInto(scope.repository, defaultSha) : new Set<string>();
  const protections = await request.server.db
    .selectFrom('protected_branches')
    .selectAll()
    .where('project_id', '=', scope.project.id)
    .orderBy('id')
    .execute();
  const user = actorOf(request);
  return branches.map((branch) => {
    const protection =
      protections.find((row) => row.name === branch.name) ??
      protections.find((row) => matchesBranchPattern(row.name, branch.name));
    const isDefault = branch.name === defaultBranch;
    return Branch(
      branch,
      {
        merged: !isDefault && merged.has(branch.name),
        protected: protection !== undefined,
        developersCanPush: protection?.push_access_level === PROTECTED_ACCESS_LEVEL.DEVELOPER,
        developersCanMerge: protection?.merge_access_level === PROTECTED_ACCESS_LEVEL.DEVELOPER,
        canPush: canPushToBranch(user, scope.level, protection),
        isDefault,
      },
      scope.ctx,
    );
  });
}

/** The push event of a branch created (`from` null) or deleted (`to` null) through the API. */
function branchPush(scope: RepositoryScope, user: { id: number }, ref: string, from: string | null, to: string | null) {
  return { projectId: scope.project.id, authorId: user.id, refType: 'branch' as const, ref, from, to };
}

/** Branches' routes. */
export async function branches(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: { search?: string } }>(
    '/projects/:id/repository/branches',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: { type: 'object', properties: { ...PAGINATION_QUERY, search: SEARCH_SCHEMA } },
      },
    },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      const search = request.query.search?.toLowerCase();
      // GitLab's search: `^term` anchors at the start, `term$` at the end, else a substring.
      const matches = (name: string) => {
        if (!search) return true;
        const lower = name.toLowerCase();
        if (search.startsWith('^')) return lower.startsWith(search.slice(1));
        if (search.endsWith('$')) return lower.endsWith(search.slice(0, -1));
        return lower.includes(search);
      };
      const all = (await listBranches(scope.repository)).filter((branch) => matches(branch.name));
      return presentBranches(request, scope, paginateArray(request, reply, all));
    },
  );

  app.get<{ Params: { id: string; branch: string } }>(
    '/projects/:id/repository/branches/:branch',
    { schema: { params: BRANCH_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await repositoryScope(request, request.params.id);
      const branch = await findBranch(scope.repository, request.params.branch);
      if (!branch) throw notFound('Branch');
      const [presented] = await presentBranches(request, scope, [branch]);
      return presented;
    },
  );

  const createSchema = {
    type: 'object',
    properties: { branch: REF_SCHEMA, ref: REF_SCHEMA },
  } as const;
  app.post<{
    Params: { id: string };
    Querystring: { branch?: string; ref?: string };
    Body: { branch?: string; ref?: string };
  }>(
    '/projects/:id/repository/branches',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: createSchema,
        body: { ...createSchema, type: ['object', 'null'] },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await repositoryScope(request, request.params.id);
      // gitbeaker and python-gitlab send these in the query; others send a body.
      const name = request.body?.branch ?? request.query.branch;
      const ref = request.body?.ref ?? request.query.ref;
      if (!name) throw new ApiError(400, { error: 'branch is missing' });
      if (!ref) throw new ApiError(400, { error: 'ref is missing' });
      if (!canPushToBranch(user, scope.level, undefined)) throw forbidden();
      if (await refNameError(scope.repository, BRANCH_PREFIX, name)) throw badRequest(BRANCH_NAME_INVALID);
      const sha = await scope.repository.resolveCommit(ref);
      if (!sha) throw new ApiError(400, { message: BRANCH_MESSAGES.invalidRef(ref) });
      if (!(await createBranch(scope.repository, name, sha)))
        throw new ApiError(400, { message: BRANCH_MESSAGES.exists });
      await afterBranchCreated(request.server.db, scope.repository, scope.project, name);
      await recordPushEvent(request.server.db, branchPush(scope, user, name, null, sha));
      const [presented] = await presentBranches(request, scope, [(await findBranch(scope.repository, name))!]);
      return reply.code(201).send(presented);
    },
  );

  app.delete<{ Params: { id: string; branch: string } }>(
    '/projects/:id/repository/branches/:branch',
    { schema: { params: BRANCH_PARAMS, querystring: NO_QUERY } },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await repositoryScope(request, request.params.id);
      const name = request.params.branch;
      if (!(await findBranch(scope.repository, name))) throw notFound('Branch');
      if (!canPushToBranch(user, scope.level, undefined)) throw forbidden();
      if (name === scope.project.default_branch) throw new ApiError(405, { message: BRANCH_MESSAGES.deleteDefault });
      const protection = await protectionOf(request, scope.project.id, name);
      if (protection && !canPushToBranch(user, scope.level, protection)) {
        throw new ApiError(403, { message: BRANCH_MESSAGES.deleteProtected });
      }
      const sha = await scope.repository.refSha(`${BRANCH_PREFIX}${name}`);
      await deleteRef(scope.repository, `${BRANCH_PREFIX}${name}`);
      await recordPushEvent(request.server.db, branchPush(scope, user, name, sha, null));
      return reply.code(204).send();
    },
  );
}
