/**
 * `projects:commit:show`: one commit at `/-/commit/{sha}`: its title, message, author, parents
 * and the diff of each file it changed. An unknown commit is the 404 page.
 */
import { Avatar, Badge, TimeAgo, userLinkAttributes } from 'forgekit';
import { api, parsePageInfo, type Commit, type Diff, type RestClient } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import {
  loadCommitAuthors,
  loadProject,
  MAX_PER_PAGE,
  notFound,
  nullOn404,
  REPOSITORY_TEXT,
  repositoryPaths,
  userIdOf,
} from '../repository.ts';

/** The commit page's texts. */
export const COMMIT_TEXT = {
  newFile: 'Added',
  deletedFile: 'Deleted',
  renamedFile: 'Renamed',
  browseFiles: 'Browse files',
} as const;

/** The author's avatar beside the commit's header (GitLab's commit box: `author_avatar(@commit, size: 24)`). */
export const COMMIT_AUTHOR_AVATAR_SIZE = 24;

/** Every page of a commit's diff. */
async function listDiffs(client: RestClient, projectId: number, sha: string): Promise<Diff[]> {
  const diffs: Diff[] = [];
  for (let page = 1; ; page++) {
    const response = await client.get<Diff[]>(api`/projects/${projectId}/repository/commits/${sha}/diff`, {
      params: { per_page: MAX_PER_PAGE, page },
    });
    diffs.push(...response.data);
    if (!parsePageInfo(response.headers).hasNextPage) return diffs;
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const project = await loadProject(args);
  const sha = args.params.sha ?? '';
  const commit =
    (await nullOn404(client.get<Commit>(api`/projects/${project.id}/repository/commits/${sha}`)))?.data ?? notFound();
  const [diffs, authors] = await Promise.all([
    listDiffs(client, project.id, commit.id),
    loadCommitAuthors(client, project, [commit]),
  ]);
  return { project, commit, author: authors[commit.author_email.toLowerCase()] ?? null, diffs };
}

/** What happened to a file, as a badge (nothing for an edit in place). */
function ChangeBadge({ diff }: { diff: Diff }) {
  if (diff.new_file) return <Badge variant="success">{COMMIT_TEXT.newFile}</Badge>;
  if (diff.deleted_file) return <Badge variant="danger">{COMMIT_TEXT.deletedFile}</Badge>;
  if (diff.renamed_file) return <Badge variant="info">{COMMIT_TEXT.renamedFile}</Badge>;
  return null;
}

export function Component() {
  const { project, commit, author, diffs } = useLoaderData<typeof loader>();
  const user = author?.author;
  const url = useUrl();
  const body = commit.message.slice(commit.title.length).trim();
  return (
    <ProjectLayout
      project={project}
      current="commits"
      title={[commit.title, REPOSITORY_TEXT.commit, project.name_with_namespace].join(' · ')}
      breadcrumbs={[
        { text: REPOSITORY_TEXT.commits, href: url(repositoryPaths.commits(project, project.default_branch ?? '')) },
        { text: commit.short_id, href: url(repositoryPaths.commit(project, commit.id)) },
      ]}
    >
      <h1>{commit.title}</h1>
      <p>
        {REPOSITORY_TEXT.commit} <code>{commit.id}</code> {REPOSITORY_TEXT.authoredBy}{' '}
        <Avatar
          entityId={user ? userIdOf(user) : undefined}
          entityName={commit.author_name}
          src={(user ? user.avatarUrl : author?.authorGravatar) ?? undefined}
          size={COMMIT_AUTHOR_AVATAR_SIZE}
          alt=""
          fallbackOnError
        />{' '}
        {user ? (
          <a href={user.webPath} {...userLinkAttributes({ id: userIdOf(user), username: user.username })}>
            {commit.author_name}
          </a>
        ) : (
          commit.author_name
        )}{' '}
        <TimeAgo date={commit.authored_date} />
      </p>
      {commit.parent_ids.length ? (
        <p>
          {REPOSITORY_TEXT.parents(commit.parent_ids.length)}{' '}
          {commit.parent_ids.map((parent) => (
            <a key={parent} href={url(repositoryPaths.commit(project, parent))}>
              <code>{parent.slice(0, commit.short_id.length)}</code>
            </a>
          ))}
        </p>
      ) : null}
      <p>
        <a href={url(repositoryPaths.tree(project, commit.id))}>{COMMIT_TEXT.browseFiles}</a>
      </p>
      {body ? <pre>{body}</pre> : null}
      <h2>{REPOSITORY_TEXT.changedFiles(diffs.length)}</h2>
      {diffs.map((diff) => (
        <section key={`${diff.old_path}:${diff.new_path}`} aria-label={diff.new_path}>
          <h3>
            {diff.renamed_file ? `${diff.old_path} → ${diff.new_path}` : diff.new_path} <ChangeBadge diff={diff} />
          </h3>
          <pre>
            <code>{diff.diff}</code>
          </pre>
        </section>
      ))}
    </ProjectLayout>
  );
}
