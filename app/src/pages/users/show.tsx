/** `users:show`: a user's profile at `/{username}` (reached through pages/namespaces/show.tsx). */
import { api, type UserBasic } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { clientFor } from '../../page.ts';
import { BasicLayout } from '../../layout/layouts.tsx';

export const PAGE_ID = 'users:show';

/** The user named `fullPath`, or `null` (a user's path is one segment). */
export async function load(args: LoaderFunctionArgs, fullPath: string): Promise<{ user: UserBasic } | null> {
  if (fullPath.includes('/')) return null;
  const { data } = await clientFor(args).get<UserBasic[]>(api`/users`, { params: { username: fullPath } });
  return data[0] ? { user: data[0] } : null;
}

export function View() {
  const { user } = (useLoaderData() as { found: { user: UserBasic } }).found;
  return (
    <BasicLayout title={`${user.name} (@${user.username})`}>
      <h1>{user.name}</h1>
      <p>@{user.username}</p>
    </BasicLayout>
  );
}
