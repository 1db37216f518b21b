/** `dashboard:projects:starred`: the projects the signed-in user starred, at `/dashboard/projects/starred`, paginated. */
import { api, parsePageInfo, type Project, type User } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../../layout/layouts.tsx';
import { clientFor } from '../../../page.ts';
import { requireSignIn } from '../../../session.ts';
import { ListPagination, requestedPage } from '../../../layout/ListPagination.tsx';
import { ProjectItems } from '../../users/profile.tsx';

/** The page's title (GitLab's tab name). */
export const STARRED_TITLE = 'Starred projects';

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const client = clientFor(args);
  const { data: me } = await client.get<User>(api`/user`);
  const response = await client.get<Project[]>(api`/users/${me.id}/starred_projects`, {
    params: { page: requestedPage(args.request) },
  });
  return { projects: response.data, pageInfo: parsePageInfo(response.headers) };
}

export function Component() {
  const { projects, pageInfo } = useLoaderData<typeof loader>();
  return (
    <BasicLayout title={STARRED_TITLE}>
      <h1>{STARRED_TITLE}</h1>
      <ProjectItems projects={projects} label={STARRED_TITLE} />
      <ListPagination pageInfo={pageInfo} />
    </BasicLayout>
  );
}
