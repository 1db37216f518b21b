/**
 * `projects:new`: a blank project at `/projects/new` (GitLab's "Create blank project"): name,
 * the path derived from the name until the user edits it, the namespace (the user's own or a
 * group they may create projects in; `?namespace_id=` preselects one), visibility and a README.
 * Names and paths are checked live; the form POSTs /projects and goes to the new project.
 */
import { Alert, Button, Form, TextField, type VisibilityLevel } from 'forgekit';
import { api, restClient, type Namespace, type Project } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';
import { clientFor } from '../../page.ts';
import { requireSignIn } from '../../session.ts';
import { validatePath, validateProjectName } from '../groups/pathRules.ts';
import { useNameAndPath } from '../groups/useNameAndPath.ts';
import { VisibilityField } from '../groups/VisibilityField.tsx';
import { serverMessage } from '../users/serverMessage.ts';

/** The page's texts (GitLab's). */
export const NEW_PROJECT_TEXT = {
  title: 'Create blank project',
  name: 'Project name',
  namespace: 'Project URL',
  path: 'Project slug',
  readme: 'Initialize repository with a README',
  readmeHelp:
    'Allows you to immediately clone this project’s repository. Skip this if you plan to push up an existing repository.',
  submit: 'Create project',
  failed: 'Failed to create the project.',
} as const;

/** Most namespaces one may choose from (GitLab's namespace dropdown lists a page of them). */
const NAMESPACES_PER_PAGE = 100;
/** GitLab's default for a new project. */
const DEFAULT_VISIBILITY: VisibilityLevel = 'private';

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const { data: namespaces } = await clientFor(args).get<Namespace[]>(api`/namespaces`, {
    params: { per_page: NAMESPACES_PER_PAGE },
  });
  const requested = Number(new URL(args.request.url).searchParams.get('namespace_id'));
  const selected = namespaces.find((namespace) => namespace.id === requested) ?? namespaces[0];
  return { namespaces, selectedId: selected?.id };
}

export function Component() {
  const { namespaces, selectedId } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { name, path, changeName, changePath } = useNameAndPath();
  const [namespaceId, setNamespaceId] = useState(selectedId);
  const [visibility, setVisibility] = useState<VisibilityLevel>(DEFAULT_VISIBILITY);
  const [readme, setReadme] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { data: project } = await restClient.post<Project>(api`/projects`, {
        name,
        path,
        namespace_id: namespaceId,
        visibility,
        initialize_with_readme: readme,
      });
      navigate(`/${project.path_with_namespace}`);
    } catch (failure) {
      setPending(false);
      setError(serverMessage(failure, NEW_PROJECT_TEXT.failed));
    }
  }

  return (
    <BasicLayout title={NEW_PROJECT_TEXT.title}>
      <h1>{NEW_PROJECT_TEXT.title}</h1>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Form onSubmit={create} aria-label={NEW_PROJECT_TEXT.title} requiresInput>
        <TextField
          label={NEW_PROJECT_TEXT.name}
          name="name"
          value={name}
          onChange={changeName}
          validate={validateProjectName}
          required
        />
        <label>
          {NEW_PROJECT_TEXT.namespace}{' '}
          <select
            name="namespace_id"
            value={namespaceId}
            onChange={(event) => setNamespaceId(Number(event.target.value))}
          >
            {namespaces.map((namespace) => (
              <option key={namespace.id} value={namespace.id}>
                {namespace.full_path}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={NEW_PROJECT_TEXT.path}
          name="path"
          value={path}
          onChange={changePath}
          validate={validatePath}
          required
        />
        <VisibilityField entity="project" value={visibility} onChange={setVisibility} />
        <label>
          <input
            type="checkbox"
            name="initialize_with_readme"
            checked={readme}
            onChange={(event) => setReadme(event.target.checked)}
          />{' '}
          {NEW_PROJECT_TEXT.readme}
        </label>
        <p>{NEW_PROJECT_TEXT.readmeHelp}</p>
        <Button type="submit" variant="confirm" disabled={pending}>
          {NEW_PROJECT_TEXT.submit}
        </Button>
      </Form>
    </BasicLayout>
  );
}
