/**
 * Stored HTML served per asker (GitLab's reference redactor): `descriptionHtml`, `titleHtml` and
 * `bodyHtml` lose the issue and merge request links the asker may not read (decision 016). The
 * checks are the operation's memoised loads, so a page of notes reading one issue checks it once.
 */
import { ACCESS_LEVEL, VISIBILITY_LEVEL } from '../../domain/access.ts';
import { redactReferences, type ReferenceTarget } from '../../domain/redaction.ts';
import { loadReadableProject, loadWorkItem, memo, type GraphqlContext } from '../context.ts';

/** May the asker read a merge request: its project, merge requests on, the code (Reporter if private). */
async function canReadMergeRequest(ctx: GraphqlContext, id: number): Promise<boolean> {
  const row = await memo(ctx, `merge-request-project:${id}`, () =>
    ctx.db.selectFrom('merge_requests').select('project_id').where('id', '=', id).executeTakeFirst(),
  );
  const project = row ? await loadReadableProject(ctx, row.project_id) : null;
  if (!project?.project.merge_requests_enabled) return false;
  return project.project.visibility_level > VISIBILITY_LEVEL.private || project.level >= ACCESS_LEVEL.REPORTER;
}

async function canReadReference(ctx: GraphqlContext, target: ReferenceTarget): Promise<boolean> {
  if (target.type === 'issue') return (await loadWorkItem(ctx, target.id)) !== null;
  return canReadMergeRequest(ctx, target.id);
}

/** Stored HTML as the asker may see it (unchanged when it holds no reference). */
export function redactedHtml<T extends string | null>(ctx: GraphqlContext, html: T): Promise<T> {
  return redactReferences(html, (target) => canReadReference(ctx, target));
}
