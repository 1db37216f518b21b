/**
 * `projects:show`: a project's overview (reached through pages/namespaces/show.tsx): its header
 * with the star button, the clone URL, the last commit of the default branch and the README
 * rendered as Markdown; an empty repository shows how to start.
 */
import { Avatar, Button, ClipboardButton, EmptyState, PageHeader, TextField } from 'forgekit';
import { api, restClient, type Project, type RestClient, type User } from 'forgekit/client';
import { useState } from 'react';
import { useLoaderData, useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { clientFor, getOrNull } from '../../page.ts';
import { isSignedIn, SIGN_IN_PATH } from '../../session.ts';
import { InviteMembers } from '../../layout/InviteMembers.tsx';
import { ProjectLayout } from '../../layout/layouts.tsx';
import { RenderedMarkdown } from '../../layout/RenderedMarkdown.tsx';
import { useUrl } from '../../layout/urls.ts';
import { useRootData } from '../../root.tsx';
import { LastCommit } from './tree/LastCommit.tsx';
import {
  lastCommitOf,
  nullOn404,
  renderRepositoryMarkdownCached,
  REPOSITORY_TEXT,
  repositoryPaths,
  type GqlLastCommit,
} from './repository.ts';
import { ACCESS_LEVEL, hasAccess, type ProjectWithAccess } from './settings/project.ts';

export const PAGE_ID = 'projects:show';

/** The overview's texts (GitLab's). */
export const PROJECT_TEXT = {
  star: 'Star',
  unstar: 'Unstar',
  starCount: (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`,
  cloneHttp: 'Clone with HTTP',
  copyUrl: 'Copy URL',
  emptyTitle: 'The repository for this project is empty',
  emptyBody:
    'You can get started by cloning the repository or start adding files to it with one of the following options.',
  readme: 'README',
} as const;

/** The README's path when the project names none. */
const DEFAULT_README = 'README.md';
interface OverviewData {
  project: Project;
  lastCommit: GqlLastCommit | null;
  readme: { path: string; html: string } | null;
  signedIn: boolean;
  starred: boolean;
}

/** The README's path in the default branch, from the project's `readme_url` (`…/-/blob/{branch}/{path}`). */
function readmePath(project: Project): string {
  const marker = `/-/blob/${project.default_branch}/`;
  const url = project.readme_url ?? '';
  return url.includes(marker) ? decodeURIComponent(url.slice(url.indexOf(marker) + marker.length)) : DEFAULT_README;
}

/** Whether the signed-in visitor starred the project (the starrers matching their username). */
async function hasStarred(client: RestClient, project: Project): Promise<boolean> {
  const { data: me } = await client.get<User>(api`/user`);
  const { data: starrers } = await client.get<{ user: { username: string } }[]>(api`/projects/${project.id}/starrers`, {
    params: { search: me.username },
  });
  return starrers.some((starrer) => starrer.user.username === me.username);
}

/** The project at `fullPath` with its overview's data, or `null` when there is none the visitor can see. */
export async function load(args: LoaderFunctionArgs, fullPath: string): Promise<OverviewData | null> {
  if (!fullPath.includes('/')) return null;
  const client = clientFor(args);
  const project = await getOrNull<Project>(client, api`/projects/${fullPath}`);
  if (!project) return null;
  const ref = project.empty_repo ? null : project.default_branch;
  const signedIn = isSignedIn(args);
  const path = readmePath(project);
  const [lastCommit, readmeText, starred] = await Promise.all([
    ref ? lastCommitOf(client, project, ref, '') : null,
    ref
      ? nullOn404(
          client.get<string>(api`/projects/${project.id}/repository/files/${path}/raw`, {
            params: { ref },
            responseType: 'text',
          }),
        )
      : null,
    signedIn ? hasStarred(client, project) : false,
  ]);
  const readme =
    ref && readmeText
      ? { path, html: await renderRepositoryMarkdownCached(args, project, readmeText.data, { ref, path }) }
      : null;
  return { project, lastCommit, readme, signedIn, starred };
}

/** Star or unstar (signed in), or a link to sign in and come back; then the star count. */
function StarButton({ project, signedIn, starred }: Pick<OverviewData, 'project' | 'signedIn' | 'starred'>) {
  const url = useUrl();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const count = <span>{PROJECT_TEXT.starCount(project.star_count)}</span>;
  if (!signedIn) {
    const back = encodeURIComponent(url(location.pathname));
    return (
      <>
        <Button href={url(`${SIGN_IN_PATH}?redirect_to=${back}`)}>{PROJECT_TEXT.star}</Button> {count}
      </>
    );
  }
  async function toggle() {
    setPending(true);
    await restClient.post(starred ? api`/projects/${project.id}/unstar` : api`/projects/${project.id}/star`);
    await revalidator.revalidate();
    setPending(false);
  }
  return (
    <>
      <Button onClick={() => void toggle()} disabled={pending}>
        {starred ? PROJECT_TEXT.unstar : PROJECT_TEXT.star}
      </Button>{' '}
      {count}
    </>
  );
}

export function View() {
  const { project, lastCommit, readme, signedIn, starred } = (useLoaderData() as { found: OverviewData }).found;
  const url = useUrl();
  const isAdmin = useRootData().currentUser?.isAdmin ?? false;
  const canInvite = signedIn && hasAccess(project as ProjectWithAccess, ACCESS_LEVEL.MAINTAINER, isAdmin);
  return (
    <ProjectLayout project={project} current="overview" title={project.name_with_namespace}>
      <PageHeader
        title={project.name}
        avatar={
          <Avatar
            src={project.avatar_url ?? undefined}
            entityId={project.id}
            entityName={project.name}
            alt=""
            shape="rect"
            size={48}
          />
        }
        visibility={project.visibility}
        description={project.description || undefined}
        actions={
          <>
            {canInvite ? (
              <InviteMembers source={{ type: 'project', id: project.id }} name={project.name_with_namespace} />
            ) : null}{' '}
            <StarButton project={project} signedIn={signedIn} starred={starred} />
          </>
        }
      />
      <div>
        <TextField label={PROJECT_TEXT.cloneHttp} value={project.http_url_to_repo} readOnly />
        <ClipboardButton text={project.http_url_to_repo} title={PROJECT_TEXT.copyUrl} />
      </div>
      {project.empty_repo ? (
        <EmptyState title={PROJECT_TEXT.emptyTitle} description={PROJECT_TEXT.emptyBody} />
      ) : (
        <>
          {lastCommit ? <LastCommit project={project} commit={lastCommit} /> : null}
          <p>
            <Button href={url(repositoryPaths.tree(project, project.default_branch ?? ''))}>
              {REPOSITORY_TEXT.files}
            </Button>{' '}
            <Button href={url(repositoryPaths.commits(project, project.default_branch ?? ''))}>
              {REPOSITORY_TEXT.commits}
            </Button>{' '}
            <Button href={url(repositoryPaths.branches(project))}>{REPOSITORY_TEXT.branches}</Button>{' '}
            <Button href={url(repositoryPaths.tags(project))}>{REPOSITORY_TEXT.tags}</Button>
          </p>
          {readme ? (
            <section aria-label={PROJECT_TEXT.readme}>
              <h2>
                <a href={url(repositoryPaths.blob(project, project.default_branch ?? '', readme.path))}>
                  {readme.path}
                </a>
              </h2>
              <RenderedMarkdown sanitizedHtml={readme.html} />
            </section>
          ) : null}
        </>
      )}
    </ProjectLayout>
  );
}
