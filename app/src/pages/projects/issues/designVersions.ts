/**
 * Design versions and deletion from a work item's page, loaded on demand by the designs widget:
 * the designs at an earlier version (GitLab's `designs(atVersion:)`) and `designManagementDelete`.
 */
import type { WorkItemDesign } from 'forgekit';
import { restClient } from 'forgekit/client';
import { graphqlMutate, graphqlQuery } from '../../../graphql.ts';

/** The designs of a work item at a version. */
export const DESIGNS_AT_VERSION = `query designsAtVersion($id: WorkItemID!, $atVersion: DesignManagementVersionID) {
  workItem(id: $id) { id widgets { ... on WorkItemWidgetDesigns {
    designCollection { designs(atVersion: $atVersion, first: 100) { nodes { id filename image event } } } } } }
}`;

/** GitLab's design deletion: a new version without the designs. */
export const DELETE_DESIGNS = `mutation deleteDesigns($input: DesignManagementDeleteInput!) {
  designManagementDelete(input: $input) { errors version { id } }
}`;

/** The designs of the work item `workItemId` as the version `versionId` shows them. */
export async function designsAtVersion(workItemId: string, versionId: string): Promise<WorkItemDesign[]> {
  const data = await graphqlQuery<{
    workItem: {
      widgets: { designCollection?: { designs: { nodes: WorkItemDesign[] } } | null }[];
    } | null;
  }>(restClient, DESIGNS_AT_VERSION, { id: workItemId, atVersion: versionId });
  return data.workItem?.widgets.find((widget) => widget.designCollection)?.designCollection?.designs.nodes ?? [];
}

/** Deletes the designs `filenames` of the item `iid` of `projectPath`. */
export async function deleteDesigns(projectPath: string, iid: string, filenames: readonly string[]): Promise<void> {
  await graphqlMutate(DELETE_DESIGNS, { input: { projectPath, iid, filenames } });
}
