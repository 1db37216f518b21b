export {
  WorkItemLinkedItems,
  WORK_ITEM_LINKED_ITEMS_TEXTS,
  linkedItemsCountLabel,
  type WorkItemLinkedItem,
  type WorkItemLinkedItemsProps,
} from './WorkItemLinkedItems';
