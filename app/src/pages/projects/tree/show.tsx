/**
 * `projects:tree:show`: a directory of the repository at `/-/tree/{ref}/{path}` (the default
 * branch's root at `/-/tree`): the ref switcher, the path, and each entry with the last commit
 * that touched it. An unknown ref or path is the 404 page.
 */
import { Button, FILE_TREE_LABELS, FileTree, VisuallyHidden } from 'forgekit';
import { api, parsePageInfo, restClient, type Commit, type Project, type RestClient } from 'forgekit/client';
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { CommitSummary } from '../CommitSummary.tsx';
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

/** The listed entries with their last commits (those `logs_tree` knows). */
function shownEntries(listed: readonly TreeEntry[], commitOf: ReadonlyMap<string, EntryCommit>): ShownEntry[] {
  return listed.map((entry) => ({
    name: entry.name,
    type: entry.type,
    path: entry.path,
    mode: entry.mode,
    lastCommit: commitOf.get(entry.name) ?? null,
  }));
}

/** Every entry's last commit in a directory, by name (`logs_tree`: one walk of its history). */
async function entryCommits(client: RestClient, project: Project, ref: string, path: string) {
  const logs = await client.get<LogsTreeEntry[]>(repositoryPaths.logsTree(project, ref, path));
  return new Map(logs.data.map((log) => [log.file_name, entryCommit(log.commit)]));
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
  const [lastCommit, commitOf, refs] = await Promise.all([
    lastCommitOf(client, project, ref, path),
    entryCommits(client, project, ref, path),
    loadRefs(client, project),
  ]);
  const entries = shownEntries(first.entries, commitOf);
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
  // The directory's last commits, asked once for all its pages.
  const commits = useRef<Promise<Map<string, EntryCommit>> | null>(null);
  const shown = TREE_PAGE_SIZE + more.entries.length;
  const nextPage = more.nextPage;
  const isLoading = nextPage !== null && shown < wanted && failedPage !== nextPage;
  useEffect(() => {
    if (!isLoading) return;
    let isCurrent = true;
    const commitOf = (commits.current ??= entryCommits(restClient, project, ref, path));
    void Promise.all([listTreePage(restClient, project, ref, path, nextPage), commitOf]).then(
      ([page, commitsByName]) => {
        if (!isCurrent) return;
        setMore((current) => ({
          entries: [...current.entries, ...shownEntries(page.entries, commitsByName)],
          nextPage: page.hasNextPage ? nextPage + 1 : null,
        }));
      },
      () => {
        commits.current = null;
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
  const { project, ref, path, lastCommit, entries: firstEntries, hasNextPage, refs } = useLoaderData<typeof loader>();
  const more = useMoreEntries(project, ref, path, hasNextPage);
  const entries = [...firstEntries, ...more.entries];
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
