/** `explore:groups:index`: every group the visitor can see at `/explore/groups`, searched by name, paginated. */
import { Avatar } from 'forgekit';
import { api, parsePageInfo, type Group } from 'forgekit/client';
import { Form as RouterForm, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { ListPagination, requestedPage } from '../../../layout/ListPagination.tsx';

/** The page's texts (GitLab's). */
export const EXPLORE_GROUPS_TEXT = {
  title: 'Explore groups',
  search: 'Search by name',
  empty: 'No groups found',
} as const;

/** Size of the groups' avatars. */
const AVATAR_SIZE = 32;

export async function loader(args: LoaderFunctionArgs) {
  const search = new URL(args.request.url).searchParams.get('filter') ?? '';
  const response = await clientFor(args).get<Group[]>(api`/groups`, {
    params: { all_available: true, search: search || undefined, page: requestedPage(args.request) },
  });
  return { groups: response.data, pageInfo: parsePageInfo(response.headers), search };
}

export function Component() {
  const { groups, pageInfo, search } = useLoaderData<typeof loader>();
  const url = useUrl();
  return (
    <BasicLayout title={EXPLORE_GROUPS_TEXT.title}>
      <h1>{EXPLORE_GROUPS_TEXT.title}</h1>
      <RouterForm role="search" method="get" aria-label={EXPLORE_GROUPS_TEXT.title}>
        <label>
          {EXPLORE_GROUPS_TEXT.search} <input type="search" name="filter" defaultValue={search} />
        </label>
      </RouterForm>
      {groups.length === 0 ? (
        <p>{EXPLORE_GROUPS_TEXT.empty}</p>
      ) : (
        <ul>
          {groups.map((group) => (
            <li key={group.id}>
              <a href={url(`/groups/${group.full_path}`)}>
                <Avatar
                  entityId={group.id}
                  entityName={group.name}
                  src={group.avatar_url ?? undefined}
                  alt=""
                  shape="rect"
                  size={AVATAR_SIZE}
                />{' '}
                {group.full_name}
              </a>
              {group.description ? <p>{group.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <ListPagination pageInfo={pageInfo} />
    </BasicLayout>
  );
}
