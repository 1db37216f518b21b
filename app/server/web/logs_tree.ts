/**
 * GitLab's `/{project path}/-/refs/{ref}/logs_tree/{directory}?offset=N`: the last commit of the
 * directory's entries from `offset` on, `LOGS_TREE_LIMIT` at a time (GitLab's `RefsController`
 * with `Gitlab::TreeSummary`), in the order of the REST tree listing. `More-Logs-Offset` gives
 * the next offset while entries remain. Same repository scope and permissions as the REST tree.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_PROJECT_PATH_SEGMENTS, segmentsPattern } from '../../src/routing.ts';
import { Commit } from '../api/v4/entities/Commit.ts';
import { repositoryScope } from '../api/v4/repository.ts';
import { lastCommitsOfEntries, listTree } from '../domain/gitObjects.ts';
import { notFound } from '../http/errors.ts';
import { pathParams } from '../api/v4/params.ts';

/** What splits the ref (which may hold slashes) from the directory in the URL. */
const LOGS_TREE = '/logs_tree';
/** Entries one answer covers (GitLab's `limit: 25`). */
export const LOGS_TREE_LIMIT = 25;
/** The header naming the next offset (GitLab's). */
export const MORE_LOGS_OFFSET_HEADER = 'More-Logs-Offset';

export async function logsTreeRoutes(app: FastifyInstance): Promise<void> {
  for (let segments = 2; segments <= MAX_PROJECT_PATH_SEGMENTS; segments++) {
    const url = `/${segmentsPattern(segments)}/-/refs/*`;
    app.get<{ Params: Record<string, string>; Querystring: { offset?: number } }>(
      url,
      {
        // GitLab's frontend also sends `format=json` (the only format this route has).
        schema: {
          params: pathParams(url),
          querystring: { type: 'object', properties: { offset: { type: 'integer', minimum: 0 } } },
        },
      },
      async (request, reply) => {
        const { '*': rest = '', ...namespaces } = request.params;
        const at = rest.indexOf(LOGS_TREE);
        if (at < 1) throw notFound();
        const ref = rest.slice(0, at);
        const dir = rest.slice(at + LOGS_TREE.length).replace(/^\/+|\/+$/g, '');
        const fullPath = Array.from({ length: segments }, (_, index) => namespaces[`ns${index + 1}`]).join('/');
        const scope = await repositoryScope(request, fullPath);
        const commit = await scope.repository.resolveCommit(ref);
        const entries = commit ? await listTree(scope.repository, commit, dir, false) : null;
        if (!commit || !entries) throw notFound('Tree');
        const offset = request.query.offset ?? 0;
        const end = offset + LOGS_TREE_LIMIT;
        const batch = entries.slice(offset, end);
        if (end < entries.length) reply.header(MORE_LOGS_OFFSET_HEADER, String(end));
        const last = await lastCommitsOfEntries(
          scope.repository,
          commit,
          dir,
          batch.map((entry) => entry.name),
        );
        return batch.flatMap((entry) => {
          const found = last.get(entry.name);
          if (!found) return [];
          const serialized = Commit(found, scope.ctx);
          return [
            {
              file_name: entry.name,
              type: entry.type,
              commit: serialized,
              commit_path: serialized.web_url,
            },
          ];
        });
      },
    );
  }
}
