/**
 * The last commit of a path (the tree's, the file's, the overview's header), read with GitLab's
 * `pathLastCommit` query: its author as a user link with their avatar, or the author's name with
 * their gravatar.
 */
import { CommitRow } from 'forgekit';
import type { Project } from 'forgekit/client';
import { useUrl } from '../../../layout/urls.ts';
import { lastCommitRowData, REPOSITORY_TEXT, type GqlLastCommit } from '../repository.ts';

export function LastCommit({ project, commit }: { project: Project; commit: GqlLastCommit }) {
  const url = useUrl();
  return (
    <ul aria-label={REPOSITORY_TEXT.lastCommit}>
      <CommitRow commit={lastCommitRowData(url, project, commit)} />
    </ul>
  );
}
