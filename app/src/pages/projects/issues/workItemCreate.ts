/**
 * Creating a work item (GitLab's `workItemCreate`): the mutation and the base type ids, apart from
 * the work item page's other documents (`workItemQueries.ts` re-exports them), so that the epic
 * list, which creates epics, loads only these.
 */
import type { WorkItemTypeName } from 'forgekit';

/** A work item as the hierarchy and linked-items widgets list it. */
export const LINK_ITEM = 'id title reference webUrl state confidential workItemType { name }';

/**
 * GitLab's base work item type ids (`WorkItems::Type`, as GitLab seeds them and this server keeps
 * them): what `workItemCreate` takes as `workItemTypeId`.
 */
export const WORK_ITEM_TYPE_IDS: Readonly<Record<WorkItemTypeName, number>> = {
  Issue: 1,
  Incident: 2,
  'Test Case': 3,
  Requirement: 4,
  Task: 5,
  Objective: 6,
  'Key Result': 7,
  Epic: 8,
};

export const CREATE_WORK_ITEM = `mutation workItemCreate($input: WorkItemCreateInput!) {
  workItemCreate(input: $input) { errors workItem { ${LINK_ITEM} } }
}`;
