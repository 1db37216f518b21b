export { WorkItemChildren, type WorkItemChildrenProps, type WorkItemChildInput } from './WorkItemChildren';
export { WorkItemCard, WORK_ITEM_CARD_TEXTS, type WorkItemCardProps } from './WorkItemCard';
export { WorkItemRow, WORK_ITEM_ROW_TEXTS, type WorkItemRowProps } from './WorkItemRow';
export { WorkItemSearch, WORK_ITEM_SEARCH_DEBOUNCE, type WorkItemSearchProps } from './WorkItemSearch';
export {
  WORK_ITEM_CHILDREN_TEXTS,
  confidentialChildHint,
  existingChildLabel,
  newChildLabel,
  nonConfidentialChildrenMessage,
  reorderInput,
  type WorkItemChild,
  type WorkItemLinkItem,
  type WorkItemReorderInput,
} from './workItemLinks';
