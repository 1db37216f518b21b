import type { AvatarStackItem } from '../Avatar';
import {
  WORK_ITEM_TYPES,
  WORK_ITEM_UPDATE_ERROR_MESSAGE,
  type WorkItemState,
  type WorkItemTypeName,
} from '../../utils/workItems';

/**
 * A work item as the hierarchy and linked-items widgets list it (GitLab's `WorkItem` fields of
 * the tree and linked-items queries), whatever the data source.
 */
export interface WorkItemLinkItem {
  /** Global id (`gid://gitlab/WorkItem/1`): what the callbacks get back. */
  id: string;
  title: string;
  /** Short reference shown after the title: `#12`, `group/project#12`, `&3`. */
  reference: string;
  /** The item's page. */
  webUrl?: string;
  type: WorkItemTypeName;
  state: WorkItemState;
  /** @default false */
  confidential?: boolean;
  assignees?: readonly AvatarStackItem[];
  labels?: readonly { title: string; color?: string }[];
}

/** A child in the hierarchy tree: a linked item that may have children of its own. */
export interface WorkItemChild extends WorkItemLinkItem {
  /** Whether an expander loads its own children (GitLab's `hasChildren`). @default false */
  hasChildren?: boolean;
}

/** Where a moved child lands, as GitLab's `workItemUpdate` hierarchy widget takes it. */
export interface WorkItemReorderInput {
  /** The sibling the moved child is placed next to. */
  adjacentWorkItemId: string;
  relativePosition: 'BEFORE' | 'AFTER';
}

/** GitLab's hierarchy widget texts (`work_item_links/`). */
export const WORK_ITEM_CHILDREN_TEXTS = {
  title: 'Child items',
  /** The title under an issue, whose children are tasks. */
  tasksTitle: 'Tasks',
  empty: 'No child items are currently assigned. Use child items to break down work into smaller parts.',
  tasksEmpty: 'No tasks are currently assigned. Use tasks to break down this issue into smaller parts.',
  add: 'Add',
  childRemoved: 'Child removed',
  undo: 'Undo',
  childRemovalReverted: 'Child removal reverted',
  /** A refused reorder: GitLab shows the update error. */
  reorderError: WORK_ITEM_UPDATE_ERROR_MESSAGE,
  /** The accessible name of the closed/total progress. */
  progressLabel: 'Closed child items',
  removeError: 'Something went wrong while removing child.',
  undoRemoveError: 'Something went wrong while undoing child removal.',
  addError: 'Something went wrong when trying to add a child item. Please try again.',
  createError: 'Something went wrong when trying to create a child item. Please try again.',
  fetchChildrenError: 'Something went wrong while fetching children.',
  titleLabel: 'Title',
  titlePlaceholder: 'Add a title',
  typeLabel: 'Type',
  confidentialLabel: 'Confidential',
  cancel: 'Cancel',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  parent: 'Parent',
  closed: 'Closed',
  dragHandle: 'Drag to reorder',
} as const;

/** 'New task' / 'Existing task': the add menu's entries per allowed child type. */
export function newChildLabel(type: WorkItemTypeName): string {
  return `New ${typeText(type)}`;
}
export function existingChildLabel(type: WorkItemTypeName): string {
  return `Existing ${typeText(type)}`;
}

/** The lower-case display name of a type (`key result`), as GitLab's `NAME_TO_TEXT_LOWERCASE_MAP`. */
export function typeText(type: WorkItemTypeName): string {
  return WORK_ITEM_TYPES[type].label.toLowerCase();
}

/** Under a confidential parent, the create form's confidentiality is forced on: why. */
export function confidentialChildHint(childType: WorkItemTypeName, parentType: WorkItemTypeName): string {
  return `A non-confidential ${typeText(childType)} cannot be assigned to a confidential parent ${typeText(parentType)}.`;
}

/** The refusal of non-confidential items picked to add under a confidential parent. */
export function nonConfidentialChildrenMessage(
  titles: readonly string[],
  childType: WorkItemTypeName,
  parentType: WorkItemTypeName,
): string {
  const child = typeText(childType);
  return `${titles.join(', ')} cannot be added: Cannot assign a non-confidential ${child} to a confidential parent ${typeText(parentType)}. Make the selected ${child} confidential and try again.`;
}

/** The live-region announcement after a keyboard move. */
export function movedAnnouncement(title: string, position: number, total: number): string {
  return `${title} moved to position ${position} of ${total}.`;
}

/**
 * GitLab's reorder parameters for moving the item at `oldIndex` to `newIndex` in `ids` (the order
 * before the move): the item now at `newIndex` is the neighbour, and the moved item goes before it
 * when moved up or to the top, after it when moved down or to the bottom.
 */
export function reorderInput(ids: readonly string[], oldIndex: number, newIndex: number): WorkItemReorderInput {
  const adjacentWorkItemId = ids[newIndex] ?? '';
  let relativePosition: WorkItemReorderInput['relativePosition'];
  if (newIndex === 0) relativePosition = 'BEFORE';
  else if (newIndex === ids.length - 1) relativePosition = 'AFTER';
  else relativePosition = oldIndex < newIndex ? 'AFTER' : 'BEFORE';
  return { adjacentWorkItemId, relativePosition };
}

/** `items` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}
