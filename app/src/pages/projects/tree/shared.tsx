/**
 * What the repository pages share (tree, file, blame, commits): the ref switcher and its refs, the
 * path's breadcrumbs. In a module apart from the tree page, so the other pages do not carry the
 * file tree.
 */
import { FileBreadcrumb, RefSelector, type BreadcrumbItem } from 'forgekit';
import { api, type Branch, type Project, type RestClient, type Tag } from 'forgekit/client';
import { useNavigate } from 'react-router';
import { MAX_PER_PAGE, REPOSITORY_TEXT, repositoryPaths } from '../repository.ts';

/** The branches and tags the ref switcher offers (the first page of each). */
export async function loadRefs(client: RestClient, project: Project) {
  const [branches, tags] = await Promise.all([
    client.get<Branch[]>(api`/projects/${project.id}/repository/branches`, { params: { per_page: MAX_PER_PAGE } }),
    client.get<Tag[]>(api`/projects/${project.id}/repository/tags`, { params: { per_page: MAX_PER_PAGE } }),
  ]);
  return { branches: branches.data.map((branch) => branch.name), tags: tags.data.map((tag) => tag.name) };
}

/** Breadcrumbs of a repository path: the tree's root at `ref`, then each directory (the last as given). */
export function pathCrumbs(
  url: (path: string) => string,
  project: Project,
  ref: string,
  path: string,
  last: (path: string) => string = (dir) => repositoryPaths.tree(project, ref, dir),
): BreadcrumbItem[] {
  const segments = path ? path.split('/') : [];
  return [
    { text: REPOSITORY_TEXT.files, href: url(repositoryPaths.tree(project, ref)) },
    ...segments.map((segment, index) => {
      const prefix = segments.slice(0, index + 1).join('/');
      const href = index === segments.length - 1 ? last(prefix) : repositoryPaths.tree(project, ref, prefix);
      return { text: segment, href: url(href) };
    }),
  ];
}

/** The branch and tag switcher: choosing a ref opens `pathOf(ref)` (a router path). */
export function RefSwitcher({
  refs,
  current,
  pathOf,
}: {
  refs: { branches: string[]; tags: string[] };
  current: string;
  pathOf: (ref: string) => string;
}) {
  const navigate = useNavigate();
  return (
    <RefSelector
      value={current}
      branches={refs.branches}
      tags={refs.tags}
      onSelect={(selected) => void navigate(pathOf(selected.name))}
    />
  );
}

/** Where a path sits in the repository: the project, each directory, then the entry itself. */
export function RepositoryPath({
  project,
  path,
  hrefFor,
}: {
  project: Project;
  path: string;
  hrefFor: (path: string) => string;
}) {
  return <FileBreadcrumb projectName={project.name} path={path} hrefFor={hrefFor} />;
}
