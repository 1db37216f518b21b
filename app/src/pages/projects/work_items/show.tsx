/**
 * `projects:work_items:show` (`/{project}/-/work_items/{iid}`, GitLab's `Projects::WorkItemsController`
 * page, the spec's `workItems:show` view): any work item of the project by iid (issues, tasks,
 * incidents, objectives...), shown by `WorkItemPage` in the project's layout.
 */
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { graphqlQuery } from '../../../graphql.ts';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { ISSUES_TEXT } from '../issues/constants.ts';
import { useWorkItemRealtime } from '../issues/useWorkItemRealtime.ts';
import { WorkItemPage } from '../issues/WorkItemPage.tsx';
import { DISCUSSIONS_FIRST_PAGE, WORK_ITEM_BY_IID, type GqlWorkItem } from '../issues/workItemQueries.ts';
import { loadProject, type ProjectWithAccess } from '../settings/project.ts';

const NOT_FOUND = 404;

interface WorkItemData {
  project: ProjectWithAccess;
  workItem: GqlWorkItem;
}

export async function loader(args: LoaderFunctionArgs): Promise<WorkItemData> {
  const project = await loadProject(args);
  const result = await graphqlQuery<{ project: { workItems: { nodes: GqlWorkItem[] } } | null }>(
    clientFor(args),
    WORK_ITEM_BY_IID,
    { fullPath: project.path_with_namespace, iid: String(args.params.iid ?? ''), first: DISCUSSIONS_FIRST_PAGE },
  );
  const workItem = result.project?.workItems.nodes[0];
  if (!workItem) throw data(null, { status: NOT_FOUND });
  return { project, workItem };
}

export function Component() {
  const { project, workItem } = useLoaderData() as WorkItemData;
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
      // The project's work items are listed with its issues (no separate work item list here).
      list={{ title: ISSUES_TEXT.title, path: projectPath(project.path_with_namespace, '-/issues') }}
      layout={(props) => <ProjectLayout project={project} current="issues" {...props} />}
    />
  );
}
