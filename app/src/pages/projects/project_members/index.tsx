/**
 * `projects:project_members:index` (`/{project}/-/project_members`): everyone with access to the
 * project (its own members and those of its groups), with their role and access expiry.
 * Maintainers and above invite members (the lazy invite-members modal: users, role, expiry date)
 * and remove the project's own members, after a confirmation.
 */
import { Alert, Avatar, Badge, Button, userLinkAttributes } from 'forgekit';
import { api, parsePageInfo, restClient, type Member, type PageInfo } from 'forgekit/client';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { InviteMembers } from '../../../layout/InviteMembers.tsx';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { clientFor } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { ACCESS_LEVEL, apiErrorMessage, hasAccess, loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';
import { confirmAction } from '../../../layout/confirm.ts';

/** GitLab's role names by access level. */
export const ROLE_NAMES: Readonly<Record<number, string>> = {
  [ACCESS_LEVEL.MINIMAL_ACCESS]: 'Minimal Access',
  [ACCESS_LEVEL.GUEST]: 'Guest',
  [ACCESS_LEVEL.REPORTER]: 'Reporter',
  [ACCESS_LEVEL.DEVELOPER]: 'Developer',
  [ACCESS_LEVEL.MAINTAINER]: 'Maintainer',
  [ACCESS_LEVEL.OWNER]: 'Owner',
};
/** The page's texts (GitLab's). */
export const MEMBERS_TEXT = {
  title: 'Project members',
  expires: (day: string) => `Expires ${day}`,
  noExpiry: 'No expiration set',
  inherited: 'Inherited from group',
  remove: 'Remove member',
  removeConfirm: (name: string, project: string) => `Are you sure you want to remove ${name} from "${project}"?`,
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
      {canManage ? (
        <InviteMembers source={{ type: 'project', id: project.id }} name={project.name_with_namespace} />
      ) : null}
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
