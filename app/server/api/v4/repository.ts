/**
 * Repository (`lib/api/repositories.rb`, `files.rb`): tree, files (get, HEAD, raw, create,
 * update, delete), blobs and compare. Also the repository scope every repository route starts
 * from: the project readable, its code readable (Reporter in private projects), its repository.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BRANCH_PREFIX,
  DEFAULT_BRANCH,
  INVALID_FILE_PATH,
  normalizeFilePath,
  refNameError,
  type Repository,
} from '../../domain/git.ts';
import { COMMIT_MESSAGES, CommitError, writeCommit, type CommitAction } from '../../domain/gitCommits.ts';
import { recordPushEvent } from '../../domain/events.ts';
import { diffCommits } from '../../domain/gitDiffs.ts';
import {
  findBlob,
  findBranch,
  lastCommitFor,
  listCommits,
  listTree,
  mergeBase,
  readBlob,
  readCommit,
} from '../../domain/gitObjects.ts';
import { canPushToBranch, canReadCode } from '../../domain/gitPermissions.ts';
import { afterBranchCreated, projectRepository } from '../../domain/gitProjects.ts';
import { matchesBranchPattern } from '../../domain/gitRefs.ts';
import type { ProjectRow } from '../../domain/projects.ts';
import { actorOf, requireUser } from '../../http/auth.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { cacheResponseIn, projectCacheScope, repositoryCacheScope } from '../../http/responseCache.ts';
import { entityContext } from './entities/context.ts';
import { Compare, TreeObject, type RepositoryContext } from './entities/Commit.ts';
import { RepositoryFile } from './entities/RepositoryFile.ts';
import { projectScope, type ProjectScope } from './issuableScope.ts';
import { PAGINATION_QUERY, pageOf, writePaginationHeaders } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, NO_QUERY } from './params.ts';

/** GitLab's refusal of a branch name git would not take. */
export const BRANCH_NAME_INVALID = 'Branch name is invalid';
/** A ref or sha as routes take it. */
export const REF_SCHEMA = { type: 'string', minLength: 1, maxLength: 1024 } as const;
/** A file path as routes take it (checked by `normalizeFilePath`). */
export const FILE_PATH_SCHEMA = { type: 'string', minLength: 1, maxLength: 4096 } as const;
/** A commit message. */
export const COMMIT_MESSAGE_SCHEMA = { type: 'string', minLength: 1, maxLength: 1_000_000 } as const;
/** Largest file content a files request may carry (bytes of JSON body). */
export const FILE_BODY_LIMIT = 10 * 1024 * 1024;

/** Everything a repository route needs. */
export interface RepositoryScope extends ProjectScope {
  repository: Repository;
  ctx: RepositoryContext;
}

/** The project of a repository route, its code readable by the asker (404/403 otherwise). */
export async function repositoryScope(request: FastifyRequest, idOrPath: string): Promise<RepositoryScope> {
  const scope = await projectScope(request, idOrPath);
  if (!canReadCode(scope.level, scope.project)) throw forbidden();
  const repository = await projectRepository(request.server.repositories, scope.project);
  return { ...scope, repository, ctx: { ...entityContext(request), projectPath: scope.fullPath } };
}

/** The ref a route reads when none is given: the default branch. */
export function defaultRef(project: ProjectRow): string {
  return project.default_branch ?? DEFAULT_BRANCH;
}

/** A path parameter as a repository path, or 400 `file_path should be a valid file path`. */
export function filePathParam(path: string): string {
  const normalized = normalizeFilePath(path);
  if (!normalized) throw new ApiError(400, { error: INVALID_FILE_PATH });
  return normalized;
}

/** Pages an in-memory list with GitLab's headers. */
export function paginateArray<T>(request: FastifyRequest, reply: FastifyReply, items: readonly T[]): T[] {
  const { page, perPage } = pageOf(request);
  writePaginationHeaders(request, reply, { page, perPage, total: items.length });
  return items.slice((page - 1) * perPage, page * perPage);
}

/** The protection that covers a branch (its exact name first, then a wildcard pattern), if any. */
export async function protectionOf(request: FastifyRequest, projectId: number, branch: string) {
  const rows = await request.server.db
    .selectFrom('protected_branches')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.find((row) => row.name === branch) ?? rows.find((row) => matchesBranchPattern(row.name, branch));
}

/** 403 unless the asker may push to `branch`. */
export async function assertCanPush(request: FastifyRequest, scope: ProjectScope, branch: string): Promise<void> {
  requireUser(request);
  const protection = await protectionOf(request, scope.project.id, branch);
  if (!canPushToBranch(actorOf(request), scope.level, protection)) {
    throw forbidden('You are not allowed to push into this branch');
  }
}

interface FileParams {
  id: string;
  file_path: string;
}

interface FileWriteBody {
  branch: string;
  start_branch?: string;
  content?: string;
  encoding?: 'text' | 'base64';
  commit_message: string;
  author_name?: string;
  author_email?: string;
  execute_filemode?: boolean;
  last_commit_id?: string;
}

const FILE_PARAMS = {
  type: 'object',
  required: ['id', 'file_path'],
  properties: { id: ID_OR_PATH_SCHEMA, file_path: FILE_PATH_SCHEMA },
} as const;

const FILE_WRITE_BODY = {
  type: 'object',
  required: ['branch', 'commit_message'],
  properties: {
    branch: REF_SCHEMA,
    start_branch: REF_SCHEMA,
    content: { type: 'string' },
    encoding: { type: 'string', enum: ['text', 'base64'] },
    commit_message: COMMIT_MESSAGE_SCHEMA,
    author_name: { type: 'string', maxLength: 255 },
    author_email: { type: 'string', maxLength: 255 },
    execute_filemode: BOOLEAN_SCHEMA,
    last_commit_id: REF_SCHEMA,
  },
} as const;

/** Repository routes. */
export async function repository(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: { path?: string; ref?: string; recursive?: boolean } }>(
    '/projects/:id/repository/tree',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            path: { type: 'string', maxLength: 4096 },
            ref: REF_SCHEMA,
            recursive: BOOLEAN_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      cacheResponseIn(request, projectCacheScope(scope.project.id), repositoryCacheScope(scope.project.id));
      const { path: rawPath, ref, recursive } = request.query;
      const path = rawPath && rawPath !== '/' ? filePathParam(rawPath) : '';
      const commit = await scope.repository.resolveCommit(ref ?? defaultRef(scope.project));
      const entries = commit ? await listTree(scope.repository, commit, path, recursive ?? false) : null;
      if (!entries) throw notFound('Tree');
      return paginateArray(request, reply, entries).map(TreeObject);
    },
  );

  /** The file at `file_path` in `ref`, with its blob and commits, or 404. */
  async function readFile(scope: RepositoryScope, filePath: string, ref: string) {
    const commit = await scope.repository.resolveCommit(ref);
    const blob = commit ? await findBlob(scope.repository, commit, filePath) : null;
    if (!commit || !blob) throw notFound('File');
    const content = (await readBlob(scope.repository, blob.id))!;
    const lastCommitId = await lastCommitFor(scope.repository, commit, filePath);
    return { commit, blob, content, lastCommitId };
  }

  app.get<{ Params: FileParams; Querystring: { ref: string } }>(
    '/projects/:id/repository/files/:file_path',
    {
      schema: {
        params: FILE_PARAMS,
        querystring: { type: 'object', required: ['ref'], properties: { ref: REF_SCHEMA } },
      },
    },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      const filePath = filePathParam(request.params.file_path);
      const file = await readFile(scope, filePath, request.query.ref);
      const entity = RepositoryFile({ path: filePath, ref: request.query.ref, ...file });
      // GitLab repeats the metadata as headers, which is all HEAD returns.
      reply.headers({
        'x-gitlab-blob-id': entity.blob_id,
        'x-gitlab-commit-id': entity.commit_id,
        'x-gitlab-content-sha256': entity.content_sha256,
        'x-gitlab-encoding': entity.encoding,
        'x-gitlab-file-name': encodeURIComponent(entity.file_name),
        'x-gitlab-file-path': encodeURIComponent(entity.file_path),
        'x-gitlab-last-commit-id': entity.last_commit_id,
        'x-gitlab-ref': encodeURIComponent(entity.ref),
        'x-gitlab-size': String(entity.size),
        'x-gitlab-execute-filemode': String(entity.execute_filemode),
      });
      return entity;
    },
  );

  app.get<{ Params: FileParams; Querystring: { ref?: string } }>(
    '/projects/:id/repository/files/:file_path/raw',
    { schema: { params: FILE_PARAMS, querystring: { type: 'object', properties: { ref: REF_SCHEMA } } } },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      const filePath = filePathParam(request.params.file_path);
      const file = await readFile(scope, filePath, request.query.ref ?? defaultRef(scope.project));
      return sendRaw(reply, file.content, filePath, file.blob.id);
    },
  );

  /** Writes a one-action commit for the files API. */
  async function writeFile(
    request: FastifyRequest<{ Params: FileParams; Body: FileWriteBody }>,
    action: 'create' | 'update' | 'delete',
  ) {
    const user = requireUser(request);
    const scope = await repositoryScope(request, request.params.id);
    const filePath = filePathParam(request.params.file_path);
    const body = request.body;
    if (action !== 'delete' && body.content === undefined) throw new ApiError(400, { error: 'content is missing' });
    await assertCanPush(request, scope, body.branch);
    await commitOnBranch(request, scope, {
      branch: body.branch,
      startRef: body.start_branch,
      message: body.commit_message,
      author: { name: body.author_name ?? user.name, email: body.author_email ?? user.email },
      actions: [
        {
          action,
          file_path: filePath,
          content: body.content,
          encoding: body.encoding,
          execute_filemode: body.execute_filemode,
          last_commit_id: body.last_commit_id,
        },
      ],
    });
    return { file_path: filePath, branch: body.branch };
  }

  const fileWrite = {
    schema: { params: FILE_PARAMS, querystring: NO_QUERY, body: FILE_WRITE_BODY },
    bodyLimit: FILE_BODY_LIMIT,
  };
  app.post<{ Params: FileParams; Body: FileWriteBody }>(
    '/projects/:id/repository/files/:file_path',
    fileWrite,
    async (request, reply) => reply.code(201).send(await writeFile(request, 'create')),
  );
  app.put<{ Params: FileParams; Body: FileWriteBody }>(
    '/projects/:id/repository/files/:file_path',
    fileWrite,
    async (request) => writeFile(request, 'update'),
  );
  app.delete<{ Params: FileParams; Body: FileWriteBody }>(
    '/projects/:id/repository/files/:file_path',
    fileWrite,
    async (request, reply) => {
      await writeFile(request, 'delete');
      return reply.code(204).send();
    },
  );

  const blobParams = {
    type: 'object',
    required: ['id', 'sha'],
    properties: { id: ID_OR_PATH_SCHEMA, sha: { type: 'string', pattern: '^[0-9a-fA-F]{4,40}$' } },
  } as const;

  app.get<{ Params: { id: string; sha: string } }>(
    '/projects/:id/repository/blobs/:sha',
    { schema: { params: blobParams, querystring: NO_QUERY } },
    async (request) => {
      const scope = await repositoryScope(request, request.params.id);
      const content = await readBlob(scope.repository, request.params.sha);
      if (!content) throw notFound('Blob');
      const sha = (await scope.repository.text(['rev-parse', `${request.params.sha}^{blob}`])).trim();
      return { size: content.length, encoding: 'base64', content: content.toString('base64'), sha };
    },
  );

  app.get<{ Params: { id: string; sha: string } }>(
    '/projects/:id/repository/blobs/:sha/raw',
    { schema: { params: blobParams, querystring: NO_QUERY } },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      const content = await readBlob(scope.repository, request.params.sha);
      if (!content) throw notFound('Blob');
      return sendRaw(reply, content, null, request.params.sha);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { from: string; to: string; straight?: boolean } }>(
    '/projects/:id/repository/compare',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } },
        querystring: {
          type: 'object',
          required: ['from', 'to'],
          properties: {
            from: REF_SCHEMA,
            to: REF_SCHEMA,
            straight: BOOLEAN_SCHEMA,
            from_project_id: { type: 'integer' },
          },
        },
      },
    },
    async (request) => {
      const scope = await repositoryScope(request, request.params.id);
      const { from, to, straight } = request.query;
      const [fromSha, toSha] = await Promise.all([
        scope.repository.resolveCommit(from),
        scope.repository.resolveCommit(to),
      ]);
      if (!fromSha || !toSha) throw notFound('Ref');
      const base = straight ? fromSha : ((await mergeBase(scope.repository, fromSha, toSha)) ?? fromSha);
      const [commits, diffs] = await Promise.all([
        listCommits(scope.repository, { revisions: [`^${base}`, toSha], reverse: true }),
        diffCommits(scope.repository, base, toSha),
      ]);
      const head = commits.length ? await readCommit(scope.repository, toSha) : null;
      return Compare({ head, commits, diffs, sameRef: fromSha === toSha, from, to }, scope.ctx);
    },
  );
}

/** GitLab's raw answer: the bytes, typed as text when they are UTF-8 text, else as binary. */
function sendRaw(reply: FastifyReply, content: Buffer, filePath: string | null, blobId: string) {
  const isText = !content.includes(0) && isUtf8(content);
  reply.header('content-type', isText ? 'text/plain; charset=utf-8' : 'application/octet-stream');
  reply.header('x-gitlab-blob-id', blobId);
  if (filePath) {
    const name = filePath.slice(filePath.lastIndexOf('/') + 1);
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  return reply.send(content);
}

/**
 * Commits `actions` on `branch`, creating it from `startRef` when it does not exist (no start is
 * needed in an empty repository); GitLab's 400s for bad names, refs and actions. Returns the new commit's sha.
 */
export async function commitOnBranch(
  request: FastifyRequest,
  scope: RepositoryScope,
  input: {
    branch: string;
    startRef?: string;
    message: string;
    author: { name: string; email: string };
    actions: CommitAction[];
  },
): Promise<string> {
  const existing = await findBranch(scope.repository, input.branch);
  let parent = existing?.commit.id ?? null;
  if (!existing) {
    if (await refNameError(scope.repository, BRANCH_PREFIX, input.branch)) throw badRequest(BRANCH_NAME_INVALID);
    if (input.startRef) {
      parent = await scope.repository.resolveCommit(input.startRef);
      if (!parent) throw new ApiError(400, { message: `Invalid reference name: ${input.startRef}` });
    } else if (!(await scope.repository.isEmpty())) {
      // GitLab starts a new branch only from an explicit start branch (or in an empty repository).
      throw new ApiError(400, { message: COMMIT_MESSAGES.notOnBranch });
    }
  }
  try {
    const sha = await writeCommit(scope.repository, {
      branch: input.branch,
      parent,
      createsBranch: !existing,
      message: input.message,
      author: input.author,
      actions: input.actions,
    });
    if (!existing) await afterBranchCreated(request.server.db, scope.repository, scope.project, input.branch);
    await recordPushEvent(request.server.db, {
      projectId: scope.project.id,
      authorId: requireUser(request).id,
      refType: 'branch',
      ref: input.branch,
      from: existing ? parent : null,
      to: sha,
      commitCount: 1,
      commitTitle: input.message.split('\n', 1)[0],
    });
    return sha;
  } catch (error) {
    if (error instanceof CommitError) throw new ApiError(400, { message: error.message });
    throw error;
  }
}
