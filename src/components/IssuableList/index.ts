export { IssuableList, ISSUABLE_LIST_TEXTS, type IssuableListProps } from './IssuableList';
export {
  IssuableListItem,
  ISSUABLE_LIST_ITEM_TEXTS,
  type IssuableListItemData,
  type IssuableListItemProps,
  type IssuableListPerson,
  type IssuableListTimeAgoOptions,
} from './IssuableListItem';
