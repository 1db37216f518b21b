/**
 * GitLab's `/{project path}/-/refs/{ref}/logs_tree/{directory}`: the last commit of every entry
 * of a directory, which the tree page shows beside each name. One walk of the directory's history
 * answers all entries (GitLab pages it by 25 with `offset`; here one answer holds them all, as the
 * tree page lists a whole directory). Same repository scope and permissions as the REST tree.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_PROJECT_PATH_SEGMENTS, segmentsPattern } from '../../src/routing.ts';
import { Commit } from '../api/v4/entities/Commit.ts';
import { repositoryScope } from '../api/v4/repository.ts';
import { lastCommitsOfEntries, listTree } from '../domain/gitObjects.ts';
import { notFound } from '../http/errors.ts';

/** What splits the ref (which may hold slashes) from the directory in the URL. */
const LOGS_TREE = '/logs_tree';

export async function logsTreeRoutes(app: FastifyInstance): Promise<void> {
  for (let segments = 2; segments <= MAX_PROJECT_PATH_SEGMENTS; segments++) {
    app.get<{ Params: Record<string, string> }>(`/${segmentsPattern(segments)}/-/refs/*`, async (request) => {
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
      const last = await lastCommitsOfEntries(
        scope.repository,
        commit,
        dir,
        entries.map((entry) => entry.name),
      );
      return entries.flatMap((entry) => {
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
    });
  }
}
