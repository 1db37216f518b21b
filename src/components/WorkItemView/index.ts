export {
  WorkItemView,
  WORK_ITEM_VIEW_ERRORS,
  WORK_ITEM_VIEW_SIDEBAR_LABEL,
  type WorkItemViewError,
  type WorkItemViewProps,
} from './WorkItemView';
