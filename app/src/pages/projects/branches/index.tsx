/**
 * `projects:branches:index`: a project's branches at `/-/branches`: each with its last commit,
 * the default and protected markers, and (for who may push to it) delete behind a confirmation.
 */
import { Alert, Badge, Button } from 'forgekit';
import {
  api,
  DEFAULT_PER_PAGE,
  HttpError,
  parsePageInfo,
  restClient,
  type Branch,
  type Project,
} from 'forgekit/client';
import { lazy, Suspense, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { isSignedIn } from '../../../session.ts';
import { CommitSummary } from '../CommitSummary.tsx';
import { loadProject, REPOSITORY_TEXT, repositoryPaths } from '../repository.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';

/** The branches page's texts (GitLab's). */
export const BRANCHES_TEXT = {
  newBranch: 'New branch',
  default: 'default',
  protected: 'protected',
  merged: 'merged',
  empty: 'No branches to show',
  delete: (name: string) => `Delete branch ${name}`,
  confirmTitle: 'Delete branch. Are you sure?',
  confirmBody: (name: string) => `You're about to permanently delete the branch ${name}.`,
  confirmAction: 'Yes, delete branch',
  cancel: 'Cancel',
  deleteFailed: 'An error occurred while deleting the branch.',
} as const;

export async function loader(args: LoaderFunctionArgs) {
  const project = await loadProject(args);
  const page = Math.max(1, Number(new URL(args.request.url).searchParams.get('page')) || 1);
  const response = await clientFor(args).get<Branch[]>(api`/projects/${project.id}/repository/branches`, {
    params: { page, per_page: DEFAULT_PER_PAGE },
  });
  return { project, branches: response.data, pageInfo: parsePageInfo(response.headers), signedIn: isSignedIn(args) };
}

const loadDeleteBranchModal = () => import('./DeleteBranchModal.tsx');
/** The confirmation's code arrives on intent (first hover, focus or press of a delete button). */
const DeleteBranchModal = lazy(loadDeleteBranchModal);

/** Deletes `branch` after the visitor confirms; refreshes the list, or shows why it failed. */
function DeleteBranch({ project, branch }: { project: Project; branch: Branch }) {
  const [open, setOpen] = useState(false);
  // Drawn from the first intent on, so the modal's code is there (or on its way) when it opens.
  const [isWanted, setWanted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const want = () => {
    setWanted(true);
    void loadDeleteBranchModal();
  };
  const revalidator = useRevalidator();
  async function remove() {
    try {
      await restClient.delete(api`/projects/${project.id}/repository/branches/${branch.name}`);
      await revalidator.revalidate();
    } catch (failure) {
      const message = failure instanceof HttpError ? (failure.response?.data as { message?: string })?.message : null;
      setError(message ?? BRANCHES_TEXT.deleteFailed);
    }
  }
  return (
    <>
      <Button
        variant="danger"
        aria-label={BRANCHES_TEXT.delete(branch.name)}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          setOpen(true); // a press before the code arrived opens the modal when it does
        }}
      >
        {BRANCHES_TEXT.delete(branch.name)}
      </Button>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {isWanted ? (
        <Suspense fallback={null}>
          <DeleteBranchModal
            branchName={branch.name}
            open={open}
            onOpenChange={setOpen}
            onConfirm={() => void remove()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export function Component() {
  const { project, branches, pageInfo, signedIn } = useLoaderData<typeof loader>();
  const url = useUrl();
  return (
    <ProjectLayout
      project={project}
      current="branches"
      title={[REPOSITORY_TEXT.branches, project.name_with_namespace].join(' · ')}
      breadcrumbs={[{ text: REPOSITORY_TEXT.branches, href: url(repositoryPaths.branches(project)) }]}
    >
      <h1>{REPOSITORY_TEXT.branches}</h1>
      {signedIn ? (
        <Button variant="confirm" href={url(repositoryPaths.newBranch(project))}>
          {BRANCHES_TEXT.newBranch}
        </Button>
      ) : null}
      {branches.length === 0 ? <p>{BRANCHES_TEXT.empty}</p> : null}
      <ul aria-label={REPOSITORY_TEXT.branches}>
        {branches.map((branch) => (
          <li key={branch.name}>
            <a href={url(repositoryPaths.tree(project, branch.name))}>{branch.name}</a>{' '}
            {branch.default ? <Badge variant="info">{BRANCHES_TEXT.default}</Badge> : null}{' '}
            {branch.protected ? <Badge variant="success">{BRANCHES_TEXT.protected}</Badge> : null}{' '}
            {branch.merged ? <Badge variant="merged">{BRANCHES_TEXT.merged}</Badge> : null}
            <CommitSummary project={project} commit={branch.commit} />
            {branch.can_push && !branch.default ? <DeleteBranch project={project} branch={branch} /> : null}
          </li>
        ))}
      </ul>
      <ListPagination pageInfo={pageInfo} />
    </ProjectLayout>
  );
}
