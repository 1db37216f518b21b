/** `groups:group_members:index`: a group's members at `/groups/{full path}/-/group_members`, paginated. */
import { Avatar, userLinkAttributes } from 'forgekit';
import { api, parsePageInfo, type Group, type Member } from 'forgekit/client';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { InviteMembers } from '../../../layout/InviteMembers.tsx';
import { GroupLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor, getOrNull } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { ACCESS_LEVEL } from '../../projects/settings/project.ts';
import { projectPathOf } from '../../../routing.ts';
import { ListPagination, requestedPage } from '../../../layout/ListPagination.tsx';

/** GitLab's role names by access level. */
export const ROLE_NAMES: Readonly<Record<number, string>> = {
  10: 'Guest',
  15: 'Planner',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};

/** The page's texts (GitLab's). */
export const GROUP_MEMBERS_TEXT = {
  title: 'Members',
  empty: 'This group has no members.',
  expires: 'Expires',
} as const;

const NOT_FOUND = 404;
/** Size of the members' avatars. */
const AVATAR_SIZE = 32;

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const group = await getOrNull<Group>(client, `${api`/groups/${projectPathOf(args.params)}`}?with_projects=false`);
  if (!group) throw data(null, { status: NOT_FOUND });
  const page = requestedPage(args.request);
  const response = await client.get<Member[]>(api`/groups/${group.id}/members`, { params: { page } });
  return { group, members: response.data, pageInfo: parsePageInfo(response.headers) };
}

export function Component() {
  const { group, members, pageInfo } = useLoaderData<typeof loader>();
  const url = useUrl();
  const { currentUser } = useRootData();
  const canInvite =
    Boolean(currentUser?.isAdmin) ||
    members.some((member) => member.id === currentUser?.id && member.access_level >= ACCESS_LEVEL.OWNER);
  return (
    <GroupLayout
      group={group}
      current="members"
      title={`${GROUP_MEMBERS_TEXT.title} · ${group.full_name}`}
      breadcrumbs={[{ text: GROUP_MEMBERS_TEXT.title, href: url(`/groups/${group.full_path}/-/group_members`) }]}
    >
      <h1>{GROUP_MEMBERS_TEXT.title}</h1>
      {canInvite ? <InviteMembers source={{ type: 'group', id: group.id }} name={group.full_name} /> : null}
      {members.length === 0 ? (
        <p>{GROUP_MEMBERS_TEXT.empty}</p>
      ) : (
        <ul>
          {members.map((member) => (
            <li key={member.id}>
              <a href={url(`/${member.username}`)} {...userLinkAttributes(member)}>
                <Avatar
                  entityId={member.id}
                  entityName={member.name}
                  src={member.avatar_url ?? undefined}
                  alt=""
                  size={AVATAR_SIZE}
                />{' '}
                {member.name}
              </a>{' '}
              @{member.username} · {ROLE_NAMES[member.access_level] ?? member.access_level}
              {member.expires_at ? ` · ${GROUP_MEMBERS_TEXT.expires} ${member.expires_at}` : null}
            </li>
          ))}
        </ul>
      )}
      <ListPagination pageInfo={pageInfo} />
    </GroupLayout>
  );
}
