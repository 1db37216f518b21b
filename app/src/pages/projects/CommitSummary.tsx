/**
 * One commit as the repository pages show it: title linked to the commit, author, when, and its
 * short id. Stands in for the library's CommitRow until that lands.
 */
import { TimeAgo } from 'forgekit';
import type { Commit, Project } from 'forgekit/client';
import { useUrl } from '../../layout/urls.ts';
import { REPOSITORY_TEXT, repositoryPaths } from './repository.ts';

export function CommitSummary({ project, commit }: { project: Project; commit: Commit }) {
  const url = useUrl();
  return (
    <>
      <a href={url(repositoryPaths.commit(project, commit.id))}>{commit.title}</a>{' '}
      {REPOSITORY_TEXT.authoredBy(commit.author_name)} <TimeAgo date={commit.committed_date} />{' '}
      <code>{commit.short_id}</code>
    </>
  );
}
