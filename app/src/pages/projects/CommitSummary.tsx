/**
 * One commit in a list of its own (the last commit of a page, of a branch, of a tag): the
 * library's CommitRow.
 */
import { CommitRow } from 'forgekit';
import type { Commit, Project } from 'forgekit/client';
import { useUrl } from '../../layout/urls.ts';
import { commitRowData, REPOSITORY_TEXT } from './repository.ts';

export function CommitSummary({ project, commit }: { project: Project; commit: Commit }) {
  const url = useUrl();
  return (
    <ul aria-label={REPOSITORY_TEXT.lastCommit}>
      <CommitRow commit={commitRowData(url, project, commit)} />
    </ul>
  );
}
