/**
 * `groups:new`: a group at `/groups/new` (a subgroup with `?parent_id=`): name, the path derived
 * from the name until the user edits it, visibility. The name and path are checked live as
 * GitLab does (its path rules; the path's availability among its siblings through
 * GET namespaces/{path}/exists, a taken path replaced by the server's suggestion). The form POSTs
 * /groups and goes to the new group.
 */
import { Alert, Button, Form, TextField, type VisibilityLevel } from 'forgekit';
import { api, restClient, type Group, type NamespaceExists } from 'forgekit/client';
import { useEffect, useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';
import { clientFor, getOrNull } from '../../page.ts';
import { requireSignIn } from '../../session.ts';
import { serverMessage } from '../users/serverMessage.ts';
import { validateGroupName, validatePath } from './pathRules.ts';
import { useNameAndPath } from './useNameAndPath.ts';
import { VisibilityField } from './VisibilityField.tsx';

/** The page's texts (GitLab's). */
export const NEW_GROUP_TEXT = {
  title: 'Create group',
  subgroupTitle: 'Create subgroup',
  name: 'Group name',
  path: 'Group URL',
  checking: 'Checking group URL availability...',
  available: 'Group path is available.',
  unavailable: 'Group path is unavailable. Path has been replaced with a suggested available path.',
  submit: 'Create group',
  failed: 'Failed to create the group.',
} as const;

/** Quiet time after the last keystroke before the path's availability is asked (ours; GitLab debounces too). */
export const PATH_CHECK_DELAY_MS = 500;
/** GitLab's default for a new group. */
const DEFAULT_VISIBILITY: VisibilityLevel = 'private';

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const parentId = new URL(args.request.url).searchParams.get('parent_id');
  const parent = parentId
    ? await getOrNull<Group>(clientFor(args), `${api`/groups/${parentId}`}?with_projects=false`)
    : null;
  return { parent };
}

type Availability = 'unknown' | 'checking' | 'available' | 'replaced';

export function Component() {
  const { parent } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { name, path, changeName, changePath, suggestPath } = useNameAndPath();
  const [visibility, setVisibility] = useState<VisibilityLevel>(DEFAULT_VISIBILITY);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const title = parent ? NEW_GROUP_TEXT.subgroupTitle : NEW_GROUP_TEXT.title;

  // The path's availability, asked once the user pauses; a taken path becomes the first suggestion.
  const [checked, setChecked] = useState<{ path: string; result: Exclude<Availability, 'checking'> }>({
    path: '',
    result: 'unknown',
  });
  const isCheckable = Boolean(path) && !validatePath(path);
  const availability: Availability = !isCheckable ? 'unknown' : checked.path === path ? checked.result : 'checking';
  useEffect(() => {
    if (!isCheckable || checked.path === path) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const { data } = await restClient.get<NamespaceExists>(api`/namespaces/${path}/exists`, {
          params: parent ? { parent_id: parent.id } : {},
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        const suggestion = data.exists ? data.suggests[0] : undefined;
        if (suggestion) {
          suggestPath(suggestion);
          setChecked({ path: suggestion, result: 'replaced' });
        } else {
          setChecked({ path, result: data.exists ? 'unknown' : 'available' });
        }
      } catch {
        // A failed check says nothing; the server checks again on submit.
        if (!controller.signal.aborted) setChecked({ path, result: 'unknown' });
      }
    }, PATH_CHECK_DELAY_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [path, parent, isCheckable, checked.path, suggestPath]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { data: group } = await restClient.post<Group>(api`/groups`, {
        name,
        path,
        visibility,
        ...(parent ? { parent_id: parent.id } : {}),
      });
      navigate(`/groups/${group.full_path}`);
    } catch (failure) {
      setPending(false);
      setError(serverMessage(failure, NEW_GROUP_TEXT.failed));
    }
  }

  const pathStatus = {
    unknown: undefined,
    checking: NEW_GROUP_TEXT.checking,
    available: NEW_GROUP_TEXT.available,
    replaced: NEW_GROUP_TEXT.unavailable,
  }[availability];

  return (
    <BasicLayout title={title}>
      <h1>{title}</h1>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Form onSubmit={create} aria-label={title} requiresInput>
        <TextField
          label={NEW_GROUP_TEXT.name}
          name="name"
          value={name}
          onChange={changeName}
          validate={validateGroupName}
          required
        />
        <TextField
          label={NEW_GROUP_TEXT.path}
          name="path"
          value={path}
          onChange={changePath}
          validate={validatePath}
          description={
            <>
              {parent ? `${parent.full_path}/` : null}
              <span role="status">{pathStatus}</span>
            </>
          }
          required
        />
        <VisibilityField entity="group" value={visibility} onChange={setVisibility} />
        <Button type="submit" variant="confirm" disabled={pending || availability === 'checking'}>
          {NEW_GROUP_TEXT.submit}
        </Button>
      </Form>
    </BasicLayout>
  );
}
