export {
  WorkItemSidebar,
  WORK_ITEM_SIDEBAR_WIDGET_TYPES,
  type WorkItemSidebarProps,
  type WorkItemSidebarWidgets,
} from './WorkItemSidebar';
