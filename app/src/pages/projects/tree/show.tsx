/**
 * `projects:tree:show`: a directory of the repository at `/-/tree/{ref}/{path}` (the default
 * branch's root at `/-/tree`): the ref switcher, the path, and each entry with the last commit
 * that touched it. An unknown ref or path is the 404 page.
 */
import { Button, FileBreadcrumb, FileTree, RefSelector, type BreadcrumbItem } from 'forgekit';
import { api, parsePageInfo, type Branch, type Commit, type Project, type RestClient, type Tag } from 'forgekit/client';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { CommitSummary } from '../CommitSummary.tsx';
import {
  loadProject,
  lastCommitOf,
  MAX_PER_PAGE,
  notFound,
  nullOn404,
  REPOSITORY_TEXT,
  repositoryPaths,
  splitRefPath,
} from '../repository.ts';

/** One entry of GET repository/tree. */
interface TreeEntry {
  id: string;
  name: string;
  type: 'tree' | 'blob' | 'commit';
  path: string;
  mode: string;
}

/** One entry's last commit, from `logs_tree`. */
interface LogsTreeEntry {
  file_name: string;
  commit: Commit;
}

/**
 * An entry's last commit as the page shows it. The page's data is also the document's hydration
 * data, so a directory of 1,000 entries carries these few fields each, not 1,000 commit objects.
 */
interface EntryCommit {
  id: string;
  title: string;
  committed_date: string;
}

/** A directory entry as the page shows it. */
interface ShownEntry extends Pick<TreeEntry, 'name' | 'type' | 'path' | 'mode'> {
  lastCommit: EntryCommit | null;
}

function entryCommit({ id, title, committed_date }: Commit): EntryCommit {
  return { id, title, committed_date };
}

/** Every page of the directory listing (the API pages by `MAX_PER_PAGE`). */
async function listTree(client: RestClient, project: Project, ref: string, path: string) {
  const entries: TreeEntry[] = [];
  for (let page = 1; ; page++) {
    const response = await client.get<TreeEntry[]>(api`/projects/${project.id}/repository/tree`, {
      params: { ref, path: path || undefined, per_page: MAX_PER_PAGE, page },
    });
    entries.push(...response.data);
    if (!parsePageInfo(response.headers).hasNextPage) return entries;
  }
}

/** The branches and tags the ref switcher offers (the first page of each). */
export async function loadRefs(client: RestClient, project: Project) {
  const [branches, tags] = await Promise.all([
    client.get<Branch[]>(api`/projects/${project.id}/repository/branches`, { params: { per_page: MAX_PER_PAGE } }),
    client.get<Tag[]>(api`/projects/${project.id}/repository/tags`, { params: { per_page: MAX_PER_PAGE } }),
  ]);
  return { branches: branches.data.map((branch) => branch.name), tags: tags.data.map((tag) => tag.name) };
}

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const project = await loadProject(args);
  const location = await splitRefPath(client, project, args.params['*'] ?? '');
  if (!location) notFound();
  const { ref, path } = location;
  // A missing directory is a 404 of the tree API.
  const listed = (await nullOn404(listTree(client, project, ref, path))) ?? notFound();
  const [lastCommit, logs, refs] = await Promise.all([
    lastCommitOf(client, project, ref, path),
    client.get<LogsTreeEntry[]>(repositoryPaths.logsTree(project, ref, path)),
    loadRefs(client, project),
  ]);
  const commitOf = new Map(logs.data.map((log) => [log.file_name, entryCommit(log.commit)]));
  const entries = listed.map((entry): ShownEntry => ({
    name: entry.name,
    type: entry.type,
    path: entry.path,
    mode: entry.mode,
    lastCommit: commitOf.get(entry.name) ?? null,
  }));
  return { project, ref, path, lastCommit, entries, refs };
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

export function Component() {
  const { project, ref, path, lastCommit, entries, refs } = useLoaderData<typeof loader>();
  const url = useUrl();
  const entryHref = (entry: ShownEntry) =>
    url(
      entry.type === 'tree'
        ? repositoryPaths.tree(project, ref, entry.path)
        : repositoryPaths.blob(project, ref, entry.path),
    );
  const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return (
    <ProjectLayout
      project={project}
      current="files"
      title={[path, ref, project.name_with_namespace].filter(Boolean).join(' · ')}
      breadcrumbs={pathCrumbs(url, project, ref, path)}
    >
      <h1>{path || project.name}</h1>
      <RefSwitcher refs={refs} current={ref} pathOf={(name) => repositoryPaths.tree(project, name, path)} />
      <RepositoryPath project={project} path={path} hrefFor={(dir) => url(repositoryPaths.tree(project, ref, dir))} />
      <Button href={url(repositoryPaths.commits(project, ref))}>{REPOSITORY_TEXT.history}</Button>
      {lastCommit ? <CommitSummary project={project} commit={lastCommit} /> : null}
      <FileTree
        entries={entries.map((entry) => ({
          type: entry.type,
          name: entry.name,
          path: entry.path,
          mode: entry.mode,
          href: entryHref(entry),
          lastCommit: entry.lastCommit && {
            title: entry.lastCommit.title,
            href: url(repositoryPaths.commit(project, entry.lastCommit.id)),
            committedDate: entry.lastCommit.committed_date,
          },
        }))}
        parentHref={path ? url(repositoryPaths.tree(project, ref, parent)) : undefined}
      />
    </ProjectLayout>
  );
}
