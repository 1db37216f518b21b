/**
 * File blame (`lib/api/files.rb`, `doc/api/repository_files.md`, "Get file blame from
 * repository"): `GET /projects/:id/repository/files/:file_path/blame?ref=...`, optionally
 * `range[start]` and `range[end]` (1-based, inclusive), as GitLab's `BlameRange` entities:
 * `[{ commit: {id, parent_ids, message, authored_date, author_*, committed_date, committer_*}, lines }]`.
 */
import type { FastifyInstance } from 'fastify';
import { findBlob } from '../../domain/gitObjects.ts';
import { blame } from '../../domain/gitBlame.ts';
import { GitError } from '../../domain/git.ts';
import { invalidParam, notFound } from '../../http/errors.ts';
import { gitTime } from './entities/Commit.ts';
import { ID_OR_PATH_SCHEMA } from './params.ts';
import { FILE_PATH_SCHEMA, filePathParam, REF_SCHEMA, repositoryScope } from './repository.ts';

interface BlameQuery {
  ref: string;
  'range[start]'?: number;
  'range[end]'?: number;
}

const LINE_NUMBER = { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 } as const;

/** Blame's route. */
export async function fileBlame(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string; file_path: string }; Querystring: BlameQuery }>(
    '/projects/:id/repository/files/:file_path/blame',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id', 'file_path'],
          properties: { id: ID_OR_PATH_SCHEMA, file_path: FILE_PATH_SCHEMA },
        },
        querystring: {
          type: 'object',
          required: ['ref'],
          properties: { ref: REF_SCHEMA, 'range[start]': LINE_NUMBER, 'range[end]': LINE_NUMBER },
          // Grape: a range has both ends.
          dependencies: { 'range[start]': ['range[end]'], 'range[end]': ['range[start]'] },
        },
      },
    },
    async (request) => {
      const scope = await repositoryScope(request, request.params.id);
      const path = filePathParam(request.params.file_path);
      const commit = await scope.repository.resolveCommit(request.query.ref);
      if (!commit || !(await findBlob(scope.repository, commit, path))) throw notFound('File');
      const start = request.query['range[start]'];
      const end = request.query['range[end]'];
      if (start !== undefined && end !== undefined && end < start) throw invalidParam('range');
      let ranges;
      try {
        ranges = await blame(scope.repository, commit, path, start && end ? { start, end } : undefined);
      } catch (error) {
        // git refuses a range that starts past the end of the file.
        if (error instanceof GitError && start !== undefined) throw invalidParam('range');
        throw error;
      }
      return ranges.map(({ commit: c, lines }) => ({
        commit: {
          id: c.id,
          parent_ids: c.parentIds,
          message: c.message,
          authored_date: gitTime(c.authoredDate),
          author_name: c.authorName,
          author_email: c.authorEmail,
          committed_date: gitTime(c.committedDate),
          committer_name: c.committerName,
          committer_email: c.committerEmail,
        },
        lines,
      }));
    },
  );
}
