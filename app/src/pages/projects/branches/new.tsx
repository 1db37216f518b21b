/**
 * `projects:branches:new`: create a branch at `/-/branches/new` from a branch, tag or commit.
 * The name field shows the ref-name rules' messages as the user types (spec section 5, the
 * library's BranchNameInput); the server's refusal shows as an alert. On success the new
 * branch's files open, as in GitLab.
 */
import { Alert, BranchNameInput, Button, Form, TextField } from 'forgekit';
import { api, HttpError, restClient, type Branch } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { requireSignIn } from '../../../session.ts';
import { loadProject, REPOSITORY_TEXT, repositoryPaths } from '../repository.ts';

/** The new branch form's texts (GitLab's). */
export const NEW_BRANCH_TEXT = {
  title: 'New branch',
  createFrom: 'Create from',
  createFromHelp: 'Existing branch name, tag, or commit SHA',
  submit: 'Create branch',
  cancel: 'Cancel',
  failed: 'An error occurred while creating the branch.',
} as const;

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const project = await loadProject(args);
  const from = new URL(args.request.url).searchParams.get('ref') ?? project.default_branch ?? '';
  return { project, from };
}

export function Component() {
  const { project, from } = useLoaderData<typeof loader>();
  const url = useUrl();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const { data: branch } = await restClient.post<Branch>(api`/projects/${project.id}/repository/branches`, {
        branch: form.get('branch_name'),
        ref: form.get('ref'),
      });
      await navigate(repositoryPaths.tree(project, branch.name));
    } catch (failure) {
      setPending(false);
      const body = failure instanceof HttpError ? (failure.response?.data as { message?: string }) : undefined;
      setError(body?.message ?? NEW_BRANCH_TEXT.failed);
    }
  }

  return (
    <ProjectLayout
      project={project}
      current="branches"
      title={[NEW_BRANCH_TEXT.title, project.name_with_namespace].join(' · ')}
      breadcrumbs={[
        { text: REPOSITORY_TEXT.branches, href: url(repositoryPaths.branches(project)) },
        { text: NEW_BRANCH_TEXT.title, href: url(repositoryPaths.newBranch(project)) },
      ]}
    >
      <h1>{NEW_BRANCH_TEXT.title}</h1>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Form onSubmit={create} aria-label={NEW_BRANCH_TEXT.title}>
        <BranchNameInput name="branch_name" required />
        <TextField
          label={NEW_BRANCH_TEXT.createFrom}
          description={NEW_BRANCH_TEXT.createFromHelp}
          name="ref"
          defaultValue={from}
          required
        />
        <Button type="submit" variant="confirm" disabled={pending}>
          {NEW_BRANCH_TEXT.submit}
        </Button>{' '}
        <Button href={url(repositoryPaths.branches(project))}>{NEW_BRANCH_TEXT.cancel}</Button>
      </Form>
    </ProjectLayout>
  );
}
