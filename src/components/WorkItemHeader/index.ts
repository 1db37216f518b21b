export {
  WorkItemHeader,
  showWorkItemCreatedToast,
  showWorkItemDeletedToast,
  type WorkItemAuthor,
  type WorkItemHeaderProps,
  type WorkItemParent,
} from './WorkItemHeader';
export { WORK_ITEM_HEADER_TEXTS, workItemHeaderMessages, workItemTypeText } from './messages';
