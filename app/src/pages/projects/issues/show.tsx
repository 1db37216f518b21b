/**
 * `projects:issues:show` (`/{project}/-/issues/{iid}`): the issue as a work item (GitLab's work
 * item view), read through GraphQL in one query and shown by `WorkItemPage` in the project's layout.
 */
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { graphqlQuery } from '../../../graphql.ts';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ISSUES_TEXT } from './constants.ts';
import { useWorkItemRealtime } from './useWorkItemRealtime.ts';
import { WorkItemPage, preloadWorkItemRegions } from './WorkItemPage.tsx';
import { DISCUSSIONS_FIRST_PAGE, WORK_ITEM_BY_IID, type GqlWorkItem } from './workItemQueries.ts';

const NOT_FOUND = 404;

interface IssueData {
  project: ProjectWithAccess;
  workItem: GqlWorkItem;
}

export async function loader(args: LoaderFunctionArgs): Promise<IssueData> {
  const regions = preloadWorkItemRegions();
  const project = await loadProject(args);
  const result = await graphqlQuery<{ project: { workItems: { nodes: GqlWorkItem[] } } | null }>(
    clientFor(args),
    WORK_ITEM_BY_IID,
    { fullPath: project.path_with_namespace, iid: String(args.params.iid ?? ''), first: DISCUSSIONS_FIRST_PAGE },
  );
  const workItem = result.project?.workItems.nodes[0];
  if (!workItem) throw data(null, { status: NOT_FOUND });
  await regions;
  return { project, workItem };
}

export function Component() {
  const { project, workItem } = useLoaderData() as IssueData;
  useWorkItemRealtime(workItem.id);
  return (
    <WorkItemPage
      workItem={workItem}
      namespace={{
        kind: 'project',
        fullPath: project.path_with_namespace,
        name: project.name_with_namespace,
        webUrl: project.web_url,
      }}
      list={{ title: ISSUES_TEXT.title, path: projectPath(project.path_with_namespace, '-/issues') }}
      layout={(props) => <ProjectLayout project={project} current="issues" {...props} />}
    />
  );
}
