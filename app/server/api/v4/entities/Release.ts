/**
 * GitLab's release entities (`lib/api/entities/release.rb`, `releases/link.rb`): Release with
 * its assets (source archives and links), milestones and `_links`, and Link.
 */
import type { GitCommit } from '../../../domain/gitObjects.ts';
import type { ReleaseLinkRow, ReleaseRow } from '../../../domain/gitTables.ts';
import type { MilestoneRow } from '../../../domain/issuableTables.ts';
import type { UserRow } from '../../../domain/users.ts';
import { Commit, projectWebUrl, type RepositoryContext } from './Commit.ts';
import { isoTime } from './context.ts';
import { Milestone } from './Milestone.ts';
import { UserBasic } from './User.ts';

/** The archive formats GitLab lists as a release's sources. */
export const SOURCE_FORMATS = ['zip', 'tar.gz', 'tar.bz2', 'tar'] as const;

/** The release's page. */
function releaseUrl(release: ReleaseRow, ctx: RepositoryContext): string {
  return `${projectWebUrl(ctx)}/-/releases/${encodeURIComponent(release.tag)}`;
}

/** `id, name, url, direct_asset_url, link_type`. */
export function ReleaseLink(link: ReleaseLinkRow, release: ReleaseRow, ctx: RepositoryContext) {
  return {
    id: link.id,
    name: link.name,
    url: link.url,
    direct_asset_url: link.filepath ? `${releaseUrl(release, ctx)}/downloads${link.filepath}` : link.url,
    link_type: link.link_type,
  };
}

/** Everything a release shows besides its row. */
export interface ReleaseView {
  release: ReleaseRow;
  author: UserRow | undefined;
  /** The tagged commit; `null` when the asker may not read the code (GitLab hides it then). */
  commit: GitCommit | null;
  links: ReleaseLinkRow[];
  milestones: MilestoneRow[];
  /** `include_html_description=true` only. */
  descriptionHtml?: string;
  projectName: string;
}

/** The release entity. */
export function Release(view: ReleaseView, ctx: RepositoryContext) {
  const { release } = view;
  const web = projectWebUrl(ctx);
  const root = new URL(ctx.baseUrl).pathname.replace(/\/$/, '');
  const self = releaseUrl(release, ctx);
  const tag = encodeURIComponent(release.tag);
  const issues = (state: string) => `${web}/-/issues?release_tag=${tag}&scope=all&state=${state}`;
  const mergeRequests = (state: string) => `${web}/-/merge_requests?release_tag=${tag}&scope=all&state=${state}`;
  const sources = view.commit
    ? SOURCE_FORMATS.map((format) => ({
        format,
        url: `${web}/-/archive/${tag}/${view.projectName}-${tag}.${format}`,
      }))
    : [];
  const links = view.links.map((link) => ReleaseLink(link, release, ctx));
  return {
    name: release.name,
    tag_name: release.tag,
    description: release.description,
    ...(view.descriptionHtml === undefined ? {} : { description_html: view.descriptionHtml }),
    created_at: isoTime(release.created_at),
    released_at: isoTime(release.released_at),
    upcoming_release: release.released_at.getTime() > Date.now(),
    author: view.author ? UserBasic(view.author, ctx) : null,
    ...(view.commit
      ? {
          commit: Commit(view.commit, ctx),
          commit_path: `${root}/${ctx.projectPath}/-/commit/${view.commit.id}`,
          tag_path: `${root}/${ctx.projectPath}/-/tags/${tag}`,
        }
      : {}),
    milestones: view.milestones.map((milestone) => Milestone(milestone, { fullPath: ctx.projectPath }, ctx)),
    assets: { count: sources.length + links.length, sources, links },
    evidences: [],
    _links: {
      closed_issues_url: issues('closed'),
      closed_merge_requests_url: mergeRequests('closed'),
      edit_url: `${self}/edit`,
      merged_merge_requests_url: mergeRequests('merged'),
      opened_issues_url: issues('opened'),
      opened_merge_requests_url: mergeRequests('opened'),
      self,
    },
  };
}
