/** `dashboard:activity`: the signed-in user's activity (GET /events) at `/dashboard/activity`, paginated. */
import { api, parsePageInfo } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';
import { clientFor } from '../../page.ts';
import { requireSignIn } from '../../session.ts';
import { ListPagination, requestedPage } from '../../layout/ListPagination.tsx';
import { EventList, type UserEvent } from '../users/profile.tsx';

/** The page's title (GitLab's). */
export const ACTIVITY_TITLE = 'Activity';

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const response = await clientFor(args).get<UserEvent[]>(api`/events`, {
    params: { page: requestedPage(args.request) },
  });
  return { events: response.data, pageInfo: parsePageInfo(response.headers) };
}

export function Component() {
  const { events, pageInfo } = useLoaderData<typeof loader>();
  return (
    <BasicLayout title={ACTIVITY_TITLE}>
      <h1>{ACTIVITY_TITLE}</h1>
      <EventList events={events} />
      <ListPagination pageInfo={pageInfo} />
    </BasicLayout>
  );
}
