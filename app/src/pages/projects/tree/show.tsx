/**
 * `projects:tree:show`: a directory of the repository at `/-/tree/{ref}/{path}` (the default
 * branch's root at `/-/tree`): the ref switcher, the path, and each entry with the last commit
 * that touched it. An unknown ref or path is the 404 page.
 */
import { Button, FILE_TREE_LABELS, FileTree, VisuallyHidden } from 'forgekit';
import { api, parsePageInfo, restClient, type Project, type RestClient } from 'forgekit/client';
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { LastCommit } from './LastCommit.tsx';
import { useLastCommits } from './lastCommits.ts';
import { loadRefs, pathCrumbs, RefSwitcher, RepositoryPath } from './shared.tsx';
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

/**
 * A directory entry as the page shows it. The page's data is also the document's hydration data,
 * so a long directory carries these few fields each; the last commits come after hydration.
 */
type ShownEntry = Pick<TreeEntry, 'name' | 'type' | 'path' | 'mode'>;

/** The tree's texts (GitLab's). */
export const TREE_TEXT = {
  showMore: 'Show more',
  shown: (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'} shown`,
} as const;

/**
 * Entries the page shows before it asks for more (GitLab's tree loads pages of 100 entries and
 * reads further pages on its own up to 1,000, then offers "Show more").
 */
export const TREE_PAGE_SIZE = MAX_PER_PAGE;
/** Entries read without asking: further pages follow one another after hydration up to this many. */
export const TREE_AUTOLOAD_LIMIT = 1000;

/** One page of the directory listing, and whether there is another. */
async function listTreePage(client: RestClient, project: Project, ref: string, path: string, page: number) {
  const response = await client.get<TreeEntry[]>(api`/projects/${project.id}/repository/tree`, {
    params: { ref, path: path || undefined, per_page: TREE_PAGE_SIZE, page },
  });
  return { entries: response.data, hasNextPage: parsePageInfo(response.headers).hasNextPage };
}

/** The listed entries, with what the page shows of each. */
function shownEntries(listed: readonly TreeEntry[]): ShownEntry[] {
  return listed.map(({ name, type, path, mode }) => ({ name, type, path, mode }));
}

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const project = await loadProject(args);
  const location = await splitRefPath(client, project, args.params['*'] ?? '');
  if (!location) notFound();
  const { ref, path } = location;
  // The first page only: the document and its hydration data carry 100 entries of a long directory,
  // the rest is read from the browser. A missing directory is a 404 of the tree API.
  const first = (await nullOn404(listTreePage(client, project, ref, path, 1))) ?? notFound();
  // The entries' last commits are not read here: the browser reads them (`useLastCommits`).
  const [lastCommit, refs] = await Promise.all([lastCommitOf(client, project, ref, path), loadRefs(client, project)]);
  const entries = shownEntries(first.entries);
  return { project, ref, path, lastCommit, entries, hasNextPage: first.hasNextPage, refs };
}

/**
 * The directory's entries after the first page: read page after page once the page has hydrated,
 * up to `TREE_AUTOLOAD_LIMIT`, then one page per "Show more".
 */
function useMoreEntries(project: Project, ref: string, path: string, hasNextPage: boolean) {
  const [more, setMore] = useState<{ entries: ShownEntry[]; nextPage: number | null }>({
    entries: [],
    nextPage: hasNextPage ? 2 : null,
  });
  const [failedPage, setFailedPage] = useState<number | null>(null);
  const [wanted, setWanted] = useState(TREE_AUTOLOAD_LIMIT);
  const shown = TREE_PAGE_SIZE + more.entries.length;
  const nextPage = more.nextPage;
  const isLoading = nextPage !== null && shown < wanted && failedPage !== nextPage;
  useEffect(() => {
    if (!isLoading) return;
    let isCurrent = true;
    void listTreePage(restClient, project, ref, path, nextPage).then(
      (page) => {
        if (!isCurrent) return;
        setMore((current) => ({
          entries: [...current.entries, ...shownEntries(page.entries)],
          nextPage: page.hasNextPage ? nextPage + 1 : null,
        }));
      },
      () => {
        if (isCurrent) setFailedPage(nextPage); // "Show more" asks again
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [project, ref, path, nextPage, isLoading]);
  const showMore =
    nextPage !== null && !isLoading
      ? () => {
          setFailedPage(null);
          setWanted(shown + TREE_PAGE_SIZE);
        }
      : undefined;
  return { entries: more.entries, isLoading, showMore };
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  // A new directory (or ref) starts afresh: its own pages of entries and last commits.
  return <TreeView key={[data.project.id, data.ref, data.path].join('\0')} data={data} />;
}

/** One directory at one ref. (`ref` is React's own prop name: the loader's data comes whole.) */
function TreeView({ data }: { data: Awaited<ReturnType<typeof loader>> }) {
  const { project, ref, path, lastCommit, entries: firstEntries, hasNextPage, refs } = data;
  const more = useMoreEntries(project, ref, path, hasNextPage);
  const url = useUrl();
  const entries = [...firstEntries, ...more.entries].map((entry) => ({
    ...entry,
    href: url(
      entry.type === 'tree'
        ? repositoryPaths.tree(project, ref, entry.path)
        : repositoryPaths.blob(project, ref, entry.path),
    ),
  }));
  const table = useRef<HTMLDivElement>(null);
  const lastCommitOfEntry = useLastCommits({ project, ref, path }, entries, table);
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
      {lastCommit ? <LastCommit project={project} commit={lastCommit} /> : null}
      <FileTree
        ref={table}
        entries={entries.map((entry, index) => {
          const commit = lastCommitOfEntry(index, entry.name);
          return {
            ...entry,
            lastCommit: commit && {
              title: commit.title,
              href: url(repositoryPaths.commit(project, commit.id)),
              committedDate: commit.committed_date,
            },
          };
        })}
        parentHref={path ? url(repositoryPaths.tree(project, ref, parent)) : undefined}
        initialRowCount={TREE_PAGE_SIZE}
      />
      {more.showMore ? <Button onClick={more.showMore}>{TREE_TEXT.showMore}</Button> : null}
      {/* Announces the entries as pages arrive (and that more are loading). */}
      <VisuallyHidden role="status">
        {hasNextPage ? (more.isLoading ? FILE_TREE_LABELS.loading : TREE_TEXT.shown(entries.length)) : ''}
      </VisuallyHidden>
    </ProjectLayout>
  );
}
