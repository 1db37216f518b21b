export {
  WorkItemDevelopment,
  WORK_ITEM_DEVELOPMENT_TEXTS,
  MERGE_REQUEST_STATES,
  type MergeRequestState,
  type WorkItemBranch,
  type WorkItemDevelopmentProps,
  type WorkItemMergeRequest,
} from './WorkItemDevelopment';
