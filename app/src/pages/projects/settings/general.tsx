/**
 * `projects:settings:general` (`/{project}/-/settings/general`), for Maintainers and above (a 404
 * for the others, as GitLab): the project's name, description and visibility; and, for Owners,
 * deleting the project after typing its full path, as GitLab's confirmation asks.
 */
import { Alert, Button, Form, Modal, TextField } from 'forgekit';
import { api, restClient, type Visibility } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { data, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useRootData } from '../../../root.tsx';
import { requireSignIn } from '../../../session.ts';
import {
  ACCESS_LEVEL,
  apiErrorMessage,
  hasAccess,
  isAdminVisitor,
  loadProject,
  type ProjectWithAccess,
  VISIBILITY_NAMES,
} from './project.ts';

/** The page's texts (GitLab's). */
export const SETTINGS_TEXT = {
  title: 'General settings',
  naming: 'Naming, description, visibility',
  name: 'Project name',
  description: 'Project description (optional)',
  visibility: 'Project visibility',
  save: 'Save changes',
  saved: (name: string) => `Project '${name}' was successfully updated.`,
  saveFailed: 'An error occurred while saving the project.',
  dangerZone: 'Delete project',
  deleteWarning:
    'This action deletes the project, its repository and all related resources, including issues and merge requests.',
  deleteButton: 'Delete project',
  deleteTitle: 'Are you absolutely sure?',
  deleteBody: (path: string) =>
    `This action will permanently delete ${path} immediately, including its repositories and all related resources, including issues and merge requests.`,
  deleteConfirmLabel: (path: string) => `Enter the following to confirm: ${path}`,
  deleteConfirm: 'Yes, delete project',
  deleteCancel: 'Cancel, keep project',
  deleteFailed: 'An error occurred while deleting the project.',
} as const;

/** Where a deleted project's owner lands (GitLab: their projects). */
export const AFTER_DELETE_PATH = '/dashboard/projects';
const NOT_FOUND = 404;

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const project = await loadProject(args);
  if (!hasAccess(project, ACCESS_LEVEL.MAINTAINER, await isAdminVisitor(args))) throw data(null, { status: NOT_FOUND });
  return { project };
}

function DeleteProject({ project }: { project: ProjectWithAccess }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const path = project.path_with_namespace;

  async function remove() {
    try {
      await restClient.delete(api`/projects/${project.id}`);
      setOpen(false);
      await navigate(AFTER_DELETE_PATH);
    } catch (failure) {
      setError(apiErrorMessage(failure, SETTINGS_TEXT.deleteFailed));
    }
  }

  return (
    <section aria-labelledby="delete-project">
      <h2 id="delete-project">{SETTINGS_TEXT.dangerZone}</h2>
      <p>{SETTINGS_TEXT.deleteWarning}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {SETTINGS_TEXT.deleteButton}
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        title={SETTINGS_TEXT.deleteTitle}
        actionPrimary={{
          text: SETTINGS_TEXT.deleteConfirm,
          variant: 'danger',
          isDisabled: typed !== path,
          onClick: (event) => {
            event.preventDefault();
            void remove();
          },
        }}
        actionCancel={{ text: SETTINGS_TEXT.deleteCancel }}
      >
        <p>{SETTINGS_TEXT.deleteBody(path)}</p>
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <TextField
          label={SETTINGS_TEXT.deleteConfirmLabel(path)}
          value={typed}
          onChange={setTyped}
          autoComplete="off"
        />
      </Modal>
    </section>
  );
}

export function Component() {
  const { project } = useLoaderData() as { project: ProjectWithAccess };
  const revalidator = useRevalidator();
  const isAdmin = useRootData().currentUser?.isAdmin ?? false;
  const [status, setStatus] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const { data: updated } = await restClient.put<ProjectWithAccess>(api`/projects/${project.id}`, {
        name: form.get('name'),
        description: form.get('description'),
        visibility: form.get('visibility'),
      });
      setStatus({ variant: 'success', text: SETTINGS_TEXT.saved(updated.name) });
      await revalidator.revalidate();
    } catch (failure) {
      setStatus({ variant: 'danger', text: apiErrorMessage(failure, SETTINGS_TEXT.saveFailed) });
    }
    setPending(false);
  }

  return (
    <ProjectLayout
      project={project}
      current="settings"
      title={`${SETTINGS_TEXT.title} · ${project.name_with_namespace}`}
    >
      <h1>{SETTINGS_TEXT.title}</h1>
      {status ? <Alert variant={status.variant}>{status.text}</Alert> : null}
      <Form onSubmit={save} aria-label={SETTINGS_TEXT.naming} requiresInput>
        <h2>{SETTINGS_TEXT.naming}</h2>
        <TextField label={SETTINGS_TEXT.name} name="name" defaultValue={project.name} required />
        <label>
          {SETTINGS_TEXT.description}
          <textarea name="description" defaultValue={project.description ?? ''} />
        </label>
        <fieldset>
          <legend>{SETTINGS_TEXT.visibility}</legend>
          {(Object.keys(VISIBILITY_NAMES) as Visibility[]).map((visibility) => (
            <label key={visibility}>
              <input
                type="radio"
                name="visibility"
                value={visibility}
                defaultChecked={project.visibility === visibility}
              />{' '}
              {VISIBILITY_NAMES[visibility]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="confirm" disabled={pending}>
          {SETTINGS_TEXT.save}
        </Button>
      </Form>
      {hasAccess(project, ACCESS_LEVEL.OWNER, isAdmin) ? <DeleteProject project={project} /> : null}
    </ProjectLayout>
  );
}
