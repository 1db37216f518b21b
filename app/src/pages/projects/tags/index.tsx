/**
 * `projects:tags:index`: a project's tags at `/-/tags`, newest first: name, message, the commit
 * it points at and its release.
 */
import { Badge } from 'forgekit';
import { api, DEFAULT_PER_PAGE, parsePageInfo, type Tag } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { CommitSummary } from '../CommitSummary.tsx';
import { loadProject, REPOSITORY_TEXT, repositoryPaths } from '../repository.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';

/** The tags page's texts. */
export const TAGS_TEXT = {
  release: 'Release',
  protected: 'protected',
} as const;

export async function loader(args: LoaderFunctionArgs) {
  const project = await loadProject(args);
  const page = Math.max(1, Number(new URL(args.request.url).searchParams.get('page')) || 1);
  const response = await clientFor(args).get<Tag[]>(api`/projects/${project.id}/repository/tags`, {
    params: { page, per_page: DEFAULT_PER_PAGE },
  });
  return { project, tags: response.data, pageInfo: parsePageInfo(response.headers) };
}

export function Component() {
  const { project, tags, pageInfo } = useLoaderData<typeof loader>();
  const url = useUrl();
  return (
    <ProjectLayout
      project={project}
      current="tags"
      title={[REPOSITORY_TEXT.tags, project.name_with_namespace].join(' · ')}
      breadcrumbs={[{ text: REPOSITORY_TEXT.tags, href: url(repositoryPaths.tags(project)) }]}
    >
      <h1>{REPOSITORY_TEXT.tags}</h1>
      {tags.length === 0 ? <p>{REPOSITORY_TEXT.noTags}</p> : null}
      <ul aria-label={REPOSITORY_TEXT.tags}>
        {tags.map((tag) => (
          <li key={tag.name}>
            <a href={url(repositoryPaths.tree(project, tag.name))}>{tag.name}</a>{' '}
            {tag.protected ? <Badge variant="success">{TAGS_TEXT.protected}</Badge> : null}
            {tag.message ? <p>{tag.message}</p> : null}
            <CommitSummary project={project} commit={tag.commit} />
            {tag.release ? (
              <p>
                {TAGS_TEXT.release} <Badge variant="info">{tag.release.tag_name}</Badge>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <ListPagination pageInfo={pageInfo} />
    </ProjectLayout>
  );
}
