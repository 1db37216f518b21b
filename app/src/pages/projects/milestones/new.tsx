/**
 * `projects:milestones:new` (`/{project}/-/milestones/new`): title (at most 255 characters),
 * description, start and due dates. Created from the browser, then back to the milestone list.
 */
import { Alert, Button, Form, TextField, TitleField } from 'forgekit';
import { api, restClient } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { requireSignIn } from '../../../session.ts';
import { apiErrorMessage, loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { MILESTONES_TEXT } from './texts.ts';

/** The page's texts (GitLab's). */
export const NEW_MILESTONE_TEXT = {
  title: 'New milestone',
  fieldTitle: 'Title',
  description: 'Description',
  startDate: 'Start date',
  dueDate: 'Due date',
  create: 'Create milestone',
  cancel: 'Cancel',
  failed: 'An error occurred while creating the milestone.',
} as const;

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  return { project: await loadProject(args) };
}

export function Component() {
  const { project } = useLoaderData() as { project: ProjectWithAccess };
  const url = useUrl();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const list = projectPath(project.path_with_namespace, '-/milestones');

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const day = (name: string) => (form.get(name) as string) || undefined;
    setPending(true);
    try {
      await restClient.post(api`/projects/${project.id}/milestones`, {
        title: form.get('title'),
        description: form.get('description'),
        start_date: day('start_date'),
        due_date: day('due_date'),
      });
      await navigate(list);
    } catch (failure) {
      setPending(false);
      setError(apiErrorMessage(failure, NEW_MILESTONE_TEXT.failed));
    }
  }

  return (
    <ProjectLayout
      project={project}
      current="milestones"
      title={`${NEW_MILESTONE_TEXT.title} · ${project.name_with_namespace}`}
      breadcrumbs={[{ text: MILESTONES_TEXT.title, href: url(list) }]}
    >
      <h1>{NEW_MILESTONE_TEXT.title}</h1>
      <Form onSubmit={create} aria-label={NEW_MILESTONE_TEXT.title} requiresInput quickSubmit>
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <TitleField label={NEW_MILESTONE_TEXT.fieldTitle} name="title" required />
        <label>
          {NEW_MILESTONE_TEXT.description}
          <textarea name="description" />
        </label>
        <TextField label={NEW_MILESTONE_TEXT.startDate} name="start_date" type="date" />
        <TextField label={NEW_MILESTONE_TEXT.dueDate} name="due_date" type="date" />
        <Button type="submit" variant="confirm" disabled={pending}>
          {NEW_MILESTONE_TEXT.create}
        </Button>{' '}
        <Button href={url(list)}>{NEW_MILESTONE_TEXT.cancel}</Button>
      </Form>
    </ProjectLayout>
  );
}
