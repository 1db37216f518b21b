export {
  WorkItemDescription,
  WorkItemDescriptionConflictError,
  WORK_ITEM_DESCRIPTION_TEXTS,
  taskCompletionText,
  type WorkItemDescriptionEditor,
  type WorkItemDescriptionProps,
} from './WorkItemDescription';
export { toggleTaskListItem, type TaskListItemChange } from './taskListToggle';
