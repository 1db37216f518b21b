/**
 * Designs and their versions: `DesignCollection.designs(atVersion:)` and `versions`, `Design`
 * (its image, event and versions at the shown version), `DesignVersion`, `designManagementUpload`
 * (GitLab's multipart GraphQL mutation, graphql-yoga reads the multipart request spec) and
 * `designManagementDelete` (a new version in which the designs are deleted). An uploaded design's
 * image is served by `GET /api/v4/projects/:id/design_management/designs/:design_id/raw_image`
 * with the version whose file it shows. Developers and above upload and delete (GitLab's
 * `create_design`, `destroy_design`); a Guest or anonymous visitor gets GitLab's resource refusal.
 */
import { GraphQLError } from 'graphql/index.js';
import {
  canCreateDesign,
  canDestroyDesign,
  deleteDesigns,
  designsAtVersion,
  designUploadError,
  designVersions,
  saveDesigns,
  versionsOfDesign,
  type DesignAtVersion,
  type DesignFile,
  type DesignVersionRow,
} from '../../domain/designs.ts';
import { findProject } from '../../domain/projects.ts';
import { arrayConnection, type ConnectionArgs } from '../connections.ts';
import { issuesQuery, loadReadableProject, loadUser, readableWorkItem, type GraphqlContext } from '../context.ts';
import { toGlobalId, type GlobalId } from '../ids.ts';
import { RESOURCE_NOT_AVAILABLE } from './mutations.ts';
import { hasWidget, type Widget } from './workItems.ts';

/** A design as the schema's `Design` resolves it: as a version shows it, with its project. */
export interface DesignView extends DesignAtVersion {
  projectId: number;
}

/** A version as the schema's `DesignVersion` resolves it. */
interface VersionView {
  version: DesignVersionRow;
  projectId: number;
}

/** The image of a design: its data URL, or the path serving the shown version's file (as GitLab's, without host). */
export function designImage(ctx: GraphqlContext, { design, projectId, file }: DesignView): string {
  if (file.legacy && design.image) return design.image;
  return `${ctx.root}/api/v4/projects/${projectId}/design_management/designs/${design.id}/raw_image?version=${file.versionId}`;
}

/** The designs of an item at a version (null: the latest) as views, or [] when it is not the item's. */
async function designViews(ctx: GraphqlContext, issueId: number, projectId: number, versionId: number | null) {
  const designs = (await designsAtVersion(ctx.db, issueId, versionId)) ?? [];
  return designs.map((design): DesignView => ({ ...design, projectId }));
}

/** The item of a design mutation, when `ctx.user` may change its designs (`allowed`). */
async function designTarget(
  ctx: GraphqlContext,
  input: { projectPath: string; iid: string },
  allowed: typeof canCreateDesign,
) {
  const refused = new GraphQLError(RESOURCE_NOT_AVAILABLE);
  if (!ctx.user) throw refused;
  const row = await findProject(ctx.db, input.projectPath);
  const project = row ? await loadReadableProject(ctx, row.id) : null;
  if (!project || !/^\d{1,9}$/.test(input.iid)) throw refused;
  const issue = await issuesQuery(ctx.db)
    .where('issues.project_id', '=', project.project.id)
    .where('issues.iid', '=', Number(input.iid))
    .executeTakeFirst();
  const item = issue ? await readableWorkItem(ctx, issue) : null;
  if (!item || !hasWidget(item.issue.issue_type, 'DESIGNS')) throw refused;
  if (!allowed(ctx.user, item.project.level, item.project.project !== null)) throw refused;
  return { user: ctx.user, projectId: project.project.id, issueId: item.issue.id };
}

/** Resolvers of designs, their versions, the upload and the deletion. */
export const designResolvers = {
  WorkItemWidgetDesigns: {
    designCollection: (widget: Widget) => widget,
  },

  DesignCollection: {
    async designs(widget: Widget, args: ConnectionArgs & { atVersion?: GlobalId | null }, ctx: GraphqlContext) {
      const projectId = widget.item.project.project!.id;
      return arrayConnection(await designViews(ctx, widget.item.issue.id, projectId, args.atVersion?.id ?? null), args);
    },
    async versions(widget: Widget, args: ConnectionArgs, ctx: GraphqlContext) {
      const projectId = widget.item.project.project!.id;
      const versions = await designVersions(ctx.db, widget.item.issue.id);
      return arrayConnection(
        versions.map((version): VersionView => ({ version, projectId })),
        args,
      );
    },
  },

  Design: {
    id: ({ design }: DesignView) => toGlobalId('DesignManagement::Design', design.id),
    filename: ({ design }: DesignView) => design.filename,
    fullPath: ({ design }: DesignView) => `designs/issue-${design.issue_id}/${design.filename}`,
    image: (view: DesignView, _: unknown, ctx: GraphqlContext) => designImage(ctx, view),
    notesCount: () => 0,
    event: ({ event }: DesignView) => event,
    async versions({ design, projectId }: DesignView, args: ConnectionArgs, ctx: GraphqlContext) {
      const versions = await versionsOfDesign(ctx.db, design.id);
      return arrayConnection(
        versions.map((version): VersionView => ({ version, projectId })),
        args,
      );
    },
  },

  DesignVersion: {
    id: ({ version }: VersionView) => toGlobalId('DesignManagement::Version', version.id),
    sha: ({ version }: VersionView) => version.sha,
    createdAt: ({ version }: VersionView) => version.created_at,
    author: ({ version }: VersionView, _: unknown, ctx: GraphqlContext) => loadUser(ctx, version.author_id),
    async designs({ version, projectId }: VersionView, args: ConnectionArgs, ctx: GraphqlContext) {
      return arrayConnection(await designViews(ctx, version.issue_id, projectId, version.id), args);
    },
  },

  Mutation: {
    async designManagementUpload(
      _: unknown,
      { input }: { input: { projectPath: string; iid: string; files: File[] } },
      ctx: GraphqlContext,
    ) {
      const target = await designTarget(ctx, input, canCreateDesign);
      if (!ctx.designs) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
      const files: DesignFile[] = await Promise.all(
        input.files.map(async (file) => ({ filename: file.name, bytes: Buffer.from(await file.arrayBuffer()) })),
      );
      const error = designUploadError(files);
      if (error) return { designs: [], skippedDesigns: [], errors: [error] };
      const saved = await saveDesigns(
        ctx.db,
        ctx.designs,
        { projectId: target.projectId, issueId: target.issueId, authorId: target.user.id },
        files,
      );
      // Both lists as the new latest version shows them.
      const latest = await designViews(ctx, target.issueId, target.projectId, null);
      const named = (rows: readonly { id: number }[]) =>
        latest.filter((view) => rows.some((row) => row.id === view.design.id));
      return { designs: named(saved.designs), skippedDesigns: named(saved.skippedDesigns), errors: [] };
    },

    async designManagementDelete(
      _: unknown,
      { input }: { input: { projectPath: string; iid: string; filenames: string[] } },
      ctx: GraphqlContext,
    ) {
      const target = await designTarget(ctx, input, canDestroyDesign);
      const result = await deleteDesigns(
        ctx.db,
        { issueId: target.issueId, authorId: target.user.id },
        input.filenames,
      );
      if ('error' in result) return { version: null, errors: [result.error] };
      return { version: { version: result.version, projectId: target.projectId } satisfies VersionView, errors: [] };
    },
  },
};
