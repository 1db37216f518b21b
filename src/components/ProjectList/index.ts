export { ProjectList, PROJECT_LIST_EMPTY_TITLES, PROJECT_LIST_FETCH_ERROR, type ProjectListProps } from './ProjectList';
export {
  ProjectListItem,
  PROJECT_LIST_AVATAR_SIZE,
  PROJECT_LIST_ITEM_LABELS,
  type ProjectListItemData,
  type ProjectListItemProps,
  type ProjectListKind,
  type ProjectListTimeAgoOptions,
} from './ProjectListItem';
