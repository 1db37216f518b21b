/**
 * `groups:epics:show` (`/groups/{full path}/-/epics/{iid}`): a group's epic as a work item (GitLab's
 * work item view), found by iid through `GET /groups/:id/epics/:iid` and read with every widget
 * through GraphQL, shown by `WorkItemPage` in the group's layout.
 */
import { api, type Group } from 'forgekit/client';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { graphqlQuery } from '../../../graphql.ts';
import { GroupLayout } from '../../../layout/layouts.tsx';
import { clientFor, getOrNull } from '../../../page.ts';
import { projectPathOf } from '../../../routing.ts';
import { useWorkItemRealtime } from '../../projects/issues/useWorkItemRealtime.ts';
import { WorkItemPage, preloadWorkItemRegions } from '../../projects/issues/WorkItemPage.tsx';
import { DISCUSSIONS_FIRST_PAGE, WORK_ITEM_BY_ID, type GqlWorkItem } from '../../projects/issues/workItemQueries.ts';
import { EPICS_TEXT } from './constants.ts';

const NOT_FOUND = 404;

interface EpicData {
  group: Group;
  workItem: GqlWorkItem;
}

export async function loader(args: LoaderFunctionArgs): Promise<EpicData> {
  const regions = preloadWorkItemRegions();
  const client = clientFor(args);
  const group = await getOrNull<Group>(client, `${api`/groups/${projectPathOf(args.params)}`}?with_projects=false`);
  const iid = String(args.params.iid ?? '');
  const epic =
    group && /^\d+$/.test(iid)
      ? await getOrNull<{ work_item_id: number }>(client, api`/groups/${group.id}/epics/${iid}`)
      : null;
  if (!group || !epic) throw data(null, { status: NOT_FOUND });
  const result = await graphqlQuery<{ workItem: GqlWorkItem | null }>(client, WORK_ITEM_BY_ID, {
    id: `gid://gitlab/WorkItem/${epic.work_item_id}`,
    first: DISCUSSIONS_FIRST_PAGE,
  });
  if (!result.workItem) throw data(null, { status: NOT_FOUND });
  await regions;
  return { group, workItem: result.workItem };
}

export function Component() {
  const { group, workItem } = useLoaderData() as EpicData;
  useWorkItemRealtime(workItem.id);
  return (
    <WorkItemPage
      workItem={workItem}
      namespace={{ kind: 'group', fullPath: group.full_path, name: group.full_name, webUrl: group.web_url }}
      list={{ title: EPICS_TEXT.title, path: `/groups/${group.full_path}/-/epics` }}
      layout={(props) => <GroupLayout group={group} current="epics" {...props} />}
    />
  );
}
