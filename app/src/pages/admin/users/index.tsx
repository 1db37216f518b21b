/**
 * `admin:users:index` (`/admin/users`): every user, searchable and paginated, with their state;
 * administrators block and unblock them (GitLab asks first, in a confirmation modal).
 */
import { Alert, Avatar, Badge, Button } from 'forgekit';
import { api, parsePageInfo, restClient, type PageInfo, type UserBasic } from 'forgekit/client';
import { useState } from 'react';
import { Form as RouterForm, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { AdminLayout } from '../../../layout/layouts.tsx';
import { clientFor } from '../../../page.ts';
import { apiErrorMessage } from '../../projects/settings/project.ts';
import { requireAdmin } from '../admin.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';
import { confirmAction } from '../../../layout/confirm.ts';

/** The page's texts (GitLab's). */
export const ADMIN_USERS_TEXT = {
  title: 'Users',
  search: 'Search by name, email, or username',
  empty: 'No users found',
  admin: 'Admin',
  blocked: 'Blocked',
  bot: 'Bot',
  block: 'Block',
  unblock: 'Unblock',
  blockTitle: (name: string) => `Block user ${name}?`,
  blockMessage: 'A blocked user cannot sign in or use the API; their issues, merge requests and comments remain.',
  unblockTitle: (name: string) => `Unblock user ${name}?`,
  unblockMessage: 'You can always block their account again if needed.',
  failed: 'An error occurred while changing the user.',
} as const;

/** Users per page. */
export const ADMIN_USERS_PER_PAGE = 20;

/** A user as administrators list them. */
export interface AdminUser extends UserBasic {
  is_admin?: boolean;
  bot?: boolean;
  email?: string;
}

interface UsersData {
  users: AdminUser[];
  pageInfo: PageInfo;
  search: string;
}

export async function loader(args: LoaderFunctionArgs): Promise<UsersData> {
  await requireAdmin(args);
  const query = new URL(args.request.url).searchParams;
  const search = query.get('search') ?? '';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const response = await clientFor(args).get<AdminUser[]>(api`/users`, {
    params: { search: search || undefined, page, per_page: ADMIN_USERS_PER_PAGE, order_by: 'name', sort: 'asc' },
  });
  return { users: response.data, pageInfo: parsePageInfo(response.headers), search };
}

export function Component() {
  const { users, pageInfo, search } = useLoaderData() as UsersData;
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);

  async function setBlocked(user: AdminUser, blocked: boolean) {
    const confirmed = await confirmAction(blocked ? ADMIN_USERS_TEXT.blockMessage : ADMIN_USERS_TEXT.unblockMessage, {
      title: blocked ? ADMIN_USERS_TEXT.blockTitle(user.name) : ADMIN_USERS_TEXT.unblockTitle(user.name),
      primaryBtnText: blocked ? ADMIN_USERS_TEXT.block : ADMIN_USERS_TEXT.unblock,
      primaryBtnVariant: blocked ? 'danger' : 'confirm',
    });
    if (!confirmed) return;
    try {
      await restClient.post(api`/users/${user.id}/${blocked ? 'block' : 'unblock'}`);
      setError(null);
      await revalidator.revalidate();
    } catch (failure) {
      setError(apiErrorMessage(failure, ADMIN_USERS_TEXT.failed));
    }
  }

  return (
    <AdminLayout current="users" title={ADMIN_USERS_TEXT.title}>
      <h1>{ADMIN_USERS_TEXT.title}</h1>
      <RouterForm role="search" method="get" aria-label={ADMIN_USERS_TEXT.title}>
        <label>
          {ADMIN_USERS_TEXT.search} <input type="search" name="search" defaultValue={search} />
        </label>
      </RouterForm>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {users.length === 0 ? (
        <p>{ADMIN_USERS_TEXT.empty}</p>
      ) : (
        <ul aria-label={ADMIN_USERS_TEXT.title}>
          {users.map((user) => {
            const isBlocked = user.state === 'blocked';
            return (
              <li key={user.id} data-username={user.username}>
                <Avatar entityId={user.id} entityName={user.name} src={user.avatar_url ?? undefined} alt="" size={32} />{' '}
                <a href={user.web_url}>{user.name}</a> @{user.username}{' '}
                {user.is_admin ? <Badge variant="info">{ADMIN_USERS_TEXT.admin}</Badge> : null}{' '}
                {user.bot ? <Badge variant="neutral">{ADMIN_USERS_TEXT.bot}</Badge> : null}{' '}
                {isBlocked ? <Badge variant="danger">{ADMIN_USERS_TEXT.blocked}</Badge> : null}{' '}
                {user.email ? <span>{user.email}</span> : null}{' '}
                <Button
                  variant={isBlocked ? 'default' : 'danger'}
                  aria-label={`${isBlocked ? ADMIN_USERS_TEXT.unblock : ADMIN_USERS_TEXT.block} ${user.username}`}
                  onClick={() => void setBlocked(user, !isBlocked)}
                >
                  {isBlocked ? ADMIN_USERS_TEXT.unblock : ADMIN_USERS_TEXT.block}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ListPagination pageInfo={pageInfo} />
    </AdminLayout>
  );
}
