/**
 * `designManagementUpload` (GitLab's multipart GraphQL mutation, graphql-yoga reads the multipart
 * request spec) and the image URL of a design: a seeded design's data URL, an uploaded one's file
 * served by `GET /api/v4/projects/:id/design_management/designs/:design_id/raw_image`, versioned by
 * its last change so a new version is fetched again. Developers and above upload (GitLab's
 * `create_design`); a Guest or anonymous visitor gets GitLab's resource refusal.
 */
import { GraphQLError } from 'graphql/index.js';
import { canCreateDesign, designUploadError, saveDesigns, type DesignFile } from '../../domain/designs.ts';
import { findProject } from '../../domain/projects.ts';
import type { DesignRow } from '../../domain/workItemWidgets.ts';
import { issuesQuery, loadReadableProject, readableWorkItem, type GraphqlContext } from '../context.ts';
import { RESOURCE_NOT_AVAILABLE } from './mutations.ts';
import { hasWidget, type Widget } from './workItems.ts';

/** The input of `designManagementUpload`. */
interface DesignUploadInput {
  projectPath: string;
  iid: string;
  files: File[];
}

/** A design as the schema's `Design` resolves it: the row and the widget it was listed by. */
export interface DesignView {
  design: DesignRow;
  projectId: number;
}

/** The image of a design: its data URL, or the path serving its file (as GitLab's, without host). */
export function designImage(ctx: GraphqlContext, { design, projectId }: DesignView): string {
  return (
    design.image ??
    `${ctx.root}/api/v4/projects/${projectId}/design_management/designs/${design.id}/raw_image?version=${design.updated_at.getTime()}`
  );
}

/** A design listed by the designs widget of `widget`'s item. */
export function designView(design: DesignRow, widget: Widget): DesignView {
  return { design, projectId: widget.item.project.project!.id };
}

/** Resolvers of the upload. */
export const designResolvers = {
  Mutation: {
    async designManagementUpload(_: unknown, { input }: { input: DesignUploadInput }, ctx: GraphqlContext) {
      const refused = new GraphQLError(RESOURCE_NOT_AVAILABLE);
      if (!ctx.user || !ctx.designs) throw refused;
      const row = await findProject(ctx.db, input.projectPath);
      const project = row ? await loadReadableProject(ctx, row.id) : null;
      if (!project || !/^\d{1,9}$/.test(input.iid)) throw refused;
      const issue = await issuesQuery(ctx.db)
        .where('issues.project_id', '=', project.project.id)
        .where('issues.iid', '=', Number(input.iid))
        .executeTakeFirst();
      const item = issue ? await readableWorkItem(ctx, issue) : null;
      if (!item || !hasWidget(item.issue.issue_type, 'DESIGNS')) throw refused;
      if (!canCreateDesign(ctx.user, item.project.level, item.project.project !== null)) throw refused;
      const files: DesignFile[] = await Promise.all(
        input.files.map(async (file) => ({ filename: file.name, bytes: Buffer.from(await file.arrayBuffer()) })),
      );
      const error = designUploadError(files);
      if (error) return { designs: [], skippedDesigns: [], errors: [error] };
      const saved = await saveDesigns(
        ctx.db,
        ctx.designs,
        { projectId: project.project.id, issueId: item.issue.id },
        files,
      );
      const view = (design: DesignRow): DesignView => ({ design, projectId: project.project.id });
      return { designs: saved.designs.map(view), skippedDesigns: saved.skippedDesigns.map(view), errors: [] };
    },
  },
};
