/**
 * The label form of the new and edit pages: title (at most 255 characters, TitleField's rule),
 * description and colour (the ColorPicker: 3 or 6 digit hex, suggested colours). It writes from
 * the browser and returns to the label list; a refusal shows the server's message (spec section
 * 8: "Label creation failure returns the server error body").
 */
import { Alert, Button, ColorPicker, Form, TitleField } from 'forgekit';
import { api, restClient } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { apiErrorMessage, type ProjectWithAccess } from '../settings/project.ts';
import type { ProjectLabel } from './texts.ts';

/** The form's texts (GitLab's). */
export const LABEL_FORM_TEXT = {
  title: 'Title',
  description: 'Description',
  color: 'Background color',
  create: 'Create label',
  save: 'Save changes',
  cancel: 'Cancel',
  failed: 'An error occurred while saving the label.',
} as const;

export function LabelForm({ project, label }: { project: ProjectWithAccess; label?: ProjectLabel }) {
  const navigate = useNavigate();
  const url = useUrl();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const list = projectPath(project.path_with_namespace, '-/labels');

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { name: form.get('title'), color: form.get('color'), description: form.get('description') };
    setPending(true);
    try {
      if (label) {
        const { name, ...changes } = body;
        await restClient.put(api`/projects/${project.id}/labels/${label.id}`, { new_name: name, ...changes });
      } else await restClient.post(api`/projects/${project.id}/labels`, body);
      await navigate(list);
    } catch (failure) {
      setPending(false);
      setError(apiErrorMessage(failure, LABEL_FORM_TEXT.failed));
    }
  }

  return (
    <Form onSubmit={save} aria-label={label ? label.name : LABEL_FORM_TEXT.create} requiresInput quickSubmit>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <TitleField label={LABEL_FORM_TEXT.title} name="title" defaultValue={label?.name} required />
      <label>
        {LABEL_FORM_TEXT.description}
        <textarea name="description" defaultValue={label?.description ?? ''} />
      </label>
      <ColorPicker label={LABEL_FORM_TEXT.color} name="color" defaultValue={label?.color} required />
      <Button type="submit" variant="confirm" disabled={pending}>
        {label ? LABEL_FORM_TEXT.save : LABEL_FORM_TEXT.create}
      </Button>{' '}
      <Button href={url(list)}>{LABEL_FORM_TEXT.cancel}</Button>
    </Form>
  );
}
