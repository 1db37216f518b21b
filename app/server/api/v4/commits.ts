/**
 * Commits (`lib/api/commits.rb`): list (ref_name, since, until, path, all, first_parent,
 * with_stats), get one with its stats and last pipeline, its diff, and create a commit of
 * several file actions (`POST /repository/commits`, JSON).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMIT_ACTIONS, type CommitAction } from '../../domain/gitCommits.ts';
import { diffCommits } from '../../domain/gitDiffs.ts';
import { commitStats, countCommits, listCommits, readCommit, type GitCommit } from '../../domain/gitObjects.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { Commit, CommitDetail, Diff } from './entities/Commit.ts';
import { PipelineBasic } from './entities/Pipeline.ts';
import { PAGINATION_QUERY, pageOf, writePaginationHeaders } from './pagination.ts';
import { BOOLEAN_SCHEMA, ID_OR_PATH_SCHEMA, NO_QUERY } from './params.ts';
import {
  assertCanPush,
  commitOnBranch,
  COMMIT_MESSAGE_SCHEMA,
  defaultRef,
  FILE_BODY_LIMIT,
  filePathParam,
  paginateArray,
  REF_SCHEMA,
  repositoryScope,
  type RepositoryScope,
} from './repository.ts';

/** Most actions one commit may carry. */
export const MAX_COMMIT_ACTIONS = 1000;

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID_OR_PATH_SCHEMA } } as const;
const SHA_PARAMS = {
  type: 'object',
  required: ['id', 'sha'],
  properties: { id: ID_OR_PATH_SCHEMA, sha: REF_SCHEMA },
} as const;

interface CommitListQuery {
  ref_name?: string;
  since?: string;
  until?: string;
  path?: string;
  all?: boolean;
  first_parent?: boolean;
  with_stats?: boolean;
}

interface CreateCommitBody {
  branch: string;
  commit_message: string;
  start_branch?: string;
  start_sha?: string;
  actions: CommitAction[];
  author_email?: string;
  author_name?: string;
  stats?: boolean;
}

/** The newest pipeline of a commit, as CommitDetail's `last_pipeline`. */
export async function lastPipelineOf(request: FastifyRequest, scope: RepositoryScope, sha: string) {
  const pipeline = await request.server.db
    .selectFrom('ci_pipelines')
    .selectAll()
    .where('project_id', '=', scope.project.id)
    .where('sha', '=', sha)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return pipeline ? PipelineBasic(pipeline, scope.ctx) : null;
}

/** A commit with its stats and last pipeline. */
async function presentDetail(request: FastifyRequest, scope: RepositoryScope, commit: GitCommit) {
  const [stats, lastPipeline] = await Promise.all([
    commitStats(scope.repository, commit),
    lastPipelineOf(request, scope, commit.id),
  ]);
  return CommitDetail(commit, { stats, projectId: scope.project.id, lastPipeline }, scope.ctx);
}

/** The commit `:sha` names (a sha, branch or tag), or 404 `Commit Not Found`. */
async function commitParam(scope: RepositoryScope, sha: string): Promise<GitCommit> {
  const resolved = await scope.repository.resolveCommit(sha);
  if (!resolved) throw notFound('Commit');
  return readCommit(scope.repository, resolved);
}

/** Commits' routes. */
export async function commits(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: CommitListQuery }>(
    '/projects/:id/repository/commits',
    {
      schema: {
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            ref_name: REF_SCHEMA,
            since: { type: 'string', format: 'date-time' },
            until: { type: 'string', format: 'date-time' },
            path: { type: 'string', maxLength: 4096 },
            all: BOOLEAN_SCHEMA,
            first_parent: BOOLEAN_SCHEMA,
            with_stats: BOOLEAN_SCHEMA,
          },
        },
      },
    },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      const q = request.query;
      const { page, perPage } = pageOf(request);
      const head = q.all ? null : await scope.repository.resolveCommit(q.ref_name ?? defaultRef(scope.project));
      if (!q.all && !head) {
        // An unknown ref or an empty repository has no commits (GitLab answers an empty page).
        return paginateArray(request, reply, []);
      }
      const options = {
        revisions: head ? [head] : [],
        all: q.all,
        path: q.path ? filePathParam(q.path) : undefined,
        since: q.since,
        until: q.until,
        firstParent: q.first_parent,
      };
      const [total, rows] = await Promise.all([
        countCommits(scope.repository, options),
        listCommits(scope.repository, { ...options, skip: (page - 1) * perPage, limit: perPage }),
      ]);
      writePaginationHeaders(request, reply, { page, perPage, total });
      return Promise.all(
        rows.map(async (commit) =>
          q.with_stats
            ? { ...Commit(commit, scope.ctx), stats: await commitStats(scope.repository, commit) }
            : Commit(commit, scope.ctx),
        ),
      );
    },
  );

  app.get<{ Params: { id: string; sha: string } }>(
    '/projects/:id/repository/commits/:sha',
    { schema: { params: SHA_PARAMS, querystring: NO_QUERY } },
    async (request) => {
      const scope = await repositoryScope(request, request.params.id);
      return presentDetail(request, scope, await commitParam(scope, request.params.sha));
    },
  );

  app.get<{ Params: { id: string; sha: string } }>(
    '/projects/:id/repository/commits/:sha/diff',
    { schema: { params: SHA_PARAMS, querystring: { type: 'object', properties: PAGINATION_QUERY } } },
    async (request, reply) => {
      const scope = await repositoryScope(request, request.params.id);
      const commit = await commitParam(scope, request.params.sha);
      const diffs = await diffCommits(scope.repository, commit.parentIds[0] ?? null, commit.id);
      return paginateArray(request, reply, diffs).map(Diff);
    },
  );

  app.post<{ Params: { id: string }; Body: CreateCommitBody }>(
    '/projects/:id/repository/commits',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          required: ['branch', 'commit_message', 'actions'],
          properties: {
            branch: REF_SCHEMA,
            commit_message: COMMIT_MESSAGE_SCHEMA,
            start_branch: REF_SCHEMA,
            start_sha: { type: 'string', pattern: '^[0-9a-fA-F]{40}$' },
            author_email: { type: 'string', maxLength: 255 },
            author_name: { type: 'string', maxLength: 255 },
            stats: BOOLEAN_SCHEMA,
            force: BOOLEAN_SCHEMA,
            actions: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_COMMIT_ACTIONS,
              items: {
                type: 'object',
                required: ['action', 'file_path'],
                properties: {
                  action: { type: 'string', enum: COMMIT_ACTIONS },
                  file_path: { type: 'string', minLength: 1, maxLength: 4096 },
                  previous_path: { type: 'string', minLength: 1, maxLength: 4096 },
                  content: { type: 'string' },
                  encoding: { type: 'string', enum: ['text', 'base64'] },
                  execute_filemode: { type: 'boolean' },
                  last_commit_id: { type: 'string', maxLength: 40 },
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
      const scope = await repositoryScope(request, request.params.id);
      const body = request.body;
      await assertCanPush(request, scope, body.branch);
      const sha = await commitOnBranch(request, scope, {
        branch: body.branch,
        startRef: body.start_sha ?? body.start_branch,
        message: body.commit_message,
        author: { name: body.author_name ?? user.name, email: body.author_email ?? user.email },
        actions: body.actions,
      });
      const commit = await readCommit(scope.repository, sha);
      const detail = await presentDetail(request, scope, commit);
      return reply.code(201).send(body.stats === false ? { ...detail, stats: undefined } : detail);
    },
  );
}
