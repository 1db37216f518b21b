/**
 * `projects:commits:show`: the history of a ref at `/-/commits/{ref}` (of one path below it at
 * `/-/commits/{ref}/{path}`), newest first, grouped by the day they were committed, a page at a
 * time with the REST pagination headers.
 */
import { CommitList } from 'forgekit';
import { api, DEFAULT_PER_PAGE, parsePageInfo, type Commit } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import {
  commitRowData,
  loadCommitAuthors,
  loadProject,
  notFound,
  REPOSITORY_TEXT,
  repositoryPaths,
  splitRefPath,
} from '../repository.ts';
import { loadRefs, pathCrumbs, RefSwitcher } from '../tree/shared.tsx';
import { ListPagination } from '../../../layout/ListPagination.tsx';

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const project = await loadProject(args);
  const location = (await splitRefPath(client, project, args.params['*'] ?? '')) ?? notFound();
  const { ref, path } = location;
  const page = Math.max(1, Number(new URL(args.request.url).searchParams.get('page')) || 1);
  const [response, refs] = await Promise.all([
    client.get<Commit[]>(api`/projects/${project.id}/repository/commits`, {
      params: { ref_name: ref, path: path || undefined, page, per_page: DEFAULT_PER_PAGE },
    }),
    loadRefs(client, project),
  ]);
  const authors = await loadCommitAuthors(client, project, response.data);
  return { project, ref, path, commits: response.data, authors, pageInfo: parsePageInfo(response.headers), refs };
}

export function Component() {
  const { project, ref, path, commits, authors, pageInfo, refs } = useLoaderData<typeof loader>();
  const url = useUrl();
  const suffix = path ? `/${path}` : '';
  return (
    <ProjectLayout
      project={project}
      current="commits"
      title={[REPOSITORY_TEXT.commits, ref, project.name_with_namespace].join(' · ')}
      breadcrumbs={[
        { text: REPOSITORY_TEXT.commits, href: url(repositoryPaths.commits(project, ref)) },
        ...(path ? pathCrumbs(url, project, ref, path).slice(1) : []),
      ]}
    >
      <h1>{REPOSITORY_TEXT.commits}</h1>
      <RefSwitcher
        refs={refs}
        current={ref}
        pathOf={(other) => `${repositoryPaths.commits(project, other)}${suffix}`}
      />
      <CommitList
        commits={commits.map((commit) => commitRowData(url, project, commit, authors))}
        empty={REPOSITORY_TEXT.noCommits}
      />
      <ListPagination pageInfo={pageInfo} />
    </ProjectLayout>
  );
}
