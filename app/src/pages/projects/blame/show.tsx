/**
 * `projects:blame:show`: who last changed each line of a file, at `/-/blame/{ref}/{path}`: the
 * file's lines in runs, each run beside the commit that wrote it, line numbers as `#L{n}` anchors
 * (the library's BlobViewer in blame mode).
 */
import { BlobViewer } from 'forgekit';
import { api, type Commit } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import {
  commitAuthorAvatar,
  loadCommitAuthors,
  loadProject,
  notFound,
  nullOn404,
  REPOSITORY_TEXT,
  repositoryPaths,
  splitRefPath,
} from '../repository.ts';
import { pathCrumbs } from '../tree/shared.tsx';

/** GitLab's `BlameRange`: a commit and the consecutive lines it last changed. */
interface BlameRange {
  commit: Pick<Commit, 'id' | 'message' | 'author_name' | 'author_email' | 'authored_date'>;
  lines: string[];
}

/** The blame page's texts. */
export const BLAME_TEXT = {
  title: REPOSITORY_TEXT.blame,
  viewFile: 'View file',
} as const;

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const project = await loadProject(args);
  const location = await splitRefPath(client, project, args.params['*'] ?? '');
  if (!location?.path) notFound();
  const { ref, path } = location;
  const response = await nullOn404(
    client.get<BlameRange[]>(api`/projects/${project.id}/repository/files/${path}/blame`, { params: { ref } }),
  );
  const ranges = response?.data ?? notFound();
  // Each author's avatar, as GitLab's blame shows it: one GraphQL request for every distinct e-mail.
  const authors = await loadCommitAuthors(
    client,
    project,
    ranges.map((range) => range.commit),
  );
  return { project, ref, path, ranges, authors };
}

export function Component() {
  const { project, ref, path, ranges, authors } = useLoaderData<typeof loader>();
  const url = useUrl();
  const raw = url(repositoryPaths.raw(project, ref, path));
  return (
    <ProjectLayout
      project={project}
      current="files"
      title={[BLAME_TEXT.title, path, ref, project.name_with_namespace].join(' · ')}
      breadcrumbs={pathCrumbs(url, project, ref, path, (file) => repositoryPaths.blame(project, ref, file))}
    >
      <h1>
        {BLAME_TEXT.title}: {path.slice(path.lastIndexOf('/') + 1)}
      </h1>
      <p>
        <a href={url(repositoryPaths.blob(project, ref, path))}>{BLAME_TEXT.viewFile}</a>
      </p>
      <BlobViewer
        fileName={path.slice(path.lastIndexOf('/') + 1)}
        path={path}
        mode="blame"
        blame={ranges.map((range) => ({
          commit: {
            id: range.commit.id,
            title: range.commit.message.split('\n', 1)[0]!,
            href: url(repositoryPaths.commit(project, range.commit.id)),
            authorName: range.commit.author_name,
            authoredDate: range.commit.authored_date,
            authorAvatarUrl: commitAuthorAvatar(authors[range.commit.author_email.toLowerCase()]),
          },
          lines: range.lines,
        }))}
        blameHref={url(repositoryPaths.blame(project, ref, path))}
        historyHref={url(`${repositoryPaths.commits(project, ref)}/${path}`)}
        rawHref={raw}
        downloadHref={`${raw}?inline=false`}
      />
    </ProjectLayout>
  );
}
