/**
 * Work items: the types, widgets, link types, hierarchy rules, limits and messages of the
 * product's issues, epics and work items (spec sections 3 to 9), named once for every component,
 * page and test that needs them.
 */

/** The 8 work item types, by their GraphQL `WorkItemType.name` (spec section 3). */
export const WORK_ITEM_TYPE_NAMES = [
  'Incident',
  'Issue',
  'Task',
  'Test Case',
  'Requirement',
  'Objective',
  'Key Result',
  'Epic',
] as const;

export type WorkItemTypeName = (typeof WORK_ITEM_TYPE_NAMES)[number];

/** How each work item type is shown: its display label, its icon and its issuable type name. */
export const WORK_ITEM_TYPES: Readonly<
  Record<WorkItemTypeName, { label: string; icon: string; issuableType: IssuableTypeName }>
> = {
  Incident: { label: 'Incident', icon: 'issue-type-incident', issuableType: 'incident' },
  Issue: { label: 'Issue', icon: 'issue-type-issue', issuableType: 'issue' },
  Task: { label: 'Task', icon: 'issue-type-task', issuableType: 'task' },
  'Test Case': { label: 'Test case', icon: 'issue-type-test-case', issuableType: 'test_case' },
  Requirement: { label: 'Requirements', icon: 'issue-type-requirements', issuableType: 'requirement' },
  Objective: { label: 'Objective', icon: 'issue-type-objective', issuableType: 'objective' },
  'Key Result': { label: 'Key result', icon: 'issue-type-keyresult', issuableType: 'key_result' },
  Epic: { label: 'Epic', icon: 'epic', issuableType: 'epic' },
};

/** Issuable type names (spec section 3) and the label each is displayed with. */
export const ISSUABLE_TYPE_LABELS = {
  issue: 'issue',
  epic: 'epic',
  merge_request: 'merge request',
  alert: 'alert',
  incident: 'incident',
  test_case: 'test case',
  key_result: 'key result',
  objective: 'objective',
  task: 'task',
  requirement: 'requirement',
  milestone: 'milestone',
  group: 'group',
  project: 'project',
} as const;

export type IssuableTypeName = keyof typeof ISSUABLE_TYPE_LABELS;

/** Which types may be the parent of which (spec section 4), keyed by the child's type. */
export const ALLOWED_PARENT_TYPES: Readonly<Record<WorkItemTypeName, readonly WorkItemTypeName[]>> = {
  Objective: ['Objective'],
  'Key Result': ['Objective'],
  Task: ['Issue'],
  Issue: ['Epic'],
  Epic: ['Epic'],
  Incident: [],
  'Test Case': [],
  Requirement: [],
};

/** The types a work item of `parentType` may have as children (the inverse of {@link ALLOWED_PARENT_TYPES}). */
export function allowedChildTypes(parentType: WorkItemTypeName): WorkItemTypeName[] {
  return WORK_ITEM_TYPE_NAMES.filter((child) => ALLOWED_PARENT_TYPES[child].includes(parentType));
}

/** The widgets a work item can have (spec section 3), by their GraphQL `WorkItemWidgetType`. */
export const WORK_ITEM_WIDGET_TYPES = [
  'ASSIGNEES',
  'DESCRIPTION',
  'AWARD_EMOJI',
  'NOTIFICATIONS',
  'CURRENT_USER_TODOS',
  'LABELS',
  'START_AND_DUE_DATE',
  'TIME_TRACKING',
  'ROLLEDUP_DATES',
  'WEIGHT',
  'PARTICIPANTS',
  'PROGRESS',
  'HIERARCHY',
  'MILESTONE',
  'ITERATION',
  'NOTES',
  'HEALTH_STATUS',
  'LINKED_ITEMS',
  'COLOR',
  'DESIGNS',
  'DEVELOPMENT',
] as const;

export type WorkItemWidgetType = (typeof WORK_ITEM_WIDGET_TYPES)[number];

/** Work item states and the events that move between them (spec section 4). */
export const WORK_ITEM_STATES = { open: 'OPEN', closed: 'CLOSED' } as const;
export const WORK_ITEM_STATE_EVENTS = { close: 'CLOSE', reopen: 'REOPEN' } as const;
export type WorkItemState = (typeof WORK_ITEM_STATES)[keyof typeof WORK_ITEM_STATES];

/** Link types between work items: the REST form and the GraphQL form (spec section 3). */
export const WORK_ITEM_LINK_TYPES = [
  { rest: 'relates_to', graphql: 'RELATED', label: 'relates to' },
  { rest: 'blocks', graphql: 'BLOCKS', label: 'blocks' },
  { rest: 'is_blocked_by', graphql: 'BLOCKED_BY', label: 'is blocked by' },
] as const;

export type WorkItemLinkType = (typeof WORK_ITEM_LINK_TYPES)[number]['graphql'];

/** At most this many work items are added (as children or links) at once (spec sections 5 and 9). */
export const MAX_WORK_ITEMS_AT_ONCE = 10;
/** The two refusals of an eleventh item (spec section 5). */
export const TOO_MANY_WORK_ITEMS_MESSAGE = `Only ${MAX_WORK_ITEMS_AT_ONCE} items can be added at a time.`;
export const MAX_WORK_ITEMS_HINT = `Add a maximum of ${MAX_WORK_ITEMS_AT_ONCE} items at a time.`;

/** Work item page sizes (spec section 9). */
export const WORK_ITEM_PAGE_SIZES = { default: 30, large: 100, all: 500 } as const;
/** Lines of the work item skeleton placeholder (spec section 9: 4, against the loader's default 3). */
export const WORK_ITEM_SKELETON_LINES = 4;

/** Notes filter and sort (spec section 4), and the storage keys that remember them. */
export const NOTES_FILTERS = {
  all: 'ALL_NOTES',
  comments: 'ONLY_COMMENTS',
  history: 'ONLY_ACTIVITY',
} as const;
export const NOTES_FILTER_LABELS: Readonly<Record<keyof typeof NOTES_FILTERS, string>> = {
  all: 'All activity',
  comments: 'Comments only',
  history: 'History only',
};
export type NotesFilter = keyof typeof NOTES_FILTERS;
export const NOTES_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type NotesSortDirection = (typeof NOTES_SORT_DIRECTIONS)[number];
export const NOTES_FILTER_STORAGE_KEY = 'filter_key_work_item';
export const NOTES_SORT_STORAGE_KEY = 'sort_direction_work_item';

/** Error texts of spec sections 6 and 8. */
export const WORK_ITEM_NOT_AVAILABLE_MESSAGE =
  "This work item is not available. It either doesn't exist or you don't have permission to view it.";
export const WORK_ITEM_NOT_FOUND_MESSAGE = 'Work item not found';
export const WORK_ITEM_UPDATE_ERROR_MESSAGE = 'Something went wrong while updating the work item. Please try again.';
export const NO_MATCHES_FOUND_MESSAGE = 'No matches found';
export const USER_BLOCKED_TEXT = 'User is blocked';
export const USER_BUSY_TEXT = 'Busy';

/** 'Are you sure you want to delete the {type}? This action cannot be reversed.' (spec section 8). */
export function deleteWorkItemMessage(typeLabel: string): string {
  return `Are you sure you want to delete the ${typeLabel.toLowerCase()}? This action cannot be reversed.`;
}

/** The toasts after creating and deleting: '{Type} created', '{Type} deleted'. */
export function workItemCreatedMessage(typeLabel: string): string {
  return `${typeLabel} created`;
}
export function workItemDeletedMessage(typeLabel: string): string {
  return `${typeLabel} deleted`;
}

/** The variant of {@link deleteWorkItemMessage} for an item with children, which are released, not deleted. */
export function deleteWorkItemWithChildrenMessage(typeLabel: string): string {
  const type = typeLabel.toLowerCase();
  return `Delete this ${type} and release all child items? This action cannot be reversed.`;
}

/**
 * The confidentiality notice (spec section 6): confidential issues are visible to Reporters, the
 * author and the assignees; every other type to Reporters alone.
 */
export function confidentialityMessage(options: {
  /** Whether the item belongs to a project or to a group (epics). */
  namespace: 'project' | 'group';
  /** The issuable type name, e.g. `issue`, `epic`, `task`. */
  issuableType: IssuableTypeName;
}): string {
  const who =
    options.issuableType === 'issue'
      ? 'at least the Reporter role, the author, and assignees'
      : 'at least the Reporter role';
  const label = ISSUABLE_TYPE_LABELS[options.issuableType];
  return `Only ${options.namespace} members with ${who} can view or be notified about this ${label}.`;
}

/** What a sidebar attribute shows when it has no value. */
export const WORK_ITEM_NONE_TEXT = 'None';

/**
 * GitLab's update failure of one widget, naming the item's type:
 * 'Something went wrong while updating the {type}. Please try again.'.
 */
export function workItemUpdateErrorMessage(typeLabel: string): string {
  return `Something went wrong while updating the ${typeLabel.toLowerCase()}. Please try again.`;
}

/** The heading of each sidebar widget (GitLab's widget names). */
export const WORK_ITEM_WIDGET_LABELS = {
  ASSIGNEES: 'Assignees',
  LABELS: 'Labels',
  START_AND_DUE_DATE: 'Dates',
  ROLLEDUP_DATES: 'Dates',
  MILESTONE: 'Milestone',
  ITERATION: 'Iteration',
  WEIGHT: 'Weight',
  HEALTH_STATUS: 'Health status',
  TIME_TRACKING: 'Time tracking',
  PARTICIPANTS: 'Participants',
  PROGRESS: 'Progress',
  COLOR: 'Color',
  NOTIFICATIONS: 'Notifications',
  CURRENT_USER_TODOS: 'To-do item',
} as const satisfies Partial<Record<WorkItemWidgetType, string>>;
