/**
 * `projects:issues:new` (`/{project}/-/issues/new`): GitLab's new issue form: title (required, at
 * most 255 characters), description with the Markdown editor and its preview, type, confidential,
 * assignee, labels, milestone and due date. Submit stays disabled while the title is empty;
 * Ctrl/Cmd+Enter submits. Created from the browser, then on to the new issue with the created toast.
 */
import { Alert, Button, Form, Label, TextField, TitleField, showToast, workItemCreatedMessage } from 'forgekit';
import {
  api,
  restClient,
  type Issue,
  type Label as LabelEntity,
  type Milestone,
  type UserBasic,
} from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { requireSignIn } from '../../../session.ts';
import { apiErrorMessage, loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ISSUES_TEXT } from './constants.ts';
import { deferredRegion } from './deferredRegion.tsx';

/** The form's texts (GitLab's). */
export const NEW_ISSUE_TEXT = {
  title: 'New issue',
  fieldTitle: 'Title',
  description: 'Description',
  descriptionPlaceholder: 'Write a description or drag your files here…',
  type: 'Type',
  confidential: 'This issue is confidential and should only be visible to team members with at least Reporter access.',
  assignee: 'Assignee',
  unassigned: 'Unassigned',
  labels: 'Labels',
  noLabels: 'No labels in this project yet.',
  milestone: 'Milestone',
  noMilestone: 'No milestone',
  dueDate: 'Due date',
  create: 'Create issue',
  cancel: 'Cancel',
  failed: 'Something went wrong while creating the issue. Please try again.',
} as const;

/** The types the form offers (GitLab's new issue form: issue and incident). */
export const NEW_ISSUE_TYPES = [
  { value: 'issue', label: 'Issue' },
  { value: 'incident', label: 'Incident' },
] as const;

/** The description's editor hydrates on its own, after the rest of the form (its code is about 9 KB). */
const DescriptionEditor = deferredRegion('new issue description', () =>
  import('./descriptionEditor.ts').then((module) => module.MarkdownEditor),
);

/** How many members, labels and milestones the form lists (GitLab's dropdowns page further on search). */
const CHOICES_PER_PAGE = 100;

interface NewIssueData {
  project: ProjectWithAccess;
  members: UserBasic[];
  labels: LabelEntity[];
  milestones: Milestone[];
}

export async function loader(args: LoaderFunctionArgs): Promise<NewIssueData> {
  requireSignIn(args);
  const editor = DescriptionEditor.preload();
  const project = await loadProject(args);
  const client = clientFor(args);
  const [members, labels, milestones] = await Promise.all([
    client.get<UserBasic[]>(api`/projects/${project.id}/members/all`, { params: { per_page: CHOICES_PER_PAGE } }),
    client.get<LabelEntity[]>(api`/projects/${project.id}/labels`, { params: { per_page: CHOICES_PER_PAGE } }),
    client.get<Milestone[]>(api`/projects/${project.id}/milestones`, {
      params: { state: 'active', per_page: CHOICES_PER_PAGE },
    }),
  ]);
  await editor;
  return { project, members: members.data, labels: labels.data, milestones: milestones.data };
}

export function Component() {
  const { project, members, labels, milestones } = useLoaderData() as NewIssueData;
  const url = useUrl();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const list = projectPath(project.path_with_namespace, '-/issues');

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => (form.get(name) as string | null) || undefined;
    const type = NEW_ISSUE_TYPES.find(({ value }) => value === form.get('issue_type')) ?? NEW_ISSUE_TYPES[0];
    setPending(true);
    try {
      const { data } = await restClient.post<Issue>(api`/projects/${project.id}/issues`, {
        title: form.get('title'),
        description: text('description'),
        issue_type: type.value,
        confidential: form.get('confidential') === 'on',
        assignee_ids: text('assignee_id') ? [Number(form.get('assignee_id'))] : undefined,
        labels: form.getAll('labels').join(',') || undefined,
        milestone_id: text('milestone_id') ? Number(form.get('milestone_id')) : undefined,
        due_date: text('due_date'),
      });
      showToast(workItemCreatedMessage(type.label));
      await navigate(projectPath(project.path_with_namespace, `-/issues/${data.iid}`));
    } catch (failure) {
      setPending(false);
      setError(apiErrorMessage(failure, NEW_ISSUE_TEXT.failed));
    }
  }

  return (
    <ProjectLayout
      project={project}
      current="issues"
      title={`${NEW_ISSUE_TEXT.title} · ${project.name_with_namespace}`}
      breadcrumbs={[{ text: ISSUES_TEXT.title, href: url(list) }]}
    >
      <h1>{NEW_ISSUE_TEXT.title}</h1>
      <Form onSubmit={create} aria-label={NEW_ISSUE_TEXT.title} requiresInput quickSubmit>
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <TitleField label={NEW_ISSUE_TEXT.fieldTitle} name="title" required />
        <label>
          {NEW_ISSUE_TEXT.type}{' '}
          <select name="issue_type" defaultValue={NEW_ISSUE_TYPES[0].value}>
            {NEW_ISSUE_TYPES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <DescriptionEditor.Region
          label={NEW_ISSUE_TEXT.description}
          placeholder={NEW_ISSUE_TEXT.descriptionPlaceholder}
          previewUrl={url(projectPath(project.path_with_namespace, '-/preview_markdown'))}
          textareaProps={{ name: 'description' }}
        />
        <label>
          <input type="checkbox" name="confidential" /> {NEW_ISSUE_TEXT.confidential}
        </label>
        <label>
          {NEW_ISSUE_TEXT.assignee}{' '}
          <select name="assignee_id" defaultValue="">
            <option value="">{NEW_ISSUE_TEXT.unassigned}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {`${member.name} (@${member.username})`}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{NEW_ISSUE_TEXT.labels}</legend>
          {labels.length === 0 ? <p>{NEW_ISSUE_TEXT.noLabels}</p> : null}
          {labels.map((label) => (
            <label key={label.id}>
              <input type="checkbox" name="labels" value={label.name} />{' '}
              <Label title={label.name} color={label.color} />
            </label>
          ))}
        </fieldset>
        <label>
          {NEW_ISSUE_TEXT.milestone}{' '}
          <select name="milestone_id" defaultValue="">
            <option value="">{NEW_ISSUE_TEXT.noMilestone}</option>
            {milestones.map((milestone) => (
              <option key={milestone.id} value={milestone.id}>
                {milestone.title}
              </option>
            ))}
          </select>
        </label>
        <TextField label={NEW_ISSUE_TEXT.dueDate} name="due_date" type="date" />
        <Button type="submit" variant="confirm" disabled={pending}>
          {NEW_ISSUE_TEXT.create}
        </Button>{' '}
        <Button href={url(list)}>{NEW_ISSUE_TEXT.cancel}</Button>
      </Form>
    </ProjectLayout>
  );
}
