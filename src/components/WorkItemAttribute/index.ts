export {
  WorkItemAttribute,
  WORK_ITEM_ATTRIBUTE_SKELETON_LINES,
  WORK_ITEM_ATTRIBUTE_TEXTS,
  type WorkItemAttributeControls,
  type WorkItemAttributeEditor,
  type WorkItemAttributeProps,
} from './WorkItemAttribute';
export {
  WorkItemAttributeListbox,
  WORK_ITEM_LISTBOX_SKELETON_LINES,
  WORK_ITEM_LISTBOX_TEXTS,
  type AttributeOption,
  type AttributeOptionGroup,
  type WorkItemAttributeListboxProps,
} from './WorkItemAttributeListbox';
export { useOptimisticValue, type OptimisticValue } from './useOptimisticValue';
export { useAttributeSearch, WORK_ITEM_SEARCH_DEBOUNCE_MS, type AttributeSearch } from './useAttributeSearch';
