/**
 * `projects:project_members:index` (`/{project}/-/project_members`): everyone with access to the
 * project (its own members and those of its groups), with their role and access expiry.
 * Maintainers and above add members by username (role and expiry date) and remove the project's
 * own members, after a confirmation.
 */
import { Alert, Avatar, Badge, Button, Form, TextField, confirmAction, userLinkAttributes } from 'forgekit';
import { api, parsePageInfo, restClient, type Member, type PageInfo, type UserBasic } from 'forgekit/client';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { clientFor } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { ACCESS_LEVEL, apiErrorMessage, hasAccess, loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';

/** GitLab's role names by access level. */
export const ROLE_NAMES: Readonly<Record<number, string>> = {
  [ACCESS_LEVEL.MINIMAL_ACCESS]: 'Minimal Access',
  [ACCESS_LEVEL.GUEST]: 'Guest',
  [ACCESS_LEVEL.REPORTER]: 'Reporter',
  [ACCESS_LEVEL.DEVELOPER]: 'Developer',
  [ACCESS_LEVEL.MAINTAINER]: 'Maintainer',
  [ACCESS_LEVEL.OWNER]: 'Owner',
};
/** The roles a member can be given here (GitLab's invite form). */
const ASSIGNABLE_ROLES = [
  ACCESS_LEVEL.GUEST,
  ACCESS_LEVEL.REPORTER,
  ACCESS_LEVEL.DEVELOPER,
  ACCESS_LEVEL.MAINTAINER,
  ACCESS_LEVEL.OWNER,
] as const;

/** The page's texts (GitLab's; the lookup failure is spec section 5's). */
export const MEMBERS_TEXT = {
  title: 'Project members',
  invite: 'Invite members',
  username: 'Username',
  role: 'Select a role',
  expiresAt: 'Access expiration date (optional)',
  submit: 'Invite',
  expires: (day: string) => `Expires ${day}`,
  noExpiry: 'No expiration set',
  inherited: 'Inherited from group',
  remove: 'Remove member',
  removeConfirm: (name: string, project: string) => `Are you sure you want to remove ${name} from "${project}"?`,
  userNotFound: (name: string) => `User "${name}" could not be found!`,
  failed: 'An error occurred while saving the member.',
} as const;

/** Members per page (GitLab's largest page). */
export const MEMBERS_PER_PAGE = 100;

interface MembersData {
  project: ProjectWithAccess;
  members: Member[];
  directIds: number[];
  pageInfo: PageInfo;
}

export async function loader(args: LoaderFunctionArgs): Promise<MembersData> {
  const project = await loadProject(args);
  const client = clientFor(args);
  const page = Math.max(1, Number(new URL(args.request.url).searchParams.get('page')) || 1);
  const [all, direct] = await Promise.all([
    client.get<Member[]>(api`/projects/${project.id}/members/all`, { params: { per_page: MEMBERS_PER_PAGE, page } }),
    client.get<Member[]>(api`/projects/${project.id}/members`, { params: { per_page: MEMBERS_PER_PAGE } }),
  ]);
  return {
    project,
    members: all.data,
    directIds: direct.data.map((member) => member.id),
    pageInfo: parsePageInfo(all.headers),
  };
}

function InviteForm({ project, onAdded }: { project: ProjectWithAccess; onAdded: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const username = String(form.get('username')).trim();
    setPending(true);
    try {
      const { data: found } = await restClient.get<UserBasic[]>(api`/users`, { params: { username } });
      if (found.length === 0) setError(MEMBERS_TEXT.userNotFound(username));
      else {
        await restClient.post(api`/projects/${project.id}/members`, {
          user_id: found[0]!.id,
          access_level: Number(form.get('access_level')),
          expires_at: (form.get('expires_at') as string) || undefined,
        });
        setError(null);
        formElement.reset();
        await onAdded();
      }
    } catch (failure) {
      setError(apiErrorMessage(failure, MEMBERS_TEXT.failed));
    }
    setPending(false);
  }

  return (
    <Form onSubmit={invite} aria-label={MEMBERS_TEXT.invite} requiresInput>
      <h2>{MEMBERS_TEXT.invite}</h2>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <TextField label={MEMBERS_TEXT.username} name="username" autoComplete="off" required />
      <label>
        {MEMBERS_TEXT.role}
        <select name="access_level" defaultValue={ACCESS_LEVEL.GUEST}>
          {ASSIGNABLE_ROLES.map((level) => (
            <option key={level} value={level}>
              {ROLE_NAMES[level]}
            </option>
          ))}
        </select>
      </label>
      <TextField label={MEMBERS_TEXT.expiresAt} name="expires_at" type="date" />
      <Button type="submit" variant="confirm" disabled={pending}>
        {MEMBERS_TEXT.submit}
      </Button>
    </Form>
  );
}

export function Component() {
  const { project, members, directIds, pageInfo } = useLoaderData() as MembersData;
  const revalidator = useRevalidator();
  const isAdmin = useRootData().currentUser?.isAdmin ?? false;
  const canManage = hasAccess(project, ACCESS_LEVEL.MAINTAINER, isAdmin);
  const [error, setError] = useState<string | null>(null);

  async function remove(member: Member) {
    if (
      !(await confirmAction(MEMBERS_TEXT.removeConfirm(member.name, project.name_with_namespace), {
        title: MEMBERS_TEXT.remove,
        primaryBtnText: MEMBERS_TEXT.remove,
        primaryBtnVariant: 'danger',
      }))
    )
      return;
    try {
      await restClient.delete(api`/projects/${project.id}/members/${member.id}`);
      setError(null);
      await revalidator.revalidate();
    } catch (failure) {
      setError(apiErrorMessage(failure, MEMBERS_TEXT.failed));
    }
  }

  return (
    <ProjectLayout project={project} current="members" title={`${MEMBERS_TEXT.title} · ${project.name_with_namespace}`}>
      <h1>{MEMBERS_TEXT.title}</h1>
      {canManage ? <InviteForm project={project} onAdded={() => revalidator.revalidate()} /> : null}
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <ul aria-label={MEMBERS_TEXT.title}>
        {members.map((member) => {
          const isDirect = directIds.includes(member.id);
          return (
            <li key={member.id}>
              <Avatar entityId={member.id} entityName={member.name} src={member.avatar_url ?? undefined} size={32} />{' '}
              <a href={member.web_url} {...userLinkAttributes(member)}>
                {member.name}
              </a>{' '}
              @{member.username}{' '}
              <Badge variant="neutral">{ROLE_NAMES[member.access_level] ?? member.access_level}</Badge>{' '}
              {isDirect ? null : <small>{MEMBERS_TEXT.inherited}</small>}
              <p>{member.expires_at ? MEMBERS_TEXT.expires(member.expires_at) : MEMBERS_TEXT.noExpiry}</p>
              {canManage && isDirect ? (
                <Button
                  variant="danger"
                  aria-label={`${MEMBERS_TEXT.remove} ${member.username}`}
                  onClick={() => void remove(member)}
                >
                  {MEMBERS_TEXT.remove}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ListPagination pageInfo={pageInfo} />
    </ProjectLayout>
  );
}
